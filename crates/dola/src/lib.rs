//! Dola-Sultan, Dola-Qinwan, Dola-Sinwan: three 10x10 chess variants.
//!
//! Placeholder: not written yet.
#![warn(missing_docs)]
