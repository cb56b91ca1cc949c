//! What `explain` says about a case ([`Explanation`]), and the budget that keeps an input's
//! explanations within memory: problems collect them through [`ExplainBudget`] (or
//! [`explain_all`]), which counts their bytes and refuses an input whose explanations pass
//! [`EXPLAIN_MAX_BYTES`], or a quarter of [`memory_limit`] (rendering them takes the rest), with
//! [`OutOfMemory`] naming the estimate for all cases; `judge` answers such an input.

use crate::resources::{OutOfMemory, memory_limit};

/// What `explain` says about one case of an input. Serialized as is by `--format json`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Explanation {
    /// Which case, e.g. `case 2` or `node 5`.
    pub title: String,
    /// The position drawn as text, several lines; empty when there is nothing to draw.
    pub picture: String,
    /// The judge's answer for the case.
    pub verdict: String,
    /// The exact value behind the verdict, e.g. `win in 3` or `*2`.
    pub value: String,
    /// Every move with the value it leads to for the player making it, best first.
    pub moves: Vec<MoveValue>,
    /// The line of optimal play: each move and the value after it.
    pub line: Vec<MoveValue>,
    /// Anything else worth knowing, a sentence each.
    pub notes: Vec<String>,
}

/// A move and a value that goes with it.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct MoveValue {
    /// The move, in the problem's own notation.
    #[serde(rename = "move")]
    pub play: String,
    /// The value that goes with it.
    pub value: String,
}

impl Explanation {
    /// The explanation as text for a person.
    pub fn to_text(&self) -> String {
        let mut out = format!("{}: {}\n", self.title, self.verdict);
        if !self.value.is_empty() && self.value != self.verdict {
            out += &format!("  value: {}\n", self.value);
        }
        for row in self.picture.lines() {
            out += &format!("  {row}\n");
        }
        let width = |list: &[MoveValue]| list.iter().map(|m| m.play.chars().count()).max().unwrap_or(0);
        if !self.moves.is_empty() {
            out += "  moves, best first:\n";
            let width = width(&self.moves);
            for m in &self.moves {
                out += format!("    {:<width$}   {}", m.play, m.value).trim_end();
                out += "\n";
            }
        }
        if !self.line.is_empty() {
            out += "  optimal play:\n";
            let width = width(&self.line);
            for (i, step) in self.line.iter().enumerate() {
                out += format!("    {:>2}. {:<width$}   {}", i + 1, step.play, step.value).trim_end();
                out += "\n";
            }
        }
        for note in &self.notes {
            out += &format!("  {note}\n");
        }
        out
    }
}

/// The most bytes of explanations `explain` holds for one input (from about 300 bytes to 2 KiB
/// a small case, so a hundred thousand cases or more; a case that draws a large position counts
/// its drawing): rendered as text or JSON they take up to [`EXPLAIN_RENDER_FACTOR`] times as
/// much at the peak.
pub const EXPLAIN_MAX_BYTES: u64 = 256 << 20;

/// The peak memory of `explain` per byte of explanations held, an upper bound: the
/// explanations and the rendered output (JSON is rendered case by case, so one case's value
/// tree at a time). Measured on 10^5 hdu2999 queries (170 MB of explanations): 2.4 as text,
/// 2.7 as JSON.
pub const EXPLAIN_RENDER_FACTOR: u64 = 4;

/// The bytes one explanation holds: its fields and everything they point to.
pub fn explanation_bytes(e: &Explanation) -> u64 {
    let moves = |list: &[MoveValue]| {
        list.iter().map(|m| (std::mem::size_of_val(m) + m.play.len() + m.value.len()) as u64).sum::<u64>()
    };
    let notes: u64 = e.notes.iter().map(|n| (std::mem::size_of::<String>() + n.len()) as u64).sum();
    let text = (e.title.len() + e.picture.len() + e.verdict.len() + e.value.len()) as u64;
    std::mem::size_of::<Explanation>() as u64 + text + moves(&e.moves) + moves(&e.line) + notes
}

