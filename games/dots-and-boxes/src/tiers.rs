//! The whole-board engine: every position of a board, one byte each, in blocks solved tier by
//! tier on every core, optionally one block per orbit of the board's symmetries.
//!
//! # How it works
//! The lines are split in two: the *block lines* (up to [`MAX_BLOCK_LINES`]) and the *tier
//! lines* (the rest). A position is a pair (tier pattern `h`, block index `j`): the tier lines
//! drawn and the block lines drawn. All positions with the same `h` form one block of
//! `2^block_lines` bytes, which fits a core's cache.
//!
//! Drawing a line only adds to a position, so a block's children along tier lines are the
//! blocks with one more tier line. Blocks whose patterns have the same number of tier lines
//! (a *tier*) never depend on each other: tiers are solved from the full pattern down, each
//! tier's blocks in parallel (rayon). Within a block:
//! 1. each child block (one per undrawn tier line) is folded in, element by element: "best so
//!    far" becomes the better of itself and the value of drawing that line;
//! 2. the block lines are solved by halving: the half with the top block line drawn is solved
//!    first, folded into the other half the same way, which is then solved; below 64 elements
//!    a plain scalar sweep finishes.
//!
//! Every fold is a loop over bytes with no data-dependent branches, which the compiler turns
//! into SIMD. What a line gains (the boxes it closes) depends on the position only through the
//! few lines of its boxes: the tier lines are a test per block, the block lines above bit 6 a
//! test per 64 bytes, and the six lowest a 64-byte pattern computed once per line.
//!
//! # Symmetry
//! With [`Symmetry::Board`], the block lines are chosen as a union of orbits of the board's
//! symmetry group (reflections; rotations too when the board is square), so every symmetry
//! maps block lines to block lines and tier lines to tier lines. Only one block per orbit of
//! tier patterns is stored; a child block that is not stored is read from its stored image,
//! its bytes permuted by the symmetry's action on block indices. Symmetric positions have
//! equal values: the rules do not depend on where a box is.
//!
//! # Cost
//! Time `O(2^L L)` byte operations for `L` lines (`/ |G|` with symmetry, `G` the group), mostly
//! vectorized, split over the threads of rayon's current pool. Memory: one byte a stored
//! position (`2^L`, or about `2^L / |G|` with symmetry) plus two blocks of scratch per thread.

use crate::board::{Board, Dot, Lines};
use crate::game::Rule;
use rayon::prelude::*;
use solver_core::Progress;
use std::sync::OnceLock;

/// At most this many block lines: a block of `2^16` bytes fits a core's L2 cache.
pub const MAX_BLOCK_LINES: usize = 16;

/// Whether to use the board's symmetries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Store every position.
    None,
    /// Store one block per orbit of the board's reflections (and rotations, when square).
    Board,
}

impl Symmetry {
    /// Both choices.
    pub const ALL: [Symmetry; 2] = [Symmetry::None, Symmetry::Board];
}

/// A table that would not fit in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the table needs {needed} bytes of memory and {available} are available")]
pub struct TableTooLarge {
    /// The bytes the stored blocks need.
    pub needed: u64,
    /// The bytes the command may use ([`judge::resources::memory_limit`]: the system's
    /// estimate, `ulimit -v`, a cgroup or `--max-memory`), 0 where none is known.
    pub available: u64,
}

/// The memory a new allocation can use, where something says.
fn available_memory() -> Option<u64> {
    judge::resources::memory_limit().map(|(limit, _)| limit)
}

/// An upper bound on the bytes [`solve_board`] allocates for `board` with `symmetry`: one byte
/// a position of every stored (representative) tier pattern and 32 bytes for its slot and
/// lists, 16 bytes a tier pattern for the index, and, on each of rayon's threads, a scratch
/// block and the block being solved.
pub fn memory_bound(board: Board, symmetry: Symmetry) -> u64 {
    let layout = Layout::new(&board, symmetry);
    let tiers = 1u64 << layout.tier_lines;
    let block = 1u64 << layout.block_lines;
    // A pattern is stored when none of its images is smaller (as `solve` picks them).
    let stored = (0..tiers as u32)
        .filter(|&tier| layout.symmetries.iter().all(|(on_tiers, _)| on_tiers.apply(tier) >= tier))
        .count() as u64;
    let threads = rayon::current_num_threads() as u64;
    stored.saturating_mul(block + 32).saturating_add(tiers * 16).saturating_add(threads.saturating_mul(2 * block))
}

