//! The dense space of every position reachable from the empty board, with moves on ids: what
//! the retrograde engines and the crate's own backward sweep run on.
//!
//! # Ranking
//! A board's code is its base-3 number, cell `i` the digit of weight `3^i` (0 empty, 1 X,
//! 2 O); `3^16 < 2^32`, so a code is a `u32`. The space is built by enumeration from the
//! empty board one ply at a time (a finished board has no moves), marking each code reached in
//! a bitmap of `3^cells` bits. A board's id is the number of reachable codes below its own:
//! the rank of its bit, read in constant time from a count of the bits set before each 64-bit
//! word of the bitmap plus a popcount inside the word. The sorted list of the reachable codes
//! (the bitmap's set bits in order) gives unranking. So ids are dense, increasing with codes,
//! and a board outside the space has no bit.
//!
//! A move writes a nonzero digit into a zero one, so it raises the code and the id: the ids
//! follow play ([`PlayOrder::Ascending`]), and one sweep from the last id down to the first
//! solves the game ([`MnkSpace::solve`]).
//!
//! # Memory
//! 4 bytes a position for the list of codes, and for the rank index `3^cells / 8` bytes of
//! bitmap plus half as much of counts: at most 5.1 MiB and 2.6 MiB (16 cells), whatever the
//! shape's number of positions. The (4,4,4) game's 9,722,011 positions take 37.1 MiB of codes
//! and 7.7 MiB of index, 44.8 MiB in all (4.8 bytes a position); a solved table adds 4 bytes a
//! position. Building holds besides them the current ply's positions and the next's.

use crate::board::{Board, POW3, Player, Shape, Status, cells_of};
use solver_core::progress::Ticker;
use solver_core::{Game, LoopySpace, Outcome, OutcomeTable, PlayOrder, Progress, StateId, StateSpace, Terminal};

/// Every reachable position of one m,n,k-game, numbered densely.
pub struct MnkSpace {
    shape: Shape,
    lines: Vec<u16>,
    /// The codes of the reachable boards, increasing: `codes[id]` is the board of `id`.
    codes: Vec<u32>,
    /// Bit `code % 64` of word `code / 64` is set when the board of `code` is reachable.
    reached: Vec<u64>,
    /// `before[w]`: the bits set in the words before word `w`.
    before: Vec<u32>,
}

impl MnkSpace {
    /// Enumerates every position reachable from the empty board of `shape`.
    ///
    /// ```
    /// use mnk::{MnkSpace, Shape};
    /// use solver_core::StateSpace;
    /// // Tic-tac-toe: 5,478 positions reachable in play, the empty board included.
    /// assert_eq!(MnkSpace::new(Shape::new(3, 3, 3).unwrap()).len(), 5_478);
    /// ```
    pub fn new(shape: Shape) -> MnkSpace {
        let lines = shape.lines();
        let mut reached = vec![0u64; (POW3[shape.cells()] as usize).div_ceil(64)];
        reached[0] = 1;
        let mut layer = vec![0u32];
        while !layer.is_empty() {
            let mut next = Vec::new();
            for &code in &layer {
                let board = Board::from_code(shape, code);
                if board.status(&lines) != Status::InPlay {
                    continue;
                }
                let digit = digit(board.to_move());
                for cell in cells_of(board.empty_cells()) {
                    let child = code + digit * POW3[cell];
                    let (word, bit) = (child as usize / 64, child % 64);
                    if reached[word] >> bit & 1 == 0 {
                        reached[word] |= 1 << bit;
                        next.push(child);
                    }
                }
            }
            layer = next;
        }
        let mut before = Vec::with_capacity(reached.len());
        let mut codes = Vec::new();
        for (w, &word) in reached.iter().enumerate() {
            before.push(codes.len() as u32);
            codes.extend(cells_of64(word).map(|bit| (w * 64 + bit) as u32));
        }
        MnkSpace { shape, lines, codes, reached, before }
    }

    /// The game.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The game's lines ([`Shape::lines`]).
    pub fn lines(&self) -> &[u16] {
        &self.lines
    }

    /// The id of the board with this base-3 code ([`Board::code`]), if play reaches it.
    #[inline]
    pub fn id_of_code(&self, code: u32) -> Option<StateId> {
        let (w, bit) = (code as usize / 64, code % 64);
        let word = *self.reached.get(w)?;
        if word >> bit & 1 == 0 {
            return None;
        }
        let below = (word & ((1u64 << bit) - 1)).count_ones();
        Some(StateId::from_u32(self.before[w] + below).expect("a space holds fewer than 3^16 positions"))
    }

