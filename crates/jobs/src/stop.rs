//! A stop asked from outside a job: SIGTERM from a batch system at its time limit (Slurm
//! sends it, then SIGKILL after its `KillWait`), or Ctrl-C. A job that checks [`requested`]
//! stops as at its `--time` limit: it saves its state and reports what it did. The flag is
//! process-wide and set only by [`request`], which is async-signal-safe (atomic stores, no
//! allocation), so a signal handler may call it; the binary installs that handler, only for
//! the jobs that check the flag.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

static STOP: AtomicBool = AtomicBool::new(false);
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// Ask the running job to stop, naming the signal that asked (any number for a stop not caused
/// by a signal). Returns false if a stop was already asked (a second Ctrl-C: the caller may
/// then end the process at once).
pub fn request(signal: i32) -> bool {
    let first = !STOP.swap(true, Ordering::SeqCst);
    if first {
        SIGNAL.store(signal, Ordering::SeqCst);
    }
    first
}

/// The signal of the stop asked, if one was.
pub fn requested() -> Option<i32> {
    STOP.load(Ordering::SeqCst)
        .then(|| SIGNAL.load(Ordering::SeqCst))
}

/// The flag itself, for solvers that poll a `&'static AtomicBool` (see
/// `exact::Solver::set_interrupt`).
pub fn flag() -> &'static AtomicBool {
    &STOP
}