/// "No move found yet": below every real value (at most 12 boxes are at stake).
const NONE_YET: i8 = i8::MIN;

/// A permutation of bits, applied with one table lookup per byte.
#[derive(Debug, Clone)]
struct BitPermutation {
    bytes: Vec<[u32; 256]>,
}

impl BitPermutation {
    /// The permutation sending bit `i` to bit `image[i]`.
    fn new(image: &[usize]) -> BitPermutation {
        let bytes = (0..image.len().div_ceil(8))
            .map(|k| {
                std::array::from_fn(|b| {
                    (0..8)
                        .filter(|i| b >> i & 1 == 1 && 8 * k + i < image.len())
                        .fold(0u32, |x, i| x | 1 << image[8 * k + i])
                })
            })
            .collect();
        BitPermutation { bytes }
    }

    #[inline]
    fn apply(&self, x: u32) -> u32 {
        self.bytes.iter().enumerate().fold(0, |y, (k, table)| y | table[(x >> (8 * k)) as usize & 255])
    }

    /// The inverse permutation of the bits `0..bits`, which this one permutes among themselves.
    fn inverse(&self, bits: usize) -> BitPermutation {
        let mut image = vec![0; bits];
        (0..bits).for_each(|i| image[self.apply(1 << i).trailing_zeros() as usize] = i);
        BitPermutation::new(&image)
    }
}

/// What drawing one line gains, in terms of a position's two parts.
#[derive(Debug, Clone)]
struct LineGain {
    /// For each box the line borders: the tier lines and the block lines (the line itself left
    /// out) it still needs once the line is drawn; `None` past the line's boxes.
    boxes: [Option<(u32, u32)>; 2],
    /// The boxes closed, by the low six bits of the block index (the lanes of a 64-byte chunk),
    /// for each pair of "the rest of box 0 / box 1 is drawn": `patterns[a | b << 1][t]`.
    patterns: [[i8; 64]; 4],
}

impl LineGain {
    /// Which pattern applies to block indices `j..` (all sharing the bits above 6) in tier
    /// pattern `tier`.
    #[inline]
    fn pattern(&self, tier: u32, j: u32) -> &[i8; 64] {
        let rest_drawn = |b: Option<(u32, u32)>| {
            b.is_some_and(|(tier_needs, block_needs)| {
                let high = block_needs & !63;
                tier & tier_needs == tier_needs && j & high == high
            })
        };
        &self.patterns[usize::from(rest_drawn(self.boxes[0])) | usize::from(rest_drawn(self.boxes[1])) << 1]
    }
}

/// How a board's lines map to (tier pattern, block index), and its symmetries.
#[derive(Debug, Clone)]
struct Layout {
    block_lines: usize,
    tier_lines: usize,
    /// The board line of each position bit: bits below `block_lines` are block lines.
    line_of_bit: Vec<usize>,
    /// Board lines to position bits.
    to_position: BitPermutation,
    /// What each line (by position bit) gains.
    gains: Vec<LineGain>,
    /// The symmetries other than the identity, each as its action on tier patterns and on
    /// block indices.
    symmetries: Vec<(BitPermutation, BitPermutation)>,
}

/// The board's symmetries other than the identity, as permutations of its lines.
fn line_symmetries(board: &Board) -> Vec<Vec<usize>> {
    let (rows, cols) = (board.rows() as u8, board.cols() as u8);
    let maps: Vec<Box<dyn Fn(Dot) -> Dot>> = {
        let mirror = move |d: Dot| Dot { row: d.row, col: cols - d.col };
        let flip = move |d: Dot| Dot { row: rows - d.row, col: d.col };
        let turn = move |d: Dot| Dot { row: d.col, col: d.row };
        let mut maps: Vec<Box<dyn Fn(Dot) -> Dot>> =
            vec![Box::new(mirror), Box::new(flip), Box::new(move |d| mirror(flip(d)))];
        if rows == cols {
            maps.push(Box::new(turn));
            maps.push(Box::new(move |d| turn(mirror(d))));
            maps.push(Box::new(move |d| turn(flip(d))));
            maps.push(Box::new(move |d| turn(mirror(flip(d)))));
        }
        maps
    };
    maps.iter()
        .map(|map| {
            (0..board.lines())
                .map(|e| {
                    let (a, b) = board.line(e);
                    board.line_between(map(a), map(b)).expect("a symmetry maps lines to lines")
                })
                .collect()
        })
        .collect()
}

