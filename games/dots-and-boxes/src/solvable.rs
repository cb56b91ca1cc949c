//! Dots and boxes as `gamesolve solve`, `probe`, `diff` and `verify FILE` see it: position `n`
//! of a board is the set of lines whose bits `n` has (from the empty board), written as the
//! drawn lines by their dots' numbers (`1-2 2-6`, or `empty`), the notation of HDU 4753's input
//! and of `explain`. Engines: the tiered engine with and without symmetry, and the sequential
//! score DP up to `SCORE_DP_MAX_LINES` lines; values are checked by solver-core's verifier.
//! Its tiers, for `solve --distributed`: `group=G` ([`ByLineGroup::last_lines`]), each tier a
//! range of positions; by default `G` makes tiers of 2^20 positions (at least 4 lines).

use crate::tierings::{ByLineGroup, group_size};
use crate::tiers::{BoardTable, Symmetry, solve_board};
use crate::workloads::{SCORE_DP_MAX_LINES, board_and_rule};
use crate::{Board, DotsAndBoxes, Lines, Rule};
use solver_core::tiers::{TierMove, TieredScoring};
use solver_core::verify::verify_scores;
use testkit::solve::{
    ConsecutiveTiers, Identity, Move, SolvableGame, SolveTarget, Solved, VerifyFailure, read_all, violation,
};
use testkit::table_file::{Encoding, TableFile, Value, ValueKind};

/// `dots-and-boxes rows=R cols=C rule=turn-passes|move-again`.
pub const SOLVE_TARGETS: &[SolveTarget] = &[SolveTarget {
    name: "dots-and-boxes",
    params: "rows=3 cols=3 (31 lines at most, e.g. 3x4) rule=turn-passes|move-again",
    open: |params| {
        let (board, rule) = board_and_rule(params)?;
        let variant = match rule {
            Rule::TurnPasses => "turn-passes: the turn passes after every line, boxes or not",
            Rule::MoveAgain => "move-again: closing a box earns one more line",
        };
        Ok(Box::new(Dots { identity: Identity::new("dots-and-boxes", params, variant), board, rule }))
    },
    golden: &[
        "rows=1 cols=1 rule=turn-passes",
        "rows=1 cols=1 rule=move-again",
        "rows=1 cols=2 rule=turn-passes",
        "rows=1 cols=2 rule=move-again",
        "rows=2 cols=2 rule=turn-passes",
        "rows=2 cols=2 rule=move-again",
        "rows=2 cols=3 rule=turn-passes",
        "rows=2 cols=3 rule=move-again",
        "rows=3 cols=3 rule=turn-passes",
        "rows=3 cols=3 rule=move-again",
    ],
}];

struct Dots {
    identity: Identity,
    board: Board,
    rule: Rule,
}

/// A tiered table. Every value fits a byte: a board of at most 31 lines has at most 12 boxes.
struct Tiered(BoardTable);

impl Solved for Tiered {
    fn encoding(&self) -> Encoding {
        Encoding::Score8
    }

    fn value(&self, index: u64) -> Value {
        Value::Score(i64::from(self.0.value(index as Lines)))
    }
}

/// The sequential score DP's table.
struct Sequential(Vec<i8>);

impl Solved for Sequential {
    fn encoding(&self) -> Encoding {
        Encoding::Score8
    }

    fn value(&self, index: u64) -> Value {
        Value::Score(i64::from(self.0[index as usize]))
    }
}

impl SolvableGame for Dots {
    fn identity(&self) -> &Identity {
        &self.identity
    }

    fn kind(&self) -> ValueKind {
        ValueKind::Score
    }

    fn positions(&self) -> u64 {
        1 << self.board.lines()
    }

    fn start(&self) -> u64 {
        0
    }

