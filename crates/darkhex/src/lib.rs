//! Dark Hex (classical and abrupt): rules, private histories, views.
//!
//! Placeholder: not written yet.
#![warn(missing_docs)]
