//! searchlab-rotation (in progress).
