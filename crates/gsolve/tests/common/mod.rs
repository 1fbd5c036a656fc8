//! Running the real `gsolve` binary for the reliability tests: exit code, stdout, stderr, with
//! optional stdin, working folder and a hang guard.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    /// Exit code (-1 when killed by a signal or by the hang guard).
    pub code: i32,
    /// Standard output, lossily decoded.
    pub stdout: String,
    /// Standard error, lossily decoded.
    pub stderr: String,
    /// Bytes written to stdout and stderr together.
    pub bytes: usize,
    /// The run was killed after the time limit.
    pub hung: bool,
}

/// Run `gsolve args` with `stdin` in `dir` (the test's folder when `None`), killed after
/// `limit`.
pub fn gsolve_in<S: AsRef<std::ffi::OsStr>>(
    args: &[S],
    stdin: &[u8],
    dir: Option<&Path>,
    limit: Duration,
) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gsolve"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    run(cmd, stdin, limit)
}

/// Run a prepared command (arguments that are not UTF-8, for instance). Both pipes are
/// drained while it runs, so that a chatty run cannot block on a full pipe.
pub fn run(mut cmd: Command, stdin: &[u8], limit: Duration) -> Run {
    use std::io::Read;
    let mut child = cmd.spawn().expect("the gsolve binary starts");
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut buf);
            }
            buf
        })
    };
    let out = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let mut input = child.stdin.take().expect("stdin piped");
    let stdin = stdin.to_vec();
    let feed = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let start = Instant::now();
    let mut hung = false;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            hung = true;
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = feed.join();
    let (stdout, stderr) = (out.join().unwrap(), err.join().unwrap());
    Run {
        code: status.and_then(|s| s.code()).unwrap_or(-1),
        bytes: stdout.len() + stderr.len(),
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        hung,
    }
}

/// Run `gsolve args` (no stdin, 60 s guard).
pub fn gsolve<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Run {
    gsolve_in(args, b"", None, Duration::from_secs(60))
}

/// `darkhex solve --rows 2 --cols 2 --algo ALGO` followed by `extra`: the quick CFR run.
pub fn darkhex_2x2(algo: &str, extra: &[&str]) -> Vec<String> {
    [
        "darkhex", "solve", "--rows", "2", "--cols", "2", "--algo", algo,
    ]
    .iter()
    .chain(extra)
    .map(|s| s.to_string())
    .collect()
}

/// A fresh empty folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gsolve-rel-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// No Rust panic or debug text in a run's output.
pub fn assert_no_panic(r: &Run, what: &str) {
    for needle in [
        "panicked",
        "RUST_BACKTRACE",
        "stack backtrace",
        "Input(\"",
        "Runtime(\"",
    ] {
        assert!(
            !r.stderr.contains(needle) && !r.stdout.contains(needle),
            "{what}: {needle:?} in the output: {}",
            &r.stderr[..r.stderr.len().min(500)]
        );
    }
}

/// A run rejected as bad input: exit 2, not hung, no panic, the message naming `needle`, at
/// most `max_bytes` of output; with `json`, exactly one JSON object on stdout, with
/// `exit_code` 2.
pub fn assert_bad_input(r: &Run, what: &str, needle: &str, json: bool, max_bytes: usize) {
    assert!(!r.hung, "{what}: hung");
    assert_no_panic(r, what);
    assert_eq!(r.code, 2, "{what}: exit {} ({})", r.code, short(&r.stderr));
    assert!(
        r.stderr.contains(needle),
        "{what}: the message does not name {needle:?}: {}",
        short(&r.stderr)
    );
    assert!(r.bytes <= max_bytes, "{what}: {} bytes of output", r.bytes);
    if json {
        let v = one_json_object(&r.stdout, what);
        assert_eq!(v["exit_code"], 2, "{what}: {v}");
        assert!(v["error"].is_string(), "{what}: {v}");
    }
}

/// The single JSON object on `stdout` (panics unless stdout is exactly one object).
pub fn one_json_object(stdout: &str, what: &str) -> serde_json::Value {
    let mut stream = serde_json::Deserializer::from_str(stdout).into_iter::<serde_json::Value>();
    let first = match stream.next() {
        Some(Ok(v)) => v,
        other => panic!("{what}: stdout is not one JSON object: {other:?} in {stdout:?}"),
    };
    assert!(first.is_object(), "{what}: {first}");
    assert!(
        stream.next().is_none(),
        "{what}: more than one JSON value on stdout: {stdout:?}"
    );
    first
}

/// The first 300 bytes of `s` (for assertion messages).
pub fn short(s: &str) -> &str {
    let mut end = s.len().min(300);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}
