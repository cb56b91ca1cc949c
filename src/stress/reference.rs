//! Where a check's inputs and right answers come from: a registered problem (its generators
//! and its judge), or, for a problem gamesolve does not know, the user's own generator and
//! brute force (`check --gen CMD --brute CMD`), run like the checked program.

use super::run::{Run, run_program};
use super::{Origin, StressConfig, StressError, generate};
use judge::{AnyProblem as Problem, Explanation, JudgeError};
use std::ffi::OsString;

/// The user's generator and brute force (`check --gen`, `--brute`): each a program and its
/// arguments, run directly (no shell).
#[derive(Debug, Clone)]
pub struct Tools {
    /// The generator: run with the round's seed as its last argument and no input; what it
    /// prints is the round's input.
    pub generator: Vec<OsString>,
    /// The brute force: run on an input (standard input); what it prints is the right answer.
    pub brute: Vec<OsString>,
}

/// Which of the user's tools failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// `--gen`.
    Generator,
    /// `--brute`.
    Brute,
}

impl std::fmt::Display for Tool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Tool::Generator => "the generator (--gen)",
            Tool::Brute => "the brute force (--brute)",
        })
    }
}

/// The source of a check's generated inputs and right answers.
#[derive(Clone, Copy)]
pub enum Reference<'r> {
    /// A registered problem: its generators, and its judge's answers.
    Judge(&'r dyn Problem),
    /// The user's generator and brute force; an input is split into its lines for shrinking.
    Tools(&'r Tools),
}

impl<'r> Reference<'r> {
    /// The name a report starts with: the problem's id, or `check` for the user's tools.
    pub fn id(&self) -> &str {
        match self {
            Reference::Judge(problem) => problem.id(),
            Reference::Tools(_) => "check",
        }
    }

    /// Who gives the right answers, in a report's words.
    pub fn name(&self) -> &'static str {
        match self {
            Reference::Judge(_) => "gamesolve",
            Reference::Tools(_) => "the brute force",
        }
    }

    /// What shrinking splits an input into, in the plural: `cases` or `lines`.
    pub fn parts(&self) -> &'static str {
        match self {
            Reference::Judge(_) => "cases",
            Reference::Tools(_) => "lines",
        }
    }

    /// The input of a generated round: the problem's generator (`hard` or uniform, `cases`
    /// cases), or the user's generator run with `seed` as its last argument.
    pub(super) fn generate(&self, config: &StressConfig, hard: bool, seed: u64) -> Result<String, StressError> {
        match self {
            Reference::Judge(problem) => Ok(generate(*problem, hard, seed, config.cases)?),
            Reference::Tools(tools) => {
                run_tool(config, tools, Tool::Generator, "", &Origin::Generated { seed, hard: false })
            }
        }
    }

    /// The right answer to `input`, which came from `origin`: the judge's, or the brute
    /// force's (its failure is an error naming it and `origin`, [`StressError::Tool`]).
    pub(super) fn answer(&self, config: &StressConfig, input: &str, origin: &Origin) -> Result<String, StressError> {
        match self {
            Reference::Judge(problem) => Ok(problem.judge(input, problem.engines()[0])?),
            Reference::Tools(tools) => run_tool(config, tools, Tool::Brute, input, origin),
        }
    }

    /// The parts shrinking drops: the problem's cases, or the input's lines (each with its
    /// line end, so that joining them back is concatenation).
    pub(super) fn split(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        match self {
            Reference::Judge(problem) => problem.split_cases(input),
            Reference::Tools(_) => Ok(input.split_inclusive('\n').map(str::to_string).collect()),
        }
    }

    /// The input made of `parts` ([`Reference::split`]).
    pub(super) fn join(&self, parts: &[String]) -> Result<String, JudgeError> {
        match self {
            Reference::Judge(problem) => problem.join_cases(parts),
            Reference::Tools(_) => Ok(parts.concat()),
        }
    }

    /// Simpler variants of one case ([`Problem::shrink`]); none for the user's tools, whose
    /// inputs gamesolve cannot read.
    pub(super) fn variants<'s>(self, case: &'s str) -> Box<dyn Iterator<Item = String> + 's>
    where
        'r: 's,
    {
        match self {
            Reference::Judge(problem) => problem.shrink(case),
            Reference::Tools(_) => Box::new(std::iter::empty()),
        }
    }

    /// gamesolve's explanation of `input`, where the problem has one.
    pub fn explain(&self, input: &str) -> Option<Vec<Explanation>> {
        match self {
            Reference::Judge(problem) => problem.explain(input).ok(),
            Reference::Tools(_) => None,
        }
    }

    /// Whether `line` has the shape of an answer line (any line, for the user's tools).
    pub fn is_answer_line(&self, line: &str) -> bool {
        match self {
            Reference::Judge(problem) => problem.is_answer_line(line),
            Reference::Tools(_) => true,
        }
    }
}

/// Runs one of the user's `tools` on `input`, which came from `origin` (the generator with
/// the seed of `origin` as its last argument) under the check's time limit (not its memory limit, which is the checked
/// program's), and returns what it printed; any other end of the run is a
/// [`StressError::Tool`], which tells how to run it again by hand. Its output is kept up to the
/// largest input a problem may have, [`judge::input::MAX_INPUT_BYTES`].
fn run_tool(
    config: &StressConfig,
    tools: &Tools,
    tool: Tool,
    input: &str,
    origin: &Origin,
) -> Result<String, StressError> {
    let seed = match origin {
        Origin::Generated { seed, .. } => *seed,
        Origin::File { .. } => 0,
    };
    let mut generator = tools.generator.clone();
    generator.push(seed.to_string().into());
    let command = match tool {
        Tool::Generator => &generator,
        Tool::Brute => &tools.brute,
    };
    let limit = usize::try_from(judge::input::MAX_INPUT_BYTES).unwrap_or(usize::MAX);
    let run = run_program(&super::limited(command, None)?, input, config.timeout, limit)?;
    let how = match run {
        Run::Output(output) => return Ok(output),
        Run::Crashed { status, stderr, .. } if stderr.is_empty() => format!("it ended with {status}"),
        Run::Crashed { status, stderr, .. } => {
            format!("it ended with {status}; its standard error ends with:\n{stderr}")
        }
        Run::TimedOut(limit) => format!("it ran past the time limit of {limit:?} (--timeout) and was stopped"),
        Run::OutputLimit(limit) => format!("it wrote more than {limit} bytes and was stopped"),
    };
    let shown = |command: &[OsString]| command.iter().map(|w| w.to_string_lossy()).collect::<Vec<_>>().join(" ");
    let again = match (tool, origin) {
        (Tool::Generator, _) => shown(&generator),
        (Tool::Brute, Origin::Generated { .. }) => format!("{} | {}", shown(&generator), shown(&tools.brute)),
        (Tool::Brute, Origin::File { name }) => format!("{} < {name}", shown(&tools.brute)),
    };
    Err(StressError::Tool { tool, origin: origin.clone(), again, how })
}