    /// The id of `board`, if play reaches it (a board of another shape has none).
    pub fn id_of(&self, board: &Board) -> Option<StateId> {
        if board.shape() != self.shape {
            return None;
        }
        self.id_of_code(board.code())
    }

    /// Where play stands at `id`.
    pub fn status_at(&self, id: StateId) -> Status {
        Board::from_code(self.shape, self.codes[id.index()]).status(&self.lines)
    }

    /// Solves the whole space in one sweep from the last id to the first: every move raises the
    /// id, so a position's children are solved before it. A finished position is lost for the
    /// player to move (the last mover completed a line) or tied (the board is full); any other
    /// takes its best child by [`Outcome::best_move_key`], one ply longer. The same values as
    /// the retrograde engines, in one pass and the table's 4 bytes a position.
    ///
    /// ```
    /// use mnk::{Board, MnkSpace, Shape};
    /// use solver_core::{Outcome, StateSpace};
    /// let shape = Shape::new(3, 3, 3).unwrap();
    /// let space = MnkSpace::new(shape);
    /// assert_eq!(space.solve().get(space.rank(&Board::empty(shape))), Outcome::Tie(9));
    /// ```
    pub fn solve(&self) -> OutcomeTable {
        self.solve_reporting(&Progress::silent())
    }

    /// [`MnkSpace::solve`], advancing `progress` towards the space's boards as they are valued.
    pub fn solve_reporting(&self, progress: &Progress<'_>) -> OutcomeTable {
        let len = self.len();
        progress.begin(len as u64);
        let mut ticker = Ticker::new(progress);
        let mut table =
            OutcomeTable::from_outcomes(std::iter::repeat_n(Outcome::Draw, len)).expect("a draw has no remoteness");
        for id in StateId::all(len).rev() {
            let code = self.codes[id.index()];
            let board = Board::from_code(self.shape, code);
            let value = match board.status(&self.lines) {
                Status::Won(_) => Outcome::Loss(0),
                Status::Full => Outcome::Tie(0),
                Status::InPlay => {
                    let digit = digit(board.to_move());
                    best_child(cells_of(board.empty_cells()).map(|cell| {
                        table.get(self.id_of_code(code + digit * POW3[cell]).expect("the space is closed under moves"))
                    }))
                }
            };
            table.set(id, value).expect("a remoteness of at most 16 plies");
            ticker.tick();
        }
        table
    }
}

/// The value of a position in play whose children have these values (for the player to move
/// there): the best child for the player to move, seen from the other side and one ply longer.
///
/// # Panics
/// If there is no child.
pub fn best_child(children: impl IntoIterator<Item = Outcome>) -> Outcome {
    children.into_iter().min_by_key(|c| c.best_move_key()).expect("a position in play has a move").backed_up()
}

/// The set bits of a word, in increasing order.
fn cells_of64(mut word: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let bit = (word != 0).then(|| word.trailing_zeros() as usize)?;
        word &= word - 1;
        Some(bit)
    })
}

/// A player's digit in a code.
fn digit(player: Player) -> u32 {
    match player {
        Player::X => 1,
        Player::O => 2,
    }
}

impl Game for MnkSpace {
    type State = Board;
}

impl StateSpace for MnkSpace {
    fn len(&self) -> usize {
        self.codes.len()
    }

    /// # Panics
    /// If play does not reach `board` (the judge checks boards before ranking them).
    fn rank(&self, board: &Board) -> StateId {
        self.id_of(board).unwrap_or_else(|| panic!("{board:?} is not a reachable board of {}", self.shape))
    }

    fn unrank(&self, id: StateId) -> Board {
        Board::from_code(self.shape, self.codes[id.index()])
    }

    fn play_order(&self) -> Option<PlayOrder> {
        Some(PlayOrder::Ascending)
    }
}

impl LoopySpace for MnkSpace {
    fn terminal_at(&self, id: StateId) -> Option<Terminal> {
        match self.status_at(id) {
            Status::InPlay => None,
            Status::Won(_) => Some(Terminal::Loss),
            Status::Full => Some(Terminal::Tie),
        }
    }

    fn successor_ids(&self, id: StateId, out: &mut Vec<StateId>) {
        let code = self.codes[id.index()];
        let board = Board::from_code(self.shape, code);
        let digit = digit(board.to_move());
        out.extend(
            cells_of(board.empty_cells())
                .map(|cell| self.id_of_code(code + digit * POW3[cell]).expect("the space is closed under moves")),
        );
    }
}