/// Counts the explanations of one input as a problem builds them, and refuses the input once
/// they pass what `explain` may hold: [`EXPLAIN_MAX_BYTES`], or a quarter
/// ([`EXPLAIN_RENDER_FACTOR`]) of [`memory_limit`], whichever is less. The refusal's estimate is
/// the mean size of the cases explained so far times the number of cases.
#[derive(Debug, Clone)]
pub struct ExplainBudget {
    cases: usize,
    done: usize,
    used: u64,
    limit: u64,
    source_of_limit: &'static str,
}

impl ExplainBudget {
    /// The budget of an input of `cases` cases (explanations to build).
    pub fn new(cases: usize) -> ExplainBudget {
        let memory = memory_limit().map(|(limit, _)| limit / EXPLAIN_RENDER_FACTOR);
        let (limit, source_of_limit) = match memory {
            Some(memory) if memory < EXPLAIN_MAX_BYTES => {
                (memory, "explain may hold in a quarter of the memory the command may use (gamesolve judge answers it)")
            }
            _ => (EXPLAIN_MAX_BYTES, "explain holds for one input (gamesolve judge answers it)"),
        };
        ExplainBudget::within(cases, limit, source_of_limit)
    }

    fn within(cases: usize, limit: u64, source_of_limit: &'static str) -> ExplainBudget {
        ExplainBudget { cases, done: 0, used: 0, limit, source_of_limit }
    }

    /// Counts `explanation`, or refuses the input when it does not fit.
    pub fn charge(&mut self, explanation: &Explanation) -> Result<(), OutOfMemory> {
        self.done += 1;
        self.used = self.used.saturating_add(explanation_bytes(explanation));
        if self.used <= self.limit {
            return Ok(());
        }
        let cases = self.cases.max(self.done);
        let needed = (self.used as f64 / self.done as f64 * cases as f64) as u64;
        Err(OutOfMemory {
            what: format!("explaining {cases} cases"),
            needed: needed.max(self.used),
            limit: self.limit,
            source_of_limit: self.source_of_limit,
        })
    }
}

/// Every explanation of `explanations` (an input's `cases` cases, in order), each counted by an
/// [`ExplainBudget`]: the input is refused as soon as they pass it.
pub fn explain_all(
    cases: usize,
    explanations: impl IntoIterator<Item = Explanation>,
) -> Result<Vec<Explanation>, OutOfMemory> {
    let mut budget = ExplainBudget::new(cases);
    let mut all = Vec::new();
    for explanation in explanations {
        budget.charge(&explanation)?;
        all.push(explanation);
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_explanation_counts_its_fields_and_what_they_hold() {
        let explanation = Explanation {
            title: "case 1".into(),
            verdict: "WIN".into(),
            moves: vec![MoveValue { play: "a1".into(), value: "loss in 2".into() }],
            notes: vec!["note".into()],
            ..Default::default()
        };
        // By hand: the struct, 6 + 3 bytes of text, one move (its struct, 2 + 9 bytes) and
        // one note (a String, 4 bytes).
        let by_hand = std::mem::size_of::<Explanation>()
            + 9
            + std::mem::size_of::<MoveValue>()
            + 11
            + std::mem::size_of::<String>()
            + 4;
        assert_eq!(explanation_bytes(&explanation), by_hand as u64);
    }

    #[test]
    fn explanations_past_the_budget_refuse_the_input_with_an_estimate_for_every_case() {
        let explanation = Explanation { title: "x".repeat(1000), ..Default::default() };
        let each = explanation_bytes(&explanation);
        let mut budget = ExplainBudget::within(100, 3 * each, "test");
        for _ in 0..3 {
            budget.charge(&explanation).unwrap();
        }
        let refusal = budget.charge(&explanation).unwrap_err();
        // Four cases seen, each `each` bytes: a hundred are a hundred times one.
        assert_eq!((refusal.needed, refusal.limit), (100 * each, 3 * each));
        assert!(refusal.to_string().starts_with("explaining 100 cases needs about"), "{refusal}");
        // explain_all keeps everything that fits, in order.
        let small = Explanation { title: "case".into(), ..Default::default() };
        assert_eq!(explain_all(2, [small.clone(), small.clone()]).unwrap(), vec![small.clone(), small]);
    }
}