impl Layout {
    fn new(board: &Board, symmetry: Symmetry) -> Layout {
        let lines = board.lines();
        let symmetries = match symmetry {
            Symmetry::None => Vec::new(),
            Symmetry::Board => line_symmetries(board),
        };
        // The orbits of lines under the group, largest first so that the block fills up.
        let mut orbit_of = vec![usize::MAX; lines];
        let mut orbits: Vec<Vec<usize>> = Vec::new();
        for e in 0..lines {
            if orbit_of[e] == usize::MAX {
                let mut orbit: Vec<usize> = std::iter::once(e).chain(symmetries.iter().map(|s| s[e])).collect();
                orbit.sort_unstable();
                orbit.dedup();
                orbit.iter().for_each(|&l| orbit_of[l] = orbits.len());
                orbits.push(orbit);
            }
        }
        orbits.sort_by_key(|o| std::cmp::Reverse(o.len()));
        let target = lines.min(MAX_BLOCK_LINES);
        let mut block: Vec<usize> = Vec::new();
        let mut tier: Vec<usize> = Vec::new();
        for orbit in orbits {
            if block.len() + orbit.len() <= target { block.extend(orbit) } else { tier.extend(orbit) }
        }
        block.sort_unstable();
        tier.sort_unstable();
        let line_of_bit: Vec<usize> = block.iter().chain(&tier).copied().collect();
        let mut bit_of_line = vec![0; lines];
        line_of_bit.iter().enumerate().for_each(|(bit, &e)| bit_of_line[e] = bit);
        let block_lines = block.len();
        let to_position = BitPermutation::new(&bit_of_line);
        let split = |mask: Lines| split_bits(to_position.apply(mask), block_lines);
        let gains = line_of_bit
            .iter()
            .map(|&e| {
                let mut boxes = [None; 2];
                for (slot, (r, c)) in boxes.iter_mut().zip(board.boxes_of_line(e)) {
                    *slot = Some(split(board.box_mask(r, c) & !(1 << e)));
                }
                let patterns = std::array::from_fn(|rest| {
                    std::array::from_fn(|t| {
                        let closes = |k: usize| {
                            rest >> k & 1 == 1
                                && boxes[k].is_some_and(|(_, block)| (t as u32) & block & 63 == block & 63)
                        };
                        i8::from(closes(0)) + i8::from(closes(1))
                    })
                });
                LineGain { boxes, patterns }
            })
            .collect();
        let symmetries = symmetries
            .iter()
            .map(|s| {
                let image: Vec<usize> = line_of_bit.iter().map(|&e| bit_of_line[s[e]]).collect();
                let tier_image: Vec<usize> = image[block_lines..].iter().map(|&b| b - block_lines).collect();
                (BitPermutation::new(&tier_image), BitPermutation::new(&image[..block_lines]))
            })
            .collect();
        Layout { block_lines, tier_lines: lines - block_lines, line_of_bit, to_position, gains, symmetries }
    }

    /// A position's (tier pattern, block index).
    #[inline]
    fn split(&self, lines: Lines) -> (u32, u32) {
        split_bits(self.to_position.apply(lines), self.block_lines)
    }
}

/// Position bits as (tier pattern, block index).
#[inline]
fn split_bits(bits: u32, block_lines: usize) -> (u32, u32) {
    (bits >> block_lines, bits & ((1 << block_lines) - 1))
}

/// Where a tier pattern's block is stored.
#[derive(Debug, Clone, Copy)]
struct Stored {
    /// The index of the block of its orbit's representative.
    slot: u32,
    /// The symmetry mapping the pattern to the representative: 0 for none, else `k + 1` for
    /// `Layout::symmetries[k]`.
    symmetry: u8,
}

/// The value of every position of a board, for the player to move, as [`crate::DotsAndBoxes`]
/// defines it (the boxes they will still close minus the opponent's), one byte a stored position.
#[derive(Debug)]
pub struct BoardTable {
    board: Board,
    rule: Rule,
    layout: Layout,
    stored: Vec<Stored>,
    blocks: Vec<Box<[i8]>>,
}

impl BoardTable {
    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The value of the position with `lines` drawn (lines outside the board are ignored).
    pub fn value(&self, lines: Lines) -> i8 {
        let (tier, block) = self.layout.split(lines & self.board.all_lines());
        let Stored { slot, symmetry } = self.stored[tier as usize];
        let block = match symmetry {
            0 => block,
            k => self.layout.symmetries[usize::from(k) - 1].1.apply(block),
        };
        self.blocks[slot as usize][block as usize]
    }

