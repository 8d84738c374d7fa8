//! `ampirun` (`arts ampi charmrun`): the command line AMPI users type —
//! Charm++'s `+` options around the program — turned into `arts ampi run`'s
//! (the Charm++ option and balancer names mapped to arts' flags and `--lb`
//! names, here beside the runtime that takes them).
//!
//! `ampirun +p2 ./prog +vp8 +balancer GreedyLB +LBPeriod 1 -- args` and
//! `ampirun -np 2 ./prog +vp 8 args` both become
//! `arts ampi run --pes 2 --vp 8 [--lb greedy --lb-period 1] ./prog -- args`.
//! A `+` option may come before or after the program, its value joined
//! (`+p2`) or apart (`+p 2`); `--` ends them. Anything else after the
//! program is the program's; an unknown `+` option is refused. As in
//! Charm++, `+vp` defaults to the PE count, and a program started with
//! neither (`./prog`, as configure scripts run their test programs) runs
//! one rank on one PE.
//!
//! As in Charm++, the grid balancers read their load tolerance from the
//! environment: `CK_LDB_GRIDCOMMLB_LOAD_TOLERANCE` (GridCommLB) and
//! `CK_LDB_GRIDHYBRIDLB_LOAD_TOLERANCE` (GridHybridLB) become
//! `--grid-tolerance` when that balancer is chosen.

/// Charm++'s balancer names and arts' `--lb` names for them.
const BALANCERS: &[(&str, &str)] = &[
    ("NullLB", "none"),
    ("GreedyLB", "greedy"),
    ("GreedyCommLB", "greedy-comm"),
    ("RefineLB", "refine"),
    ("RefineCommLB", "refine-comm"),
    ("MetisLB", "metis"),
    ("RotateLB", "rotate"),
    ("GridCommLB", "grid-comm"),
    ("GridMetisLB", "grid-metis"),
    ("GridHybridLB", "grid-hybrid"),
];

/// The `+` options with a value, and the `arts ampi run` flag each becomes.
const VALUED: &[(&str, &str)] = &[
    ("+p", "--pes"),
    ("+vp", "--vp"),
    ("+balancer", "--lb"),
    ("+LBPeriod", "--lb-period"),
    ("+stacksize", "--stack-size"),
    ("+tcharm_stacksize", "--stack-size"),
];

/// The `+` (and `++`) options taken without a value: the flag each
/// becomes (empty: accepted and ignored, as they change nothing here).
const FLAGS: &[(&str, &str)] = &[
    ("+setcpuaffinity", "--pin"),
    ("+isomalloc_sync", ""),
    ("++local", ""),
    ("++quiet", ""),
];

/// The Charm++ environment variable holding each grid balancer's load
/// tolerance (arts' `--lb` name, variable).
const TOLERANCE_VARS: &[(&str, &str)] = &[
    ("grid-comm", "CK_LDB_GRIDCOMMLB_LOAD_TOLERANCE"),
    ("grid-hybrid", "CK_LDB_GRIDHYBRIDLB_LOAD_TOLERANCE"),
];

/// `arts ampi run`'s arguments for the `ampirun` arguments `args`, with
/// Charm++'s grid-balancer variables read from this process' environment.
pub fn translate(args: &[String]) -> Result<Vec<String>, String> {
    translate_with(args, |name| std::env::var(name).ok())
}

