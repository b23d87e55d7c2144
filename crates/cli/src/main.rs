//! `searchlab`: solve puzzles and games, reproduce online judges, benchmark algorithms. The
//! whole tool is the library [`searchlab_cli`]; this is its entry point.

fn main() -> std::process::ExitCode {
    searchlab_cli::run()
}