    /// Each move from the position with `lines` drawn, as `(line, boxes closed, value for the
    /// mover)`: the moves worth [`BoardTable::value`] are the optimal ones.
    pub fn move_values(&self, lines: Lines) -> Vec<(usize, i32, i64)> {
        let lines = lines & self.board.all_lines();
        (0..self.board.lines())
            .filter(|e| lines >> e & 1 == 0)
            .map(|e| {
                let gain = self.board.completed_by(lines, e) as i32;
                let next = i64::from(self.value(lines | 1 << e));
                let again = self.rule == Rule::MoveAgain && gain > 0;
                (e, gain, i64::from(gain) + if again { next } else { -next })
            })
            .collect()
    }

    /// How many positions of the board have each value, from the lowest value up: every
    /// position, stored or not (a stored block stands for its whole orbit). Reads each stored
    /// byte once, the blocks split over rayon's threads.
    pub fn histogram(&self) -> Vec<(i8, u64)> {
        let mut orbit_sizes = vec![0u64; self.blocks.len()];
        self.stored.iter().for_each(|s| orbit_sizes[s.slot as usize] += 1);
        let counts = self
            .blocks
            .par_iter()
            .zip(orbit_sizes)
            .fold(
                || [0u64; 256],
                |mut counts, (block, size)| {
                    let mut here = [0u64; 256];
                    block.iter().for_each(|&v| here[v as u8 as usize] += 1);
                    counts.iter_mut().zip(here).for_each(|(c, h)| *c += h * size);
                    counts
                },
            )
            .reduce(
                || [0u64; 256],
                |mut a, b| {
                    a.iter_mut().zip(b).for_each(|(a, b)| *a += b);
                    a
                },
            );
        (-128..=127i16)
            .map(|v| v as i8)
            .filter_map(|v| Some((v, counts[v as u8 as usize])).filter(|&(_, n)| n > 0))
            .collect()
    }

    /// The positions the table stands for: `2^lines`.
    pub fn positions(&self) -> u64 {
        1 << self.board.lines()
    }

    /// The bytes of values stored.
    pub fn stored_bytes(&self) -> u64 {
        self.blocks.len() as u64 * (1u64 << self.layout.block_lines)
    }

    /// The bytes the table holds: its values ([`BoardTable::stored_bytes`]) and where each tier
    /// pattern's block is.
    pub fn held_bytes(&self) -> u64 {
        let index = self.stored.len() * size_of::<Stored>() + self.blocks.len() * size_of::<Box<[i8]>>();
        self.stored_bytes() + index as u64
    }

    /// The least set of lines (as a number) among the positions with the largest value.
    ///
    /// Without reading every position: a stored block's entries of that value, mapped back
    /// through each symmetry that reads the block, give the least block lines of each tier
    /// pattern of its orbit, and a position's number is its tier lines' plus its block lines'.
    /// Time: one pass over the stored bytes (on rayon's threads), a few lookups per entry of
    /// the largest value and symmetry, and one per tier pattern.
    pub fn best_position(&self) -> Lines {
        let best = self.blocks.par_iter().filter_map(|b| b.iter().max().copied()).max().expect("a table has a block");
        let layout = &self.layout;
        let (block_lines, tier_lines) = layout.line_of_bit.split_at(layout.block_lines);
        let block_to_lines = BitPermutation::new(block_lines);
        let tier_to_lines = BitPermutation::new(tier_lines);
        // The inverse of each symmetry's action on block indices, the identity first: the
        // entry `j` of a block read through symmetry `k` is the block index `inverse[k](j)`.
        let inverses: Vec<BitPermutation> =
            std::iter::once(BitPermutation::new(&(0..layout.block_lines).collect::<Vec<_>>()))
                .chain(layout.symmetries.iter().map(|(_, on_blocks)| on_blocks.inverse(layout.block_lines)))
                .collect();
        // For each stored block and each symmetry: the least block lines of an entry of value
        // `best` read through it, or `Lines::MAX` for none.
        let least: Vec<Vec<Lines>> = self
            .blocks
            .par_iter()
            .map(|block| {
                let mut least = vec![Lines::MAX; inverses.len()];
                for j in (0..block.len()).filter(|&j| block[j] == best) {
                    for (slot, inverse) in least.iter_mut().zip(&inverses) {
                        *slot = (*slot).min(block_to_lines.apply(inverse.apply(j as u32)));
                    }
                }
                least
            })
            .collect();
        self.stored
            .iter()
            .enumerate()
            .filter_map(|(tier, s)| {
                let block = least[s.slot as usize][usize::from(s.symmetry)];
                (block != Lines::MAX).then(|| tier_to_lines.apply(tier as u32) | block)
            })
            .min()
            .expect("some position has the largest value")
    }
}

