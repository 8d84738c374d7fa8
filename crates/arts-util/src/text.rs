//! User input quoted in an error message ([`quote`]), and the parser of a
//! finite number that quotes it ([`finite_f64`]).

/// Longest user input an error message quotes whole.
pub const QUOTE_MAX: usize = 48;

/// `s` as an error message quotes it: whole when short, else its start and
/// end around `...` and its length.
pub fn quote(s: &str) -> String {
    let n = s.chars().count();
    if n <= QUOTE_MAX {
        return s.to_string();
    }
    let keep = QUOTE_MAX / 2;
    let head: String = s.chars().take(keep).collect();
    let tail: String = s.chars().skip(n - keep / 2).collect();
    format!("{head}...{tail} ({n} characters)")
}

/// A command-line value parser for a finite number (`inf` and `NaN` are
/// refused, the input quoted).
pub fn finite_f64(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        Ok(_) => Err(format!("'{}' is not a finite number", quote(s))),
        Err(_) => Err(format!("'{}' is not a number", quote(s))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finite_numbers() {
        assert_eq!(finite_f64("-1.5").unwrap(), -1.5);
        assert!(finite_f64("inf").is_err());
        assert!(finite_f64("NaN").is_err());
        assert!(finite_f64("x").is_err());
    }

    #[test]
    fn long_input_keeps_its_ends_and_says_its_length() {
        assert_eq!(quote("short"), "short");
        let long = "x".repeat(30) + &"y".repeat(30);
        let q = quote(&long);
        assert!(
            q.starts_with(&"x".repeat(24)) && q.ends_with("yyyyyyyyyyyy (60 characters)"),
            "{q}"
        );
    }
}
