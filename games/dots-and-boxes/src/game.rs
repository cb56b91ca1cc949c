//! The game for the engines: the positions reachable from a start, ranked as subsets of the
//! lines still free, with precomputed box masks so that moves are made on ids directly.

use crate::board::{Board, Lines};
use solver_core::{Game, PlayOrder, ScoredMove, ScoringSpace, StateId, StateSpace};

/// Whether completing a box earns another move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The turn always passes, boxes or not (HDU 4753).
    TurnPasses,
    /// Completing one or two boxes earns exactly one more move (the standard rule); the game
    /// ends when every line is drawn, whoever would move next.
    MoveAgain,
}

impl Rule {
    /// Both rules.
    pub const ALL: [Rule; 2] = [Rule::TurnPasses, Rule::MoveAgain];

    /// A short name: `turn-passes` or `move-again`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::TurnPasses => "turn-passes",
            Rule::MoveAgain => "move-again",
        }
    }

    /// The rule with this [`Rule::name`].
    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// Bit 31 is never a line (a board has at most 31), so a mask holding it is never contained in
/// a set of lines: it marks "no box on this side".
const NO_BOX: u32 = 1 << 31;

/// Every id of a space: at most 31 free lines.
const ID_BITS: u32 = !NO_BOX;

/// Dots and boxes on one board under one rule, from a start position: the positions are the
/// start plus any subset of the lines it leaves free.
///
/// A position (the game's state) is the set of drawn lines as a bitmask ([`Lines`]); its
/// value does not depend on who owns the boxes already closed, so the score so far is not
/// part of it. The id of a position is the subset of the free lines it has drawn, the `i`-th
/// free line (in line order) being bit `i`; from the empty board the id is the mask itself.
/// Every move sets one bit, so ids grow along play ([`PlayOrder::Ascending`]) and the score DP
/// sweeps them downward without a search.
#[derive(Debug, Clone)]
pub struct DotsAndBoxes {
    board: Board,
    rule: Rule,
    start: Lines,
    /// The free lines of the start, ascending: id bit `i` is line `free[i]` (`i < free_count`).
    free: [u8; 32],
    free_count: usize,
    /// For each line, its bit in an id, or 0 for a line of the start.
    id_bit: [u32; 32],
    /// The ids' bits: one per free line.
    free_mask: u32,
    /// For each free line `i`: for each box it borders, the id bits of that box's free lines
    /// (bit `i` included), or [`NO_BOX`]. Drawing `i` into id `x` closes the box iff
    /// `(x | 1 << i) & mask == mask`. Indexed by `i & 31`, so the hot loop needs no bounds check.
    need: [[u32; 2]; 32],
    /// For each line of the board: the full masks of the boxes it borders, or [`NO_BOX`].
    boxes: [[Lines; 2]; 32],
}

impl DotsAndBoxes {
    /// Every position of `board` under `rule`, from the empty board: `2^lines` positions.
    pub fn new(board: Board, rule: Rule) -> DotsAndBoxes {
        DotsAndBoxes::from_position(board, rule, 0)
    }