    fn engines(&self) -> Vec<&'static str> {
        let mut engines = vec!["tiers-symmetric", "tiers"];
        if self.board.lines() <= SCORE_DP_MAX_LINES {
            engines.extend(["score-dp", "parallel-score-dp"]);
        }
        engines
    }

    fn solve(&self, engine: &str) -> Result<Box<dyn Solved + '_>, String> {
        let tiered = |symmetry| -> Result<Box<dyn Solved>, String> {
            Ok(Box::new(Tiered(solve_board(self.board, self.rule, symmetry).map_err(|e| e.to_string())?)))
        };
        match engine {
            "tiers-symmetric" => tiered(Symmetry::Board),
            "tiers" => tiered(Symmetry::None),
            "score-dp" | "parallel-score-dp" if self.board.lines() <= SCORE_DP_MAX_LINES => {
                let game = DotsAndBoxes::new(self.board, self.rule);
                let values = match engine {
                    "score-dp" => solver_core::score_table::<i8, _>(&game),
                    _ => solver_core::parallel_score_table::<i8, _>(&game),
                };
                Ok(Box::new(Sequential(values.map_err(|e| e.to_string())?)))
            }
            _ => Err(format!("no engine `{engine}`; the engines are {}", self.engines().join(", "))),
        }
    }

    fn describe(&self, index: u64) -> String {
        let names: Vec<String> =
            (0..self.board.lines()).filter(|e| index >> e & 1 == 1).map(|e| self.board.line_name(e)).collect();
        if names.is_empty() { "empty".to_string() } else { names.join(" ") }
    }

    fn parse(&self, text: &str) -> Result<u64, String> {
        let text = text.trim();
        if text == "empty" || text.is_empty() {
            return Ok(0);
        }
        let mut lines: u64 = 0;
        for word in text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
            let line = word
                .split_once('-')
                .and_then(|(a, b)| Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?)))
                .and_then(|(a, b)| self.board.line_between_numbers(a, b))
                .ok_or_else(|| {
                    format!(
                        "`{word}` is not a line of the {}x{} board (two neighbouring dots numbered 1..={}, e.g. 1-2)",
                        self.board.rows(),
                        self.board.cols(),
                        self.board.dots()
                    )
                })?;
            if lines >> line & 1 == 1 {
                return Err(format!("line {word} is given twice"));
            }
            lines |= 1 << line;
        }
        Ok(lines)
    }

    fn moves(&self, index: u64) -> Vec<Move> {
        let lines = index as Lines;
        (0..self.board.lines())
            .filter(|e| lines >> e & 1 == 0)
            .map(|e| {
                let gain = self.board.completed_by(lines, e);
                Move {
                    name: self.board.line_name(e),
                    parts: vec![index | 1 << e],
                    gain: i64::from(gain),
                    again: self.rule == Rule::MoveAgain && gain > 0,
                }
            })
            .collect()
    }

    fn verify(&self, table: &TableFile, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<(), VerifyFailure> {
        let score = |v| match v {
            Value::Score(s) => i8::try_from(s).ok(),
            _ => None,
        };
        let values = read_all(table, 0i8, score, progress)?;
        verify_scores(&DotsAndBoxes::new(self.board, self.rule), &values).map_err(|e| violation(self, e))
    }

    fn tiers(&self, tiering: Option<&str>) -> Result<Box<dyn ConsecutiveTiers + '_>, String> {
        let lines = self.board.lines() as u32;
        let group = match tiering {
            None => lines.saturating_sub(DEFAULT_TIER_LINES).max(lines.min(4)),
            Some("lines") => {
                return Err("the tiering `lines` does not keep a tier's positions together, so it cannot be written \
                            as shards of one table; take group=G"
                    .into());
            }
            Some(name) => group_size(name)?,
        };
        Ok(Box::new(GroupTiers(ByLineGroup::last_lines(DotsAndBoxes::new(self.board, self.rule), group))))
    }
}

/// Lines left out of the default group: tiers of 2^20 positions, a megabyte each.
const DEFAULT_TIER_LINES: u32 = 20;

/// A tiering by the last lines, whose tiers are ranges of positions.
struct GroupTiers(ByLineGroup);

impl TieredScoring for GroupTiers {
    fn tier_count(&self) -> u32 {
        self.0.tier_count()
    }

    fn tier_len(&self, tier: u32) -> u64 {
        self.0.tier_len(tier)
    }

    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        self.0.child_tiers(tier)
    }

    fn tier_moves(&self, tier: u32, index: u64, visit: &mut dyn FnMut(TierMove)) {
        self.0.tier_moves(tier, index, visit)
    }
}

impl ConsecutiveTiers for GroupTiers {
    fn first_position(&self, tier: u32) -> u64 {
        u64::from(self.0.first_id(tier).expect("the last lines make tiers of consecutive ids"))
    }

    fn name(&self) -> String {
        format!("group={}", self.0.tier_count().trailing_zeros())
    }

    fn encoding(&self) -> Encoding {
        Encoding::Score8
    }
}
