//! Every position reachable from the empty board, numbered densely by the stones played and
//! then by a key, without a hash map: the whole-space commands' space for Connect Four.
//!
//! A position's key is Tromp's: the mover's stones plus every stone plus each column's bottom
//! cell, so each column's part is a sentinel bit just above its stones with the mover's
//! stones below it. The key names the position (the sentinel gives the column's height, the
//! bits below it the mover's stones), and it fits the bitboard's `(height + 1) * width <= 64`
//! bits. The positions of each ply are kept as their sorted keys; a position's id is the
//! positions of the earlier plies plus its key's place among its ply's, found through an
//! index of the keys' top bits and a binary search among the few keys that share them.
//!
//! Memory: 8 bytes a position for the keys and about 2 for the index, so width 6 height 4
//! (94,910,577 positions, Böck) takes about 0.95 GB, where a space discovered by hashing
//! takes several times that.

use crate::board::{Position, Shape};
use rayon::prelude::*;
use solver_core::{Game, LoopySpace, PlayOrder, SpaceTooLarge, StateId, StateSpace, Terminal};

/// Every position reachable from the empty board of one [`Shape`], finished ones included,
/// numbered by ply, then by key (see the module docs).
///
/// ```
/// use connect_four::{ConnectFourSpace, Position, Shape};
/// use solver_core::StateSpace;
/// // 4x4: 161,029 positions (Böck); the empty board comes first.
/// let space = ConnectFourSpace::reachable(Shape::new(4, 4).unwrap(), 1_000_000).unwrap();
/// assert_eq!(space.len(), 161_029);
/// assert_eq!(space.rank(&Position::empty()).index(), 0);
/// let position = Position::from_moves(space.shape(), "2233").unwrap();
/// assert_eq!(space.unrank(space.rank(&position)), position);
/// ```
#[derive(Debug)]
pub struct ConnectFourSpace {
    shape: Shape,
    /// The keys of every ply's positions, sorted within a ply, the plies one after another.
    keys: Vec<u64>,
    /// Where each ply's keys start in `keys`, and one past the last ply's end.
    ply_starts: Vec<usize>,
    /// Each ply's index of its keys' top bits.
    indexes: Vec<TopBits>,
}

/// Where a ply's keys with the same top bits start: `starts[t]` is the first place whose key's
/// top bits are at least `t`, so a key lies in `starts[t]..starts[t + 1]`.
#[derive(Debug)]
struct TopBits {
    /// How far a key is shifted right to leave its top bits.
    shift: u32,
    starts: Vec<u32>,
}

impl TopBits {
    /// The index of `keys` (sorted, below `2^bits`): about one entry for every four keys, so a
    /// lookup searches a few keys where they spread evenly.
    fn new(keys: &[u64], bits: u32) -> TopBits {
        let wanted = (keys.len() / 4).max(1).ilog2() + 1;
        let top = wanted.min(bits).min(24);
        let shift = bits - top;
        let mut starts = Vec::with_capacity((1 << top) + 1);
        let mut at = 0;
        for t in 0..=(1u64 << top) {
            while at < keys.len() && keys[at] >> shift < t {
                at += 1;
            }
            // A ply has fewer than 2^32 positions: the space's ids are 32 bits.
            starts.push(at as u32);
        }
        TopBits { shift, starts }
    }

    /// The range of places where `key` may lie.
    fn range(&self, key: u64) -> std::ops::Range<usize> {
        let t = (key >> self.shift) as usize;
        match (self.starts.get(t), self.starts.get(t + 1)) {
            (Some(&from), Some(&to)) => from as usize..to as usize,
            _ => 0..0,
        }
    }
}

