//! Imperfect-information games in extensive form, for CFR and exact best response.
//!
//! Placeholder: the Dark Hex work defines the information-set game trait here.
