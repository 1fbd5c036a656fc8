//! gsolve's jobs: the layer between the solvers and the `gsolve` binary.
//!
//! A job is a function of a typed config and a progress sink ([`Progress`]). It runs the work,
//! owns stopping (time, gap, node budgets), checkpoints and resume, and writes its
//! self-describing result files. The CLI maps arguments to configs, draws progress bars and
//! prints; scripts, tests and benches call the same jobs (no copies).

#![warn(missing_docs)]

pub mod balance;
pub mod balance_fit;
pub mod clock;
pub mod coins;
pub mod darkhex;
pub mod human;
pub mod merge;
pub mod output;
pub mod perft;
pub mod perft_shard;
pub mod progress;
pub mod replay;
pub mod rex;
pub mod search;
pub mod search_bench;
pub mod selfplay;
pub mod selfplay_journal;
pub mod selfplay_shard;
pub mod shard;
pub mod stop;

pub use output::{JobError, JobResult};
pub use progress::{NoProgress, Progress};
