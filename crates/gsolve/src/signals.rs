//! SIGTERM and SIGINT as a request to stop, for the jobs that honour one ([`jobs::stop`]).
//!
//! A batch system ends a job at its time limit with SIGTERM (Slurm then waits `KillWait`,
//! 30 s by default, before SIGKILL), and a person stops a run with Ctrl-C. By default either
//! ends the process at once: the job keeps only its last checkpoint and prints nothing. A
//! command that calls [`stop_on_signals`] instead lets the job stop as at its `--time` limit
//! (a final save, the summary, the one `--json` object); it then calls [`end_if_signalled`],
//! which ends the process by the same signal, so the calling shell or batch system still sees
//! a run ended by that signal (a shell loop over runs stops on Ctrl-C). A second signal while
//! the job stops ends the process at once (exit status 128 + the signal's number).
//!
//! Only commands whose job polls the flag often (the solver polls it every 1,024 nodes)
//! install the handler; every other command keeps the default action, so no command can
//! ignore a SIGTERM.
#![allow(unsafe_code)]

#[cfg(unix)]
extern "C" fn on_signal(signal: libc::c_int) {
    // Only async-signal-safe calls here: atomic stores in `request`, and `_exit`.
    if !jobs::stop::request(signal) {
        // SAFETY: `_exit` is async-signal-safe and ends the process without running anything.
        unsafe { libc::_exit(128 + signal) }
    }
}

/// Route SIGINT and SIGTERM to [`jobs::stop::request`] (see the module header).
#[cfg(unix)]
pub fn stop_on_signals() {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: the handler only calls async-signal-safe functions (see `on_signal`).
        unsafe {
            libc::signal(
                signal,
                on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t,
            );
        }
    }
}

/// If a signal asked the job to stop, end the process by that signal now (after the command
/// has printed its summary).
#[cfg(unix)]
pub fn end_if_signalled() {
    if let Some(signal) = jobs::stop::requested() {
        use std::io::Write;
        let _ = std::io::stdout().flush();
        let _ = std::io::stderr().flush();
        // SAFETY: restoring the default action and raising the signal ends the process as the
        // signal would have without a handler.
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    }
}

#[cfg(not(unix))]
pub fn stop_on_signals() {}

#[cfg(not(unix))]
pub fn end_if_signalled() {}
