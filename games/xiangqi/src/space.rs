//! The dense state space, moves and un-moves on ids: what the retrograde engines run on.
//!
//! # Ranking
//! A position in play is `(to_move, Bob's General, Alice's General, Horse)`. The Generals are
//! numbered 0..9 inside their palaces; the Horse has 89 codes: the 88 points the two Generals
//! leave free (a point's index minus the General points below it), then 88 for "captured". So
//!
//! `id = ((to_move * 9 + bob) * 9 + alice) * 89 + horse`
//!
//! with Alice = 0, Bob = 1: 2 * 81 * 89 = 14,418 positions in play, every id a legal placement
//! (no two pieces on one point, no hole). The two ends follow: 14,418 "Alice's General
//! captured" and 14,419 "Bob's General captured", 14,420 ids in all.

use crate::board::{Board, COLS, POINTS, Position, ROWS, Side, Square};
use solver_core::{Game, LoopySpace, StateId, StateSpace, Terminal, Unmoves};

/// Horse codes per pair of Generals: 88 free points and "captured".
const HORSE_CODES: usize = POINTS - 2 + 1;
const CAPTURED: usize = HORSE_CODES - 1;
/// Positions in play with one player to move.
const PER_SIDE: usize = 81 * HORSE_CODES;
/// Positions in play.
const IN_PLAY: usize = 2 * PER_SIDE;
const ALICE_LOST: usize = IN_PLAY;
const BOB_LOST: usize = IN_PLAY + 1;
/// Every position: in play, then the two ends.
pub const POSITIONS: usize = IN_PLAY + 2;

/// Moves of a piece from a point, with the point that must be empty: up to 8 for a Horse.
#[derive(Clone, Copy)]
struct Jumps {
    len: u8,
    /// The point the Horse lands on (or leaves from, in the reverse table).
    other: [u8; 8],
    /// The leg: the point next to the Horse's starting point in the direction of the long step.
    leg: [u8; 8],
}

const NO_JUMPS: Jumps = Jumps { len: 0, other: [0; 8], leg: [0; 8] };

impl Jumps {
    fn iter(&self) -> impl Iterator<Item = (Square, Square)> + '_ {
        (0..self.len as usize).map(|i| (Square::from_index(self.other[i]), Square::from_index(self.leg[i])))
    }

    const fn push(&mut self, other: u8, leg: u8) {
        self.other[self.len as usize] = other;
        self.leg[self.len as usize] = leg;
        self.len += 1;
    }
}

/// The point `(x + dx, y + dy)` as an index, if on the board.
const fn offset(square: u8, dx: i8, dy: i8) -> Option<u8> {
    let x = (square / COLS) as i8 + dx;
    let y = (square % COLS) as i8 + dy;
    if x >= 0 && x < ROWS as i8 && y >= 0 && y < COLS as i8 { Some(x as u8 * COLS + y as u8) } else { None }
}

/// `FORWARD[s]`: the Horse's jumps from `s` (target, leg). `BACKWARD[t]`: the jumps that land on
/// `t` (source, the source's leg).
const HORSE_TABLES: ([Jumps; POINTS], [Jumps; POINTS]) = {
    let mut forward = [NO_JUMPS; POINTS];
    let mut backward = [NO_JUMPS; POINTS];
    // The long leg goes one of four ways; from the leg the Horse turns left or right.
    let dirs: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let mut s = 0;
    while s < POINTS as u8 {
        let mut d = 0;
        while d < 4 {
            let (dx, dy) = dirs[d];
            if let Some(leg) = offset(s, dx, dy) {
                let mut side = -1;
                while side <= 1 {
                    // Perpendicular to (dx, dy): swap the components.
                    if let Some(target) = offset(leg, dx + dy * side, dy + dx * side) {
                        forward[s as usize].push(target, leg);
                        backward[target as usize].push(s, leg);
                    }
                    side += 2;
                }
            }
            d += 1;
        }
        s += 1;
    }
    (forward, backward)
};
const HORSE_FROM_TO: [Jumps; POINTS] = HORSE_TABLES.0;
const HORSE_INTO: [Jumps; POINTS] = HORSE_TABLES.1;

/// A General's steps inside its palace, by palace index (row-major 3x3): the same grid for both.
const PALACE_STEPS: [&[u8]; 9] =
    [&[1, 3], &[0, 2, 4], &[1, 5], &[0, 4, 6], &[1, 3, 5, 7], &[2, 4, 8], &[3, 7], &[4, 6, 8], &[5, 7]];