    /// The positions reachable from `start` (lines outside the board are ignored):
    /// `2^free` positions, `free` being the number of lines `start` leaves undrawn.
    /// Allocates nothing: a judge builds one per case.
    pub fn from_position(board: Board, rule: Rule, start: Lines) -> DotsAndBoxes {
        let start = start & board.all_lines();
        let mut game = DotsAndBoxes {
            board,
            rule,
            start,
            free: [0; 32],
            free_count: 0,
            id_bit: [0; 32],
            free_mask: 0,
            need: [[NO_BOX; 2]; 32],
            boxes: [[NO_BOX; 2]; 32],
        };
        for e in 0..board.lines() {
            for (slot, (r, c)) in game.boxes[e].iter_mut().zip(board.boxes_of_line(e)) {
                *slot = board.box_mask(r, c);
            }
            if start >> e & 1 == 0 {
                game.id_bit[e] = 1 << game.free_count;
                game.free[game.free_count] = e as u8;
                game.free_count += 1;
            }
        }
        game.free_mask = ((1u64 << game.free_count) - 1) as u32;
        for i in 0..game.free_count {
            let boxes = game.boxes[game.free[i] as usize];
            game.need[i] = boxes.map(|m| if m == NO_BOX { NO_BOX } else { game.compress(m) });
        }
        game
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The start position: the id 0.
    pub fn start(&self) -> Lines {
        self.start
    }

    /// The free lines of the start, ascending.
    pub fn free_lines(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.free[..self.free_count].iter().map(|&e| e as usize)
    }

    /// The id bits of the free lines among `lines` (a software `pext`).
    fn compress(&self, mut lines: Lines) -> u32 {
        let mut id = 0;
        while lines != 0 {
            id |= self.id_bit[lines.trailing_zeros() as usize & 31];
            lines &= lines - 1;
        }
        id
    }

    /// The position's lines from its id (a software `pdep`).
    fn expand(&self, id: u32) -> Lines {
        self.free_lines().enumerate().fold(self.start, |lines, (i, e)| lines | (id >> i & 1) << e)
    }

    /// The boxes line `e` closes when drawn into `lines` (0, 1 or 2).
    pub fn gain(&self, lines: Lines, e: usize) -> i32 {
        let after = lines | 1 << e;
        let [a, b] = self.boxes[e];
        i32::from(after & a == a) + i32::from(after & b == b)
    }

    /// The value of every move from the position `id` as `(line, boxes closed, value for the
    /// mover)`, given the table `values` of this space: the moves whose value equals the
    /// table's entry for `id` are the optimal ones.
    pub fn move_values<V: Copy + Into<i64>>(&self, values: &[V], id: StateId) -> Vec<(usize, i32, i64)> {
        let mut moves = Vec::new();
        self.scored_move_ids(id, &mut moves);
        let lines = self.unrank(id);
        moves
            .iter()
            .map(|m| {
                let line = (self.unrank(m.to) & !lines).trailing_zeros() as usize;
                let next: i64 = values[m.to.index()].into();
                (line, m.gain, i64::from(m.gain) + if m.again { next } else { -next })
            })
            .collect()
    }
}

impl Game for DotsAndBoxes {
    /// The drawn lines.
    type State = Lines;
}

impl StateSpace for DotsAndBoxes {
    fn len(&self) -> usize {
        1 << self.free_count
    }

    /// # Panics
    /// If `state` lacks a line of the start or has lines outside the board.
    fn rank(&self, state: &Lines) -> StateId {
        assert!(
            state & self.start == self.start && state & !self.board.all_lines() == 0,
            "{state:#b} is not a position reachable from {:#b}",
            self.start
        );
        StateId::from_u32(self.compress(state & !self.start)).expect("at most 31 free lines")
    }

    fn unrank(&self, id: StateId) -> Lines {
        self.expand(id.as_u32())
    }

    fn play_order(&self) -> Option<PlayOrder> {
        Some(PlayOrder::Ascending)
    }

    /// The lines left to draw: every move draws one.
    fn play_levels(&self) -> Option<u32> {
        Some(self.free_count as u32 + 1)
    }

    fn play_level(&self, id: StateId) -> u32 {
        self.free_count as u32 - id.as_u32().count_ones()
    }
}

impl DotsAndBoxes {
    /// Calls `visit` with each move of id `x` under one rule (`AGAIN`: whether closing a box
    /// earns a move). No unranking and no allocation: one mask test per bordering box.
    #[inline(always)]
    fn each_move<const AGAIN: bool>(&self, x: u32, visit: &mut dyn FnMut(ScoredMove<StateId>)) {
        let mut free = !x & self.free_mask;
        while free != 0 {
            let i = free.trailing_zeros();
            free &= free - 1;
            // Ids are below 2^31: masking bit 31 changes nothing but lets the compiler see
            // that the id is valid, with no check at run time.
            let to = (x | 1 << i) & ID_BITS;
            // `i` < 32, so neither index is checked at run time.
            let [a, b] = self.need[i as usize & 31];
            let (closes_a, closes_b) = (to & a == a, to & b == b);
            let gain = i32::from(closes_a) + i32::from(closes_b);
            let to = StateId::from_u32(to).expect("ids are below 2^31");
            visit(ScoredMove { to, gain, again: AGAIN && (closes_a | closes_b) });
        }
    }
}

impl ScoringSpace for DotsAndBoxes {
    fn scored_move_ids(&self, id: StateId, out: &mut Vec<ScoredMove<StateId>>) {
        match self.rule {
            Rule::TurnPasses => self.each_move::<false>(id.as_u32(), &mut |m| out.push(m)),
            Rule::MoveAgain => self.each_move::<true>(id.as_u32(), &mut |m| out.push(m)),
        }
    }

    /// The score DP's entry: each move goes straight to the DP's loop, none is stored.
    #[inline]
    fn visit_scored_move_ids(
        &self,
        id: StateId,
        _scratch: &mut Vec<ScoredMove<StateId>>,
        visit: &mut dyn FnMut(ScoredMove<StateId>),
    ) {
        match self.rule {
            Rule::TurnPasses => self.each_move::<false>(id.as_u32(), visit),
            Rule::MoveAgain => self.each_move::<true>(id.as_u32(), visit),
        }
    }
}
