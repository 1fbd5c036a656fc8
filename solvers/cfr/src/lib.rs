//! Counterfactual regret minimisation (CFR, CFR+, linear CFR, DCFR) and exact best response.
//!
//! Placeholder: not written yet.
#![warn(missing_docs)]