/// A position in play, decoded from its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Placed {
    to_move: Side,
    bob: usize,
    alice: usize,
    /// Bob's Horse, `None` once captured.
    horse: Option<Square>,
}

impl Placed {
    fn decode(id: StateId) -> Option<Placed> {
        let id = id.index();
        if id >= IN_PLAY {
            return None;
        }
        let to_move = if id < PER_SIDE { Side::Alice } else { Side::Bob };
        let rest = id % PER_SIDE;
        let (generals, code) = (rest / HORSE_CODES, rest % HORSE_CODES);
        let (bob, alice) = (generals / 9, generals % 9);
        let horse = (code != CAPTURED).then(|| {
            let (a, b) = (Side::Alice.palace_square(alice).index(), Side::Bob.palace_square(bob).index());
            // Alice's points all come before Bob's, so skip her General's point first.
            let mut s = code;
            if s >= a {
                s += 1;
            }
            if s >= b {
                s += 1;
            }
            Square::from_index(s as u8)
        });
        Some(Placed { to_move, bob, alice, horse })
    }

    fn encode(self) -> StateId {
        let code = match self.horse {
            None => CAPTURED,
            Some(h) => {
                let s = h.index();
                s - usize::from(s > self.alice_sq().index()) - usize::from(s > self.bob_sq().index())
            }
        };
        let side = usize::from(self.to_move == Side::Bob);
        id(((side * 9 + self.bob) * 9 + self.alice) * HORSE_CODES + code)
    }

    fn bob_sq(self) -> Square {
        Side::Bob.palace_square(self.bob)
    }

    fn alice_sq(self) -> Square {
        Side::Alice.palace_square(self.alice)
    }

    /// Whether the Generals share a column with no Horse between them (Alice's row is always
    /// below Bob's).
    fn generals_face(self) -> bool {
        let (b, a) = (self.bob_sq(), self.alice_sq());
        b.y() == a.y() && !self.horse.is_some_and(|h| h.y() == a.y() && a.x() < h.x() && h.x() < b.x())
    }

    /// Whether Bob's Horse can take Alice's General now: a jump landing on her point whose leg
    /// is free. Deliberately read from the reverse table, so that the un-moves of the end
    /// position test the forward table.
    fn horse_attacks(self) -> bool {
        let (b, a) = (self.bob_sq(), self.alice_sq());
        self.horse.is_some_and(|h| HORSE_INTO[a.index()].iter().any(|(s, leg)| s == h && leg != b && leg != a))
    }

    fn id_of(to_move: Side, bob: usize, alice: usize, horse: Option<Square>) -> StateId {
        Placed { to_move, bob, alice, horse }.encode()
    }
}

fn id(index: usize) -> StateId {
    StateId::new(index).expect("ids of this space are below 14,420")
}

/// The endgame General + Horse against a lone General on the dense space (see the crate docs
/// for the rules and values). Stateless: all tables are constants.
#[derive(Debug, Clone, Copy, Default)]
pub struct Endgame;

impl Endgame {
    /// The game.
    pub const fn new() -> Endgame {
        Endgame
    }

    /// The id of the end "`loser`'s General captured".
    pub fn captured_id(loser: Side) -> StateId {
        id(match loser {
            Side::Alice => ALICE_LOST,
            Side::Bob => BOB_LOST,
        })
    }

    /// Whether the Generals of `board` face each other on an open column, so the player to move
    /// may capture the other General.
    pub fn generals_face(board: &Board) -> bool {
        let (bob, alice) = palace_indices(board);
        Placed { to_move: Side::Alice, bob, alice, horse: board.horse() }.generals_face()
    }

    /// Whether Bob's Horse on `board` can capture Alice's General now (unhobbled).
    pub fn horse_attacks(board: &Board) -> bool {
        let (bob, alice) = palace_indices(board);
        Placed { to_move: Side::Bob, bob, alice, horse: board.horse() }.horse_attacks()
    }
}

fn palace_indices(board: &Board) -> (usize, usize) {
    let bob = Side::Bob.palace_index(board.bob()).expect("a Board keeps Bob's General in his palace");
    let alice = Side::Alice.palace_index(board.alice()).expect("a Board keeps Alice's General in her palace");
    (bob, alice)
}

impl Game for Endgame {
    type State = Position;
}

impl StateSpace for Endgame {
    fn len(&self) -> usize {
        POSITIONS
    }

