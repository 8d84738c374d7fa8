//! The command line's usage contract: negative numbers are values, and a
//! usage error is one `error:` line (exit 2) with long inputs shortened.

use clap::error::ErrorKind;

pub use arts_util::text::quote;

/// Lets every option of `command` and its subcommands take a value that
/// starts with `-` followed by a digit (`--alpha -1`, `--bias -0.5,0`).
pub fn accept_negative_numbers(command: clap::Command) -> clap::Command {
    command
        .mut_args(|a| {
            if a.get_action().takes_values() {
                a.allow_negative_numbers(true)
            } else {
                a
            }
        })
        .mut_subcommands(accept_negative_numbers)
}

/// The one `error:` line of a usage error, or `None` for help and version
/// output (printed by clap as usual).
pub fn one_line(err: &clap::Error) -> Option<String> {
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        return None;
    }
    let text = err.render().to_string();
    let mut parts = Vec::new();
    let mut usage = None;
    for l in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(u) = l.strip_prefix("Usage: ") {
            usage = Some(u);
        } else if !l.starts_with("For more information") {
            parts.push(shorten_quoted(l.strip_prefix("error: ").unwrap_or(l)));
        }
    }
    if parts.is_empty() {
        parts.push("invalid command line".into());
    }
    let mut line = format!("error: {}", parts.join("; "));
    if let Some(u) = usage {
        line += &format!(" (usage: {u}; see --help)");
    }
    Some(line)
}

/// Shortens every `'...'`-quoted part of a clap message with [`quote`].
fn shorten_quoted(msg: &str) -> String {
    let parts: Vec<&str> = msg.split('\'').collect();
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            // Odd parts sit between quotes (when the quotes pair up).
            if i % 2 == 1 && i + 1 < parts.len() {
                quote(p)
            } else {
                p.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("'")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_inputs_are_quoted_whole() {
        assert_eq!(quote("block"), "block");
    }

    #[test]
    fn long_inputs_keep_both_ends_and_their_length() {
        let long = format!("a{}z", "x".repeat(1000));
        let q = quote(&long);
        assert!(
            q.starts_with('a') && q.contains("xz (1002 characters)"),
            "{q}"
        );
        assert!(q.len() < 100, "{q}");
    }

    #[test]
    fn quoted_parts_of_a_message_are_shortened() {
        let long = "y".repeat(500);
        let m = shorten_quoted(&format!("invalid value '{long}' for '--pes <PES>'"));
        assert!(m.contains("(500 characters)' for '--pes <PES>'"), "{m}");
    }
}
