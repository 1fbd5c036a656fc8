//! A closed output pipe (`gsolve … | head -1`) ends the real binary quietly: killed by SIGPIPE
//! at its first write to the pipe, with nothing on stderr (no "failed printing to stdout:
//! Broken pipe" panic, no backtrace).
//!
//! The pipe's read end is closed before gsolve starts, so that its first write fails for sure
//! (with a reader that closes after the first line, a run whose whole output fits in the pipe's
//! buffer would never see the closed pipe): the write end is the stdin of a `true` process that
//! has already exited.

#![cfg(unix)]

use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// SIGPIPE's number (13 on Linux, the BSDs and macOS).
const SIGPIPE: i32 = 13;

/// The write end of a pipe whose read end is closed.
fn closed_pipe() -> Stdio {
    let mut reader = Command::new("true")
        .stdin(Stdio::piped())
        .spawn()
        .expect("`true` runs");
    let writer = reader.stdin.take().expect("piped");
    reader.wait().expect("`true` exits");
    Stdio::from(writer)
}

/// Run `gsolve args` with stdout on a closed pipe and `input` on stdin: its status and stderr.
fn run_into_closed_pipe(args: &[&str], input: &[u8]) -> (ExitStatus, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gsolve"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::piped())
        .stdout(closed_pipe())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gsolve starts");
    // A process killed before it reads its input closes the pipe: the write may fail.
    let _ = child.stdin.take().expect("piped").write_all(input);
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{args:?}: still running after 60 s"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = child.wait_with_output().expect("stderr read");
    (
        out.status,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_stdout_pipe_ends_every_kind_of_command_quietly() {
    let cases: [(&[&str], &[u8]); 6] = [
        (&["hexecs", "show"], b""),
        (&["--json", "dola", "perft", "--depth", "2"], b""),
        (&["rex", "solve", "--size", "3x3"], b""),
        (&["coins", "solve", "--coins", "4", "--weighings", "2"], b""),
        // The protocol loops answer each command on stdout.
        (&["gtp"], b"name\nversion\nquit\n"),
        (&["dola", "uci"], b"uci\nisready\nquit\n"),
    ];
    for (args, input) in cases {
        let (status, stderr) = run_into_closed_pipe(args, input);
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.trim().is_empty(),
            "{args:?} wrote to stderr: {stderr}"
        );
        assert_eq!(
            status.signal(),
            Some(SIGPIPE),
            "{args:?}: {status:?} (expected the end by SIGPIPE)"
        );
    }
}

/// With stdout open the same commands succeed: the end above is the closed pipe's doing.
#[test]
fn the_same_commands_succeed_with_stdout_open() {
    for args in [
        &["hexecs", "show"][..],
        &["rex", "solve", "--size", "3x3"][..],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_gsolve"))
            .args(args)
            .output()
            .expect("gsolve runs");
        assert!(out.status.success(), "{args:?}: {out:?}");
        assert!(!out.stdout.is_empty(), "{args:?} printed nothing");
    }
}