/// Solves every position of `board` under `rule` with the tiered block engine (see the module
/// docs), on the threads of rayon's current pool; the same table for every number of threads.
///
/// Time `O(2^L L)` byte operations for `L` lines, about `|G|` times fewer with
/// [`Symmetry::Board`] (`|G|` = 4, or 8 on a square board); memory one byte a stored position
/// (3x4: 2 GiB, or about 0.5 GiB with symmetry) plus `2^17` bytes a thread.
///
/// # Errors
/// [`TableTooLarge`] when a block cannot be allocated.
///
/// ```
/// use dots_and_boxes::{Board, DotsAndBoxes, Rule};
/// use dots_and_boxes::tiers::{Symmetry, solve_board};
/// use solver_core::score_table;
///
/// let board = Board::new(2, 2).unwrap();
/// let reference = score_table::<i8, _>(&DotsAndBoxes::new(board, Rule::MoveAgain)).unwrap();
/// for symmetry in Symmetry::ALL {
///     let table = solve_board(board, Rule::MoveAgain, symmetry).unwrap();
///     assert!((0..reference.len()).all(|lines| table.value(lines as u32) == reference[lines]));
/// }
/// ```
pub fn solve_board(board: Board, rule: Rule, symmetry: Symmetry) -> Result<BoardTable, TableTooLarge> {
    solve_board_reporting(board, rule, symmetry, &Progress::silent())
}

/// [`solve_board`], advancing `progress` towards the stored positions (a quarter or less of
/// the board's with the symmetries) as each block of a tier pattern is solved.
pub fn solve_board_reporting(
    board: Board,
    rule: Rule,
    symmetry: Symmetry,
    progress: &Progress<'_>,
) -> Result<BoardTable, TableTooLarge> {
    match rule {
        Rule::TurnPasses => solve::<false>(board, symmetry, progress),
        Rule::MoveAgain => solve::<true>(board, symmetry, progress),
    }
    .map(|(layout, stored, blocks)| BoardTable { board, rule, layout, stored, blocks })
}

type Solved = (Layout, Vec<Stored>, Vec<Box<[i8]>>);

fn solve<const AGAIN: bool>(
    board: Board,
    symmetry: Symmetry,
    progress: &Progress<'_>,
) -> Result<Solved, TableTooLarge> {
    let layout = Layout::new(&board, symmetry);
    let tiers = 1usize << layout.tier_lines;
    let block_len = 1usize << layout.block_lines;

    // Each tier pattern's representative: the least pattern of its orbit.
    let mut stored = vec![Stored { slot: u32::MAX, symmetry: 0 }; tiers];
    let mut representatives: Vec<u32> = Vec::new();
    for tier in 0..tiers as u32 {
        let (image, k) = layout
            .symmetries
            .iter()
            .enumerate()
            .map(|(k, (on_tiers, _))| (on_tiers.apply(tier), k as u8 + 1))
            .fold((tier, 0), |best, next| if next.0 < best.0 { next } else { best });
        if k == 0 {
            stored[tier as usize].slot = representatives.len() as u32;
            representatives.push(tier);
        } else {
            stored[tier as usize] = Stored { slot: stored[image as usize].slot, symmetry: k };
        }
    }
    let needed = representatives.len() as u64 * block_len as u64;
    if let Some(available) = available_memory().filter(|&a| a < needed) {
        return Err(TableTooLarge { needed, available });
    }

    progress.begin(needed);
    let slots: Vec<OnceLock<Box<[i8]>>> = (0..representatives.len()).map(|_| OnceLock::new()).collect();
    let full_tier = (tiers - 1) as u32;
    for drawn in (0..=layout.tier_lines as u32).rev() {
        let tier_patterns: Vec<u32> = representatives.iter().copied().filter(|t| t.count_ones() == drawn).collect();
        tier_patterns.par_iter().try_for_each_init(
            || vec![0i8; block_len],
            |scratch, &tier| -> Result<(), TableTooLarge> {
                let mut values = Vec::new();
                values
                    .try_reserve_exact(block_len)
                    .map_err(|_| TableTooLarge { needed, available: available_memory().unwrap_or(0) })?;
                values.resize(block_len, NONE_YET);
                if tier == full_tier {
                    // The full board: no move, worth 0.
                    values[block_len - 1] = 0;
                }
                for k in (0..layout.tier_lines).filter(|k| tier >> k & 1 == 0) {
                    let child_tier = tier | 1 << k;
                    let Stored { slot, symmetry } = stored[child_tier as usize];
                    let child = slots[slot as usize].get().expect("the tier below was solved before this one");
                    let child: &[i8] = match symmetry {
                        0 => child,
                        s => {
                            let on_blocks = &layout.symmetries[usize::from(s) - 1].1;
                            scratch
                                .iter_mut()
                                .enumerate()
                                .for_each(|(j, v)| *v = child[on_blocks.apply(j as u32) as usize]);
                            scratch
                        }
                    };
                    fold::<AGAIN>(&mut values, child, 0, &layout.gains[layout.block_lines + k], child_tier);
                }
                solve_block::<AGAIN>(&mut values, 0, layout.block_lines, tier, &layout.gains);
                let set = slots[stored[tier as usize].slot as usize].set(values.into_boxed_slice());
                debug_assert!(set.is_ok(), "each block is solved once");
                progress.advance(block_len as u64);
                Ok(())
            },
        )?;
    }
    let blocks = slots.into_iter().map(|s| s.into_inner().expect("every tier was solved")).collect();
    Ok((layout, stored, blocks))
}

