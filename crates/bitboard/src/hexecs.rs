//! Placeholder: the hexecs board geometry is being written (see issue tracker).
