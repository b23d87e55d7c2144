//! searchlab-triangle (in progress).