    fn rank(&self, state: &Position) -> StateId {
        match state {
            Position::GeneralCaptured { loser } => Endgame::captured_id(*loser),
            Position::InPlay { board, to_move } => {
                let (bob, alice) = palace_indices(board);
                Placed { to_move: *to_move, bob, alice, horse: board.horse() }.encode()
            }
        }
    }

    fn unrank(&self, id: StateId) -> Position {
        match Placed::decode(id) {
            Some(p) => {
                Position::InPlay { board: Board::new_unchecked(p.horse, p.bob_sq(), p.alice_sq()), to_move: p.to_move }
            }
            None if id.index() == ALICE_LOST => Position::GeneralCaptured { loser: Side::Alice },
            None => Position::GeneralCaptured { loser: Side::Bob },
        }
    }
}

impl LoopySpace for Endgame {
    fn terminal_at(&self, id: StateId) -> Option<Terminal> {
        (id.index() >= IN_PLAY).then_some(Terminal::Loss)
    }

    fn successor_ids(&self, id: StateId, out: &mut Vec<StateId>) {
        let Some(p) = Placed::decode(id) else { return };
        let (b, a) = (p.bob_sq(), p.alice_sq());
        match p.to_move {
            Side::Bob => {
                if p.generals_face() {
                    out.push(Endgame::captured_id(Side::Alice));
                }
                if let Some(h) = p.horse {
                    for (target, leg) in HORSE_FROM_TO[h.index()].iter() {
                        if leg == a || leg == b || target == b {
                            continue;
                        }
                        out.push(if target == a {
                            Endgame::captured_id(Side::Alice)
                        } else {
                            Placed::id_of(Side::Alice, p.bob, p.alice, Some(target))
                        });
                    }
                }
                for &step in PALACE_STEPS[p.bob] {
                    if p.horse != Some(Side::Bob.palace_square(step as usize)) {
                        out.push(Placed::id_of(Side::Alice, step as usize, p.alice, p.horse));
                    }
                }
            }
            Side::Alice => {
                if p.generals_face() {
                    out.push(Endgame::captured_id(Side::Bob));
                }
                for &step in PALACE_STEPS[p.alice] {
                    // Stepping onto the Horse captures it.
                    let to = Side::Alice.palace_square(step as usize);
                    let horse = p.horse.filter(|&h| h != to);
                    out.push(Placed::id_of(Side::Bob, p.bob, step as usize, horse));
                }
            }
        }
    }
}

impl Unmoves for Endgame {
    fn predecessor_ids(&self, id: StateId, out: &mut Vec<StateId>) {
        let Some(p) = Placed::decode(id) else {
            // An end: every position whose player could capture the other General.
            let (capturer, range) =
                if id.index() == ALICE_LOST { (Side::Bob, PER_SIDE..IN_PLAY) } else { (Side::Alice, 0..PER_SIDE) };
            for q in range.map(self::id) {
                let q_placed = Placed::decode(q).expect("ids below IN_PLAY are in play");
                if q_placed.generals_face() || (capturer == Side::Bob && q_placed.horse_attacks()) {
                    out.push(q);
                }
            }
            return;
        };
        let (b, a) = (p.bob_sq(), p.alice_sq());
        match p.to_move {
            // Bob moved last: his General stepped, or his Horse jumped.
            Side::Alice => {
                for &from in PALACE_STEPS[p.bob] {
                    if p.horse != Some(Side::Bob.palace_square(from as usize)) {
                        out.push(Placed::id_of(Side::Bob, from as usize, p.alice, p.horse));
                    }
                }
                if let Some(h) = p.horse {
                    for (from, leg) in HORSE_INTO[h.index()].iter() {
                        if from != a && from != b && leg != a && leg != b {
                            out.push(Placed::id_of(Side::Bob, p.bob, p.alice, Some(from)));
                        }
                    }
                }
            }
            // Alice moved last: her General stepped, perhaps capturing the Horse where it stands now.
            Side::Bob => {
                for &from in PALACE_STEPS[p.alice] {
                    let from_sq = Side::Alice.palace_square(from as usize);
                    if p.horse != Some(from_sq) {
                        out.push(Placed::id_of(Side::Alice, p.bob, from as usize, p.horse));
                    }
                    if p.horse.is_none() {
                        out.push(Placed::id_of(Side::Alice, p.bob, from as usize, Some(a)));
                    }
                }
            }
        }
    }
}
