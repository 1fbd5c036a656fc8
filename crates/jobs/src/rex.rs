//! Rex jobs (solve, map, table, suite, bench). Filled in as they move out of the CLI.
