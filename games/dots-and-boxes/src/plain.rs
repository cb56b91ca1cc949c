//! The rules restated for the oracle, on plain sets of segments: no line numbers, no masks, no
//! code shared with the engine side. A move's gain is counted the slowest obvious way: the
//! closed boxes of the whole board after the move minus those before it.

use crate::board::{Board, Lines};
use crate::game::Rule;
use solver_core::{Game, ScoredMove, ScoringRules};
use std::collections::BTreeSet;

/// A dot as (row, column).
pub type PlainDot = (u8, u8);

/// A segment between two neighbouring dots, the smaller (row, column) first.
pub type Segment = (PlainDot, PlainDot);

/// Dots and boxes on a `rows` x `cols` board of boxes, a position being the set of drawn
/// segments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlainDots {
    /// Rows of boxes.
    pub rows: usize,
    /// Columns of boxes.
    pub cols: usize,
    /// Whether closing a box earns another move.
    pub rule: Rule,
}

impl PlainDots {
    /// Every segment of the board.
    pub fn segments(&self) -> Vec<Segment> {
        let mut all = Vec::new();
        for r in 0..=self.rows as u8 {
            for c in 0..=self.cols as u8 {
                if c < self.cols as u8 {
                    all.push(((r, c), (r, c + 1)));
                }
                if r < self.rows as u8 {
                    all.push(((r, c), (r + 1, c)));
                }
            }
        }
        all
    }

    /// How many boxes have all four sides in `drawn`.
    pub fn closed_boxes(&self, drawn: &BTreeSet<Segment>) -> usize {
        let mut closed = 0;
        for r in 0..self.rows as u8 {
            for c in 0..self.cols as u8 {
                let sides = [
                    ((r, c), (r, c + 1)),
                    ((r + 1, c), (r + 1, c + 1)),
                    ((r, c), (r + 1, c)),
                    ((r, c + 1), (r + 1, c + 1)),
                ];
                if sides.iter().all(|s| drawn.contains(s)) {
                    closed += 1;
                }
            }
        }
        closed
    }

    /// The engine's set of lines of `board` as segments (through [`Board::line`], the one
    /// thing the two sides share: what a line number means).
    pub fn from_lines(board: &Board, lines: Lines) -> BTreeSet<Segment> {
        (0..board.lines())
            .filter(|&e| lines >> e & 1 == 1)
            .map(|e| {
                let (a, b) = board.line(e);
                ((a.row, a.col), (b.row, b.col))
            })
            .collect()
    }
}

impl Game for PlainDots {
    type State = BTreeSet<Segment>;
}

impl ScoringRules for PlainDots {
    fn scored_moves(&self, drawn: &BTreeSet<Segment>, out: &mut Vec<ScoredMove<BTreeSet<Segment>>>) {
        let before = self.closed_boxes(drawn);
        for segment in self.segments() {
            if drawn.contains(&segment) {
                continue;
            }
            let mut after = drawn.clone();
            after.insert(segment);
            let gain = (self.closed_boxes(&after) - before) as i32;
            let again = match self.rule {
                Rule::TurnPasses => false,
                Rule::MoveAgain => gain > 0,
            };
            out.push(ScoredMove { to: after, gain, again });
        }
    }
}
