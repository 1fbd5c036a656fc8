//! [`crate::Algorithm::Portfolio`]: alpha-beta and df-pn racing on one root position.

use super::*;

impl<G: ExactGame> Solver<G> {
    /// [`Algorithm::Portfolio`] at a root: alpha-beta and df-pn side by side; the first to
    /// finish cancels the other (a deadline stops both).
    pub(crate) fn race(&self, p: &G) -> bool {
        let cancel = Cancel {
            flag: AtomicBool::new(false),
            parent: None,
        };
        let abort = Arc::new(AtomicBool::new(false));
        let (ab, df) = rayon::join(
            || {
                let mut s = Scratch::new(G::MOVE_SLOTS);
                let r = self.search(&mut p.clone(), 0, G::MOVE_SLOTS, &mut s, Some(&cancel));
                s.publish(&self.nodes);
                let done = !self.cancelled(Some(&cancel));
                if done {
                    abort.store(true, Ordering::Relaxed);
                }
                done.then_some(r)
            },
            || {
                let mut s = dfpn::DScratch::new(G::MOVE_SLOTS);
                s.abort = Some(abort.clone());
                let r = self.dfpn_root(&mut p.clone(), &mut s);
                s.ab.publish(&self.nodes);
                let done = !self.stopped() && !s.aborted();
                if done {
                    cancel.flag.store(true, Ordering::Relaxed);
                }
                done.then_some(r)
            },
        );
        ab.or(df).unwrap_or(false)
    }
}