/// [`translate`] with the environment given as a lookup.
fn translate_with(
    args: &[String],
    env: impl Fn(&str) -> Option<String>,
) -> Result<Vec<String>, String> {
    let mut run: Vec<String> = Vec::new();
    let mut program: Option<String> = None;
    let mut program_args: Vec<String> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--" {
            program_args.extend(it.by_ref().cloned());
            break;
        }
        if a == "--tag-output" || a == "-tag-output" {
            // Open MPI's mpirun spells it both ways.
            run.push("--tag-output".into());
        } else if a == "-np" || a == "-n" {
            let v = it.next().ok_or(format!("{a} needs a number of PEs"))?;
            run.extend(["--pes".into(), v.clone()]);
        } else if let Some((flag, value)) = valued(a) {
            let value = match value {
                Some(v) => v.to_string(),
                None => it
                    .next()
                    .cloned()
                    .ok_or_else(|| format!("{a} needs a value"))?,
            };
            let value = if flag == "--lb" {
                balancer(&value)?
            } else {
                value
            };
            run.extend([flag.to_string(), value]);
        } else if let Some(&(_, flag)) = FLAGS.iter().find(|(o, _)| o == a) {
            if !flag.is_empty() {
                run.push(flag.into());
            }
        } else if a.starts_with('+') {
            return Err(format!(
                "unknown option {a}: accepted are +p N, -np N, +vp N, +balancer NAME, \
                 +LBPeriod N, +stacksize BYTES, +tcharm_stacksize BYTES, +setcpuaffinity, \
                 ++local, ++quiet, --tag-output (or -tag-output), and -- before the program's \
                 own arguments"
            ));
        } else if program.is_none() {
            program = Some(a.clone());
        } else {
            program_args.push(a.clone());
        }
    }
    let program = program.ok_or("no program: ampirun +p2 ./prog.so +vp8 [-- args]")?;
    if !run.iter().any(|a| a == "--vp") {
        let pes = run
            .iter()
            .position(|a| a == "--pes")
            .map(|i| run[i + 1].clone());
        if pes.is_none() {
            run.extend(["--pes".into(), "1".into()]);
        }
        run.extend(["--vp".into(), pes.unwrap_or_else(|| "1".into())]);
    }
    run.extend(grid_tolerance(&run, env)?);
    // A bare file name is a program in this folder (a path, to `arts ampi run`).
    let program = if program.contains('/') {
        program
    } else {
        format!("./{program}")
    };
    run.push(program);
    if !program_args.is_empty() {
        run.push("--".into());
        run.extend(program_args);
    }
    Ok(run)
}

/// `--grid-tolerance F` when the chosen balancer (`--lb` in `run`) is a
/// grid balancer whose Charm++ tolerance variable is set; a value outside
/// (0, 1] is refused naming the variable.
fn grid_tolerance(
    run: &[String],
    env: impl Fn(&str) -> Option<String>,
) -> Result<Vec<String>, String> {
    let lb = run
        .iter()
        .position(|a| a == "--lb")
        .and_then(|i| run.get(i + 1));
    let Some(&(_, var)) = lb.and_then(|lb| TOLERANCE_VARS.iter().find(|(name, _)| name == lb))
    else {
        return Ok(Vec::new());
    };
    let Some(value) = env(var) else {
        return Ok(Vec::new());
    };
    match value.trim().parse::<f64>() {
        Ok(f) if f > 0.0 && f <= 1.0 => Ok(vec!["--grid-tolerance".into(), f.to_string()]),
        _ => Err(format!(
            "{var}={value}: accepted is a load tolerance in (0, 1], e.g. 0.10"
        )),
    }
}

/// The flag and the joined value (`+p2`, `+balancer=X`) of a valued `+` option.
fn valued(a: &str) -> Option<(&'static str, Option<&str>)> {
    // No name is the start of another.
    let &(name, flag) = VALUED.iter().find(|(name, _)| a.starts_with(name))?;
    let rest = &a[name.len()..];
    let rest = rest.strip_prefix('=').unwrap_or(rest);
    match rest {
        "" => Some((flag, None)),
        // `+pes` is not `+p` with value `es`: a joined value is a number,
        // except a balancer's name.
        r if flag == "--lb" || r.starts_with(|c: char| c.is_ascii_digit()) => Some((flag, Some(r))),
        _ => None,
    }
}

