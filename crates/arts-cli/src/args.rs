//! Argument value parsers shared by subcommands.

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

/// A clap value parser for two sizes `AxB`.
pub fn dims2(s: &str) -> Result<(usize, usize), String> {
    let v = parse_dims(s, 2)?;
    Ok((v[0], v[1]))
}

/// The number of cores, the default number of PEs.
pub fn default_pes() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dims() {
        assert_eq!(dims2("8192x4096").unwrap(), (8192, 4096));
        assert!(dims2("8192").is_err());
        assert!(dims2("0x4").is_err());
        assert!(dims2("ax4").is_err());
        assert_eq!(parse_dims("13x13x13", 3).unwrap(), vec![13, 13, 13]);
    }
}