/// Solves `values`, the block indices `start..start + 2^bits` of tier pattern `tier`, whose
/// entries already hold the best move along every line above bit `bits`.
fn solve_block<const AGAIN: bool>(values: &mut [i8], start: u32, bits: usize, tier: u32, gains: &[LineGain]) {
    if bits <= 6 {
        return solve_chunk::<AGAIN>(values, start, bits, tier, gains);
    }
    let (without, with) = values.split_at_mut(values.len() / 2);
    let half = without.len() as u32;
    solve_block::<AGAIN>(with, start + half, bits - 1, tier, gains);
    fold::<AGAIN>(without, with, start, &gains[bits - 1], tier);
    solve_block::<AGAIN>(without, start, bits - 1, tier, gains);
}

/// The last six block lines (or fewer), position by position from the most drawn: at most 64
/// entries sharing every bit above the sixth.
fn solve_chunk<const AGAIN: bool>(values: &mut [i8], start: u32, bits: usize, tier: u32, gains: &[LineGain]) {
    let patterns: [&[i8; 64]; 6] = std::array::from_fn(|i| gains.get(i).map_or(&[0; 64], |g| g.pattern(tier, start)));
    let lane = (start & 63) as usize;
    for t in (0..values.len()).rev() {
        let mut best = values[t];
        for (i, pattern) in patterns.iter().enumerate().take(bits) {
            if t >> i & 1 == 0 {
                best = best.max(move_value::<AGAIN>(pattern[lane + t], values[t | 1 << i]));
            }
        }
        values[t] = best;
    }
}

/// `best[t]` becomes the better of itself and drawing the line `gain` describes, `child[t]`
/// being the position after it; `best` holds block indices `start..` of tier pattern `tier`
/// (the tier after the move, when the line is a tier line).
#[inline]
fn fold<const AGAIN: bool>(best: &mut [i8], child: &[i8], start: u32, gain: &LineGain, tier: u32) {
    let step = best.len().min(64);
    let lane = (start & 63) as usize;
    for (k, (best, child)) in best.chunks_exact_mut(step).zip(child.chunks_exact(step)).enumerate() {
        let pattern = &gain.pattern(tier, start + (k * step) as u32)[lane..lane + step];
        for ((b, &c), &g) in best.iter_mut().zip(child).zip(pattern) {
            *b = (*b).max(move_value::<AGAIN>(g, c));
        }
    }
}

/// The value for the mover of a move closing `gain` boxes into a position worth `child` to
/// whoever moves there: the mover again after a close under the move-again rule, else the
/// opponent.
#[inline(always)]
fn move_value<const AGAIN: bool>(gain: i8, child: i8) -> i8 {
    if AGAIN && gain > 0 { gain.wrapping_add(child) } else { gain.wrapping_sub(child) }
}
