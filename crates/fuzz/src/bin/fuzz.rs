//! The long-run fuzz driver: `fuzz TARGET EXECUTIONS SEED [CRASH_DIR]` runs one target (or
//! `all`) on EXECUTIONS mutated inputs, catching panics; prints one line per target
//! (`target executions seconds crashes`) and writes each crashing input (the first ten) to
//! CRASH_DIR. Exit code 1 if anything crashed, 2 on a bad command line.

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!("usage: fuzz TARGET|all EXECUTIONS SEED [CRASH_DIR]; targets:");
        for t in fuzz_targets::TARGETS {
            eprintln!("  {}", t.name);
        }
        std::process::exit(2)
    };
    if args.len() < 3 {
        usage();
    }
    let (Ok(executions), Ok(seed)) = (args[1].parse::<u64>(), args[2].parse::<u64>()) else {
        usage()
    };
    let targets: Vec<&fuzz_targets::Target> = if args[0] == "all" {
        fuzz_targets::TARGETS.iter().collect()
    } else {
        match fuzz_targets::target(&args[0]) {
            Some(t) => vec![t],
            None => usage(),
        }
    };
    let crash_dir = args.get(3).map(std::path::PathBuf::from);
    // Panics are counted, not printed one by one.
    std::panic::set_hook(Box::new(|_| {}));
    let mut crashed = false;
    for t in targets {
        let start = Instant::now();
        let stats = fuzz_targets::run_target(t, executions, seed, true);
        println!(
            "{} {} {:.1} {}",
            t.name,
            stats.executions,
            start.elapsed().as_secs_f64(),
            stats.crashes
        );
        if let Some(dir) = &crash_dir {
            for (i, input) in stats.crashing_inputs.iter().enumerate() {
                let _ = std::fs::create_dir_all(dir);
                let _ = std::fs::write(dir.join(format!("{}-{seed}-{i}", t.name)), input);
            }
        }
        crashed |= stats.crashes > 0;
    }
    std::process::exit(i32::from(crashed));
}
