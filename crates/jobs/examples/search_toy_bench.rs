//! The search benchmark on the search crate's toy games (`jobs::search_bench::toy_bench`):
//! `cargo run --release -p jobs --example search_toy_bench -- [SECONDS] [OUT]`, by default 10 s
//! per position into `runs/search/toy-bench.md` (`scripts/search-toy-bench.sh` refreshes the
//! committed `results/search/toy-bench.md`).

fn main() {
    let mut args = std::env::args().skip(1);
    let seconds: f64 = match args.next().map(|s| s.parse()) {
        None => 10.0,
        Some(Ok(s)) => s,
        Some(Err(e)) => {
            eprintln!("error: SECONDS: {e}");
            std::process::exit(2);
        }
    };
    let out = args
        .next()
        .unwrap_or_else(|| "runs/search/toy-bench.md".to_string());
    let command = "scripts/search-toy-bench.sh";
    match jobs::search_bench::toy_bench(seconds, out.as_ref(), command, &jobs::NoProgress) {
        Ok((_, md)) => {
            print!("{md}");
            println!("\nwritten to {out}");
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(match e {
                jobs::JobError::Input(_) => 2,
                jobs::JobError::Runtime(_) => 1,
            });
        }
    }
}