/// arts' `--lb` name for a Charm++ balancer name (arts' own names pass).
fn balancer(name: &str) -> Result<String, String> {
    if let Some(&(_, lb)) = BALANCERS.iter().find(|(charm, _)| *charm == name) {
        return Ok(lb.into());
    }
    if arts_lb::STRATEGY_NAMES.contains(&name) {
        return Ok(name.into());
    }
    let charm: Vec<&str> = BALANCERS.iter().map(|(c, _)| *c).collect();
    Err(format!(
        "+balancer {name}: accepted are {} (or arts' names: {})",
        charm.join(", "),
        arts_lb::STRATEGY_NAMES.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(line: &str) -> Result<String, String> {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        translate(&args).map(|v| v.join(" "))
    }

    #[test]
    fn charm_options_become_ampi_run_flags() {
        assert_eq!(
            t("+p2 ./prog +vp8 +balancer GreedyLB +LBPeriod 1 -- a b").unwrap(),
            "--pes 2 --vp 8 --lb greedy --lb-period 1 ./prog -- a b"
        );
        assert_eq!(
            t("-np 2 ./prog +vp 8 x").unwrap(),
            "--pes 2 --vp 8 ./prog -- x"
        );
        assert_eq!(
            t("prog.so +p 3 +vp=6 +balancer=refine +setcpuaffinity ++quiet").unwrap(),
            "--pes 3 --vp 6 --lb refine --pin ./prog.so"
        );
        // +vp defaults to the PEs; neither: one rank on one PE.
        assert_eq!(
            t("+p2 ./prog +balancer RefineCommLB").unwrap(),
            "--pes 2 --lb refine-comm --vp 2 ./prog"
        );
        assert_eq!(
            t("./p +tcharm_stacksize 1M -- +vp9").unwrap(),
            "--stack-size 1M --pes 1 --vp 1 ./p -- +vp9"
        );
        assert_eq!(t("./conftest").unwrap(), "--pes 1 --vp 1 ./conftest");
        // Open MPI's --tag-output, either spelling.
        assert_eq!(
            t("-tag-output -np 2 ./prog +vp 4").unwrap(),
            "--tag-output --pes 2 --vp 4 ./prog"
        );
        assert_eq!(
            t("+p2 --tag-output ./prog -- -tag-output").unwrap(),
            "--pes 2 --tag-output --vp 2 ./prog -- -tag-output"
        );
    }

    #[test]
    fn unknown_options_and_balancers_are_refused_naming_what_is_accepted() {
        let e = t("+p2 ./prog +pes 3").unwrap_err();
        assert!(
            e.starts_with("unknown option +pes: accepted are +p N"),
            "{e}"
        );
        let e = t("+p2 ./prog +balancer FancyLB").unwrap_err();
        assert!(
            e.contains("+balancer FancyLB: accepted are NullLB, GreedyLB"),
            "{e}"
        );
        assert!(t("+p2").unwrap_err().starts_with("no program"));
        assert!(t("./prog +vp").unwrap_err().contains("+vp needs a value"));
    }

    #[test]
    fn grid_tolerance_comes_from_charms_variables_for_the_chosen_balancer() {
        let env =
            |name: &str| (name == "CK_LDB_GRIDHYBRIDLB_LOAD_TOLERANCE").then(|| "0.25".to_string());
        let args =
            |line: &str| -> Vec<String> { line.split_whitespace().map(String::from).collect() };
        let run = |line: &str| translate_with(&args(line), env).map(|v| v.join(" "));
        assert_eq!(
            run("+p2 ./prog +balancer GridHybridLB").unwrap(),
            "--pes 2 --lb grid-hybrid --vp 2 --grid-tolerance 0.25 ./prog"
        );
        // Another balancer's variable, or none chosen: nothing added.
        assert_eq!(
            run("+p2 ./prog +balancer GridCommLB").unwrap(),
            "--pes 2 --lb grid-comm --vp 2 ./prog"
        );
        assert_eq!(run("+p2 ./prog").unwrap(), "--pes 2 --vp 2 ./prog");
        let bad = |v: &'static str| {
            move |name: &str| (name == "CK_LDB_GRIDCOMMLB_LOAD_TOLERANCE").then(|| v.to_string())
        };
        for v in ["0", "1.5", "-0.1", "ten"] {
            let e = translate_with(&args("+p2 ./prog +balancer GridCommLB"), bad(v)).unwrap_err();
            assert_eq!(
                e,
                format!(
                    "CK_LDB_GRIDCOMMLB_LOAD_TOLERANCE={v}: accepted is a load tolerance in (0, 1], e.g. 0.10"
                )
            );
        }
    }
}
