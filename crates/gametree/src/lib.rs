//! searchlab-gametree (in progress).
