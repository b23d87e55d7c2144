//! The error that means "the input is wrong" (exit status 2).

use std::fmt;

/// Bad input: the message names where (file, line, game) and what is wrong. `main` maps it to
/// exit status 2; every other error is status 1.
#[derive(Debug)]
pub struct BadInput(pub String);

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}
