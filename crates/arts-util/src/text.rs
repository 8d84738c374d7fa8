//! User input quoted in an error message ([`quote`]), and the parsers of a
//! finite number that quotes it ([`finite_f64`]) and of sizes `AxB`
//! ([`parse_dims`], [`dims2`]).

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

/// Parses `AxB` (or `AxBxC`, ...) with exactly `n` positive integers.
pub fn parse_dims(s: &str, n: usize) -> Result<Vec<usize>, String> {
    let parts: Vec<&str> = s.split(['x', 'X']).collect();
    if parts.len() != n {
        return Err(format!(
            "expected {n} sizes separated by 'x' (e.g. {}), got '{s}'",
            vec!["64"; n].join("x")
        ));
    }
    parts
        .iter()
        .map(|p| match p.trim().parse::<usize>() {
            Ok(0) => Err(format!("sizes must be at least 1, got '{s}'")),
            Ok(v) => Ok(v),
            Err(_) => Err(format!("'{p}' in '{s}' is not a positive integer")),
        })
        .collect()
}

/// A command-line value parser for two sizes `AxB`.
pub fn dims2(s: &str) -> Result<(usize, usize), String> {
    let v = parse_dims(s, 2)?;
    Ok((v[0], v[1]))
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

    #[test]
    fn dims() {
        assert_eq!(dims2("8192x4096").unwrap(), (8192, 4096));
        assert!(dims2("8192").is_err());
        assert!(dims2("0x4").is_err());
        assert!(dims2("ax4").is_err());
        assert_eq!(parse_dims("13x13x13", 3).unwrap(), vec![13, 13, 13]);
    }
}
