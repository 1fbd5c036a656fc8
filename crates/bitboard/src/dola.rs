//! Placeholder: the dola board geometry is being written (see issue tracker).
