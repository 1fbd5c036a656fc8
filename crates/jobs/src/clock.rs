//! Seconds as given on a command line (or a GTP/UCI command, or an environment variable) turned
//! into durations and deadlines, one way for every job: a limit of zero or less, or not a
//! number, is no limit, and so is a limit too large for the clock (`timelimit 1e300`) —
//! never a panic.

use std::time::{Duration, Instant};

/// `seconds` as a [`Duration`]: `None` when it is not a positive number or is too long for a
/// `Duration` to hold.
pub fn duration(seconds: f64) -> Option<Duration> {
    (seconds > 0.0)
        .then(|| Duration::try_from_secs_f64(seconds).ok())
        .flatten()
}

/// The instant `seconds` after `start`, or `None` (no deadline) when [`duration`] is `None` or
/// the instant is beyond the clock's range.
pub fn deadline_after(start: Instant, seconds: f64) -> Option<Instant> {
    duration(seconds).and_then(|d| start.checked_add(d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_that_are_no_limit() {
        for s in [0.0, -1.0, f64::NAN, f64::NEG_INFINITY, f64::INFINITY, 1e300] {
            assert_eq!(duration(s), None, "{s}");
            assert_eq!(deadline_after(Instant::now(), s), None, "{s}");
        }
    }

    #[test]
    fn ordinary_limits() {
        assert_eq!(duration(1.5), Some(Duration::from_millis(1500)));
        let now = Instant::now();
        assert_eq!(deadline_after(now, 2.0), Some(now + Duration::from_secs(2)));
        // Representable as a Duration but (on most clocks) not as an Instant: no panic either way.
        let _ = deadline_after(now, 1e18);
    }
}
