//! How results are printed, the same for every problem: the output format, and a search's
//! statistics as one line of text and as a JSON object (both made by the core's
//! [`searchlab_toolkit::stats_text`]).
//!
//! The JSON convention, for every problem: JSON Lines, exactly one compact object per instance
//! per line, in input order, bad instances included as `{"source", "line", "input", "status":
//! "error", "error"}`; the fields every row shares are written by `batch.rs`, `stats` by
//! [`stats_json`].

use searchlab_toolkit::{Stats, stats_text::stats_field};
use serde_json::Value;

/// Output format of every `searchlab solve` subcommand (the answers as text or as JSON Lines),
/// and of `list`, `match` and `tournament` ([`AnswerFormat::arg`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AnswerFormat {
    /// Human-readable text.
    Text,
    /// JSON Lines: one compact JSON object per instance per line, bad instances included.
    Json,
}

impl AnswerFormat {
    /// `--format FORMAT` of the commands that print one thing as text or JSON (`list`,
    /// `match`, `tournament`): the names of solve's `--format` (this enum's, the one list of
    /// them), read into an [`AnswerFormat`], default `text`. The values' own help (solve's
    /// JSON Lines) is left out: `help` says what each command writes.
    pub fn arg(help: &'static str) -> clap::Arg {
        use clap::ValueEnum;
        use clap::builder::{PossibleValuesParser, TypedValueParser};
        let names = AnswerFormat::value_variants()
            .iter()
            .filter_map(ValueEnum::to_possible_value)
            .map(|v| v.help(None::<&'static str>));
        crate::registry::valued("format", "FORMAT", "text")
            .value_parser(
                PossibleValuesParser::new(names)
                    .try_map(|name| AnswerFormat::from_str(&name, false)),
            )
            .help(help)
    }

    /// The format [`arg`](Self::arg) read from `m`.
    pub fn of(m: &clap::ArgMatches) -> AnswerFormat {
        m.get_one::<AnswerFormat>("format")
            .copied()
            .unwrap_or(AnswerFormat::Text)
    }
}

/// All statistics as a JSON object (time in seconds).
pub fn stats_json(stats: &Stats) -> Value {
    crate::batch::field_json(&stats_field(stats))
}

#[cfg(test)]
mod tests {
    use super::AnswerFormat;

    /// `list`, `match` and `tournament` read solve's names (from the enum) into the enum, and
    /// refuse another name with clap's message, which lists them.
    #[test]
    fn the_format_argument_reads_the_enums_names() {
        let command = clap::Command::new("list").arg(AnswerFormat::arg("Output format"));
        let of = |args: &[&str]| {
            command
                .clone()
                .try_get_matches_from(args)
                .map(|m| AnswerFormat::of(&m))
        };
        assert_eq!(of(&["list"]).unwrap(), AnswerFormat::Text);
        assert_eq!(
            of(&["list", "--format", "json"]).unwrap(),
            AnswerFormat::Json
        );
        let refused = of(&["list", "--format", "xml"]).unwrap_err().to_string();
        assert!(
            refused.contains("invalid value 'xml' for '--format <FORMAT>'")
                && refused.contains("[possible values: text, json]"),
            "{refused}"
        );
    }
}
