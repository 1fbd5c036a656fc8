//! Records (todo).
