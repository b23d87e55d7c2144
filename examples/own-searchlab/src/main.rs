//! `own-searchlab`: `searchlab` with the pancake puzzle and anytime weighted A* added.

fn main() -> std::process::ExitCode {
    own_searchlab::cli().run()
}
