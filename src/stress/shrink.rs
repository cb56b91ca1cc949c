//! Shrinking a failing input: to the fewest cases (or, against the user's brute force, lines)
//! that still fail, then each case simplified, within the run and time budgets.

use super::answers::Difference;
use super::{Counterexample, Progress, Reference, StressConfig, StressError, record_best, verdict};
use std::time::{Duration, Instant};

/// Narrows a failure to the fewest cases that still fail it, then simplifies each of those
/// cases while the input keeps failing, within the run and time budgets of `config`, which
/// also stop a problem whose variants would lead in circles.
///
/// Against the user's brute force ([`Reference::Tools`]) the parts are the input's lines, and
/// there is nothing to simplify in them.
///
/// A timeout is shrunk only when its limit is cheap next to the time budget (a tenth of it at
/// most): every candidate that still fails costs a whole limit.
pub(super) fn shrink(
    reference: Reference,
    config: &StressConfig,
    best: Counterexample,
    progress: &mut dyn FnMut(Progress),
) -> Result<Counterexample, StressError> {
    let best_cases = reference.split(&best.input).map_or(1, |cases| cases.len());
    let mut shrinker = Shrinker { reference, config, runs: 0, started: Instant::now(), best, best_cases, progress };
    (shrinker.progress)(Progress::Shrinking { runs: 0, best_cases });
    let stopped = if matches!(shrinker.best.difference, Difference::TimedOut(_))
        && config.timeout.saturating_mul(10) > config.shrink_time
    {
        Some(ShrinkStop::SlowTimeout)
    } else {
        shrinker.drop_cases()?;
        shrinker.simplify_cases()?;
        shrinker.stopped()
    };
    shrinker.best.shrink_runs = shrinker.runs;
    shrinker.best.shrink_stopped = stopped;
    Ok(shrinker.best)
}

/// Why shrinking ended before it ran out of simpler inputs to try.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShrinkStop {
    /// It spent its runs (`--shrink-runs`).
    Runs(usize),
    /// It spent its time (`--shrink-time`).
    Time(Duration),
    /// The failure is a timeout whose limit is too long to run again and again: not shrunk.
    SlowTimeout,
    /// The check was stopped (Ctrl-C, SIGTERM, SIGHUP).
    Stopped,
}

impl std::fmt::Display for ShrinkStop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShrinkStop::Runs(runs) => write!(f, "shrinking stopped at its budget of {runs} runs (--shrink-runs)"),
            ShrinkStop::Time(limit) => {
                write!(f, "shrinking stopped at its time budget of {limit:?} (--shrink-time)")
            }
            ShrinkStop::SlowTimeout => write!(
                f,
                "not shrunk: each failing run takes the whole time limit (a lower --timeout, or a higher \
                 --shrink-time, at least 10 times the limit, lets it shrink)"
            ),
            ShrinkStop::Stopped => write!(f, "the check was stopped (Ctrl-C or a termination signal)"),
        }
    }
}

struct Shrinker<'a> {
    reference: Reference<'a>,
    config: &'a StressConfig,
    runs: usize,
    started: Instant,
    best: Counterexample,
    best_cases: usize,
    progress: &'a mut dyn FnMut(Progress),
}

impl Shrinker<'_> {
    /// Why shrinking must stop now, if it must.
    fn stopped(&self) -> Option<ShrinkStop> {
        if self.runs >= self.config.shrink_runs {
            Some(ShrinkStop::Runs(self.config.shrink_runs))
        } else if self.started.elapsed() >= self.config.shrink_time {
            Some(ShrinkStop::Time(self.config.shrink_time))
        } else {
            None
        }
    }

    /// Drops cases while the input keeps failing: each chunk of the cases alone, then all but
    /// each chunk, halves first, then quarters and so on down to single cases (Zeller's
    /// delta debugging, ddmin). A failure in one case takes about 2 log2(n) runs to find; a
    /// failure that needs two cases together (a variable not reset between them) ends with
    /// those two. Runs: O(n^2) at worst, within the budgets.
    fn drop_cases(&mut self) -> Result<(), StressError> {
        let mut cases = self.reference.split(&self.best.input)?;
        let mut parts = 2;
        while cases.len() > 1 && self.stopped().is_none() {
            let chunk = cases.len().div_ceil(parts);
            let starts: Vec<usize> = (0..cases.len()).step_by(chunk).collect();
            let mut kept = None;
            for &start in &starts {
                let end = (start + chunk).min(cases.len());
                if self.stopped().is_some() {
                    return Ok(());
                }
                if self.cases_fail(&cases[start..end])? {
                    kept = Some((cases[start..end].to_vec(), 2));
                    break;
                }
            }
            // With two parts, all but one is the other one, already tried.
            if kept.is_none() && starts.len() > 2 {
                for &start in &starts {
                    let end = (start + chunk).min(cases.len());
                    let rest: Vec<String> = cases[..start].iter().chain(&cases[end..]).cloned().collect();
                    if self.stopped().is_some() {
                        return Ok(());
                    }
                    if self.cases_fail(&rest)? {
                        kept = Some((rest, (parts - 1).max(2)));
                        break;
                    }
                }
            }
            match kept {
                Some((fewer, next_parts)) => (cases, parts) = (fewer, next_parts),
                None if parts >= cases.len() => break,
                None => parts = (parts * 2).min(cases.len()),
            }
        }
        Ok(())
    }

    /// Simplifies the cases of the best input one at a time with [`Problem::shrink`], keeping
    /// each simpler variant that still fails, until none does or a budget runs out.
    fn simplify_cases(&mut self) -> Result<(), StressError> {
        'simpler: while self.stopped().is_none() {
            // The candidates are built one at a time from these copies, while the best may change.
            let cases = match self.reference.split(&self.best.input)? {
                cases if cases.len() > 1 => cases,
                _ => vec![self.best.input.clone()],
            };
            for (i, case) in cases.iter().enumerate() {
                for candidate in self.reference.variants(case) {
                    if self.stopped().is_some() {
                        break 'simpler;
                    }
                    if candidate == *case {
                        continue;
                    }
                    let mut with_it = cases.clone();
                    with_it[i] = candidate;
                    if self.cases_fail(&with_it)? {
                        continue 'simpler;
                    }
                }
            }
            break;
        }
        Ok(())
    }

    /// Whether the input holding `cases` still fails; one the problem cannot join is skipped
    /// without a run.
    fn cases_fail(&mut self, cases: &[String]) -> Result<bool, StressError> {
        let candidate = match cases {
            [one] => one.clone(),
            _ => match self.reference.join(cases) {
                Ok(joined) => joined,
                Err(_) => return Ok(false),
            },
        };
        self.still_fails(candidate)
    }

    /// Runs the failing program on `candidate`; if it still fails, the candidate becomes the
    /// best.
    fn still_fails(&mut self, candidate: String) -> Result<bool, StressError> {
        // A variant gamesolve itself (or the brute force, by failing) rejects is not a valid
        // input: skip it without a run of the program.
        let Ok(expected) = self.reference.answer(self.config, &candidate, &self.best.origin) else { return Ok(false) };
        self.runs += 1;
        let (run, difference, _) = verdict(self.reference, self.config, self.best.culprit, &candidate, &expected)?;
        let fails = difference.is_some();
        if let Some(difference) = difference {
            self.best_cases = self.reference.split(&candidate).map_or(1, |cases| cases.len());
            self.best = Counterexample { input: candidate, expected, run, difference, ..self.best.clone() };
            record_best(&self.best);
        }
        (self.progress)(Progress::Shrinking { runs: self.runs, best_cases: self.best_cases });
        Ok(fails)
    }
}