impl ConnectFourSpace {
    /// Every position reachable from the empty board of `shape`, ply by ply on every thread of
    /// rayon's pool; [`SpaceTooLarge`] as soon as there are more than `most` (`len` then
    /// counts the positions found by then).
    ///
    /// Time `O(N log N)` for `N` positions (each ply's children sorted); memory about 10 bytes
    /// a position, plus the children of the ply being enumerated (8 bytes each), at most
    /// `most` and a chunk's before they are merged.
    pub fn reachable(shape: Shape, most: usize) -> Result<ConnectFourSpace, SpaceTooLarge> {
        let most = most.min(StateId::LIMIT);
        let bits = shape.stride() * shape.width() as u32;
        let mut keys = vec![key_of(shape, Position::empty())];
        let mut ply_starts = vec![0, 1];
        let mut indexes = vec![TopBits::new(&keys, bits)];
        loop {
            let layer = ply_starts[ply_starts.len() - 2]..keys.len();
            let mut next = Vec::new();
            // A chunk of the ply at a time, so that the children not yet merged stay few: a
            // board past the limit is refused before its children fill the memory (width 7
            // height 4 has 2.3 billion positions).
            for chunk in keys[layer].chunks(CHUNK) {
                let mut children: Vec<u64> = chunk
                    .par_iter()
                    .flat_map_iter(|&key| position_of(shape, key).children(shape).map(|child| key_of(shape, child)))
                    .collect();
                next.append(&mut children);
                if keys.len() + next.len() > most {
                    merge(&mut next);
                    if keys.len() + next.len() > most {
                        return Err(SpaceTooLarge { len: keys.len() + next.len(), limit: most });
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            merge(&mut next);
            indexes.push(TopBits::new(&next, bits));
            keys.extend_from_slice(&next);
            ply_starts.push(keys.len());
        }
        keys.shrink_to_fit();
        Ok(ConnectFourSpace { shape, keys, ply_starts, indexes })
    }

    /// Bytes a position may take while the space is enumerated: its key (8), its share of
    /// the index (about 2), and the children of a ply before they are merged (8 a position).
    pub const BYTES_PER_POSITION: u64 = 20;

    /// The most positions [`ConnectFourSpace::reachable`] may enumerate on `shape` within
    /// `bytes`: [`ConnectFourSpace::BYTES_PER_POSITION`] each, after one chunk's children.
    pub fn most_within(shape: Shape, bytes: u64) -> usize {
        let chunk_bytes = (CHUNK * shape.width() * 8) as u64;
        usize::try_from(bytes.saturating_sub(chunk_bytes) / Self::BYTES_PER_POSITION).unwrap_or(usize::MAX)
    }

    /// The board.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The ply of id `index` (`index < len`).
    fn ply_of(&self, index: usize) -> usize {
        self.ply_starts.partition_point(|&start| start <= index) - 1
    }
}

/// Positions whose children are generated together.
const CHUNK: usize = 1 << 20;

/// Sorts `keys` and drops the repeats.
fn merge(keys: &mut Vec<u64>) {
    keys.par_sort_unstable();
    keys.dedup();
}

/// Tromp's key of `position`: every column's stones with a sentinel bit above them, the
/// mover's stones below it.
fn key_of(shape: Shape, position: Position) -> u64 {
    position.mover + position.stones + shape.bottoms()
}

/// The position whose key is `key`: in each column the highest set bit is the sentinel, the
/// stones lie below it, and the bits there are the mover's.
fn position_of(shape: Shape, key: u64) -> Position {
    let stride = shape.stride();
    let mut position = Position::empty();
    for column in 0..shape.width() as u32 {
        // A stride of 64 bits (one column 63 high) must not shift by 64.
        let part = (key >> (column * stride)) & (u64::MAX >> (64 - stride));
        let height = part.ilog2();
        let stones = (1u64 << height) - 1;
        position.stones |= stones << (column * stride);
        position.mover |= (part & stones) << (column * stride);
    }
    position
}

impl Game for ConnectFourSpace {
    type State = Position;
}

/// Moves on ids, from [`Position::children`], allocating nothing: the engines call this for
/// every position. A buffer a call, the way [`Rules`](solver_core::Rules) gives moves, made two
/// threads slower than one under `gamesolve`'s allocator, which counts every allocation on
/// shared atomic counters (SEARCH.md).
impl LoopySpace for ConnectFourSpace {
    fn terminal_at(&self, id: StateId) -> Option<Terminal> {
        self.unrank(id).status(self.shape).terminal()
    }

    fn successor_ids(&self, id: StateId, out: &mut Vec<StateId>) {
        out.extend(self.unrank(id).children(self.shape).map(|child| self.rank(&child)));
    }
}

impl StateSpace for ConnectFourSpace {
    fn len(&self) -> usize {
        self.keys.len()
    }

    fn rank(&self, position: &Position) -> StateId {
        self.try_rank(position).expect("a position of the space: callers validate input before ranking it")
    }

    fn try_rank(&self, position: &Position) -> Option<StateId> {
        let ply = position.played();
        let (index, from) = (self.indexes.get(ply)?, *self.ply_starts.get(ply)?);
        let key = key_of(self.shape, *position);
        let range = index.range(key);
        let place = self.keys[from + range.start..from + range.end].binary_search(&key).ok()?;
        StateId::new(from + range.start + place).ok()
    }

    fn unrank(&self, id: StateId) -> Position {
        position_of(self.shape, self.keys[id.index()])
    }

    /// Every move adds a stone, and the plies are numbered in order.
    fn play_order(&self) -> Option<PlayOrder> {
        Some(PlayOrder::Ascending)
    }

    /// The empty cells: one level a ply, and a move leaves one fewer.
    fn play_levels(&self) -> Option<u32> {
        Some(self.shape.cells() as u32 + 1)
    }

    fn play_level(&self, id: StateId) -> u32 {
        (self.shape.cells() - self.ply_of(id.index())) as u32
    }
}
