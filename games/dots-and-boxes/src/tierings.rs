//! Two ways to split a board's positions into tiers, for solver-core's tier engine
//! ([`solver_core::tiers::solve_tiers`]) and the runs that hand tiers out:
//!
//! - [`ByLinesDrawn`]: tier `k` holds the positions with `k` lines drawn, numbered by the
//!   combinatorial number system (colex rank of the set of lines). Every move leads to tier
//!   `k + 1`, so a tier's positions never depend on each other; the largest tier of `L` lines
//!   is `C(L, L/2)` positions.
//! - [`ByLineGroup`]: a chosen group of `g` lines (Wilson's line groups) names the tier, its
//!   `2^g` patterns the tiers, and the other lines index the positions of a tier (`2^(L-g)`
//!   each). A move on a line of the group leads to a child tier; a move on any other line stays
//!   in the tier, at a larger index. The smaller the group, the more moves stay inside. With
//!   the last `g` free lines as the group ([`by_name`]'s `group=G`), tier `t` is the ids
//!   `t * 2^(L-g)` on, in order: a range of the board's table, which a distributed solve writes
//!   as one shard.
//!
//! Both tier the positions of a [`DotsAndBoxes`] from its start; the values are its values.

use crate::DotsAndBoxes;
use solver_core::tiers::{TierMove, TierPosition, TieredScoring};
use solver_core::{ScoringSpace, StateId, StateSpace};

/// A tiering of a board's positions, with the way between its positions and the space's ids
/// (sets of free lines).
pub trait BoardTiering: TieredScoring {
    /// The position of the id `lines`.
    fn position(&self, lines: u32) -> TierPosition;

    /// The id of a position.
    fn lines(&self, at: TierPosition) -> u32;
}

/// The tiering `name` of `game`: `lines` ([`ByLinesDrawn`]) or `group=G` ([`ByLineGroup`] on
/// the last `G` free lines, all of them when there are fewer).
pub fn by_name(game: DotsAndBoxes, name: &str) -> Result<Box<dyn BoardTiering>, String> {
    if name == "lines" {
        return Ok(Box::new(ByLinesDrawn::new(game)));
    }
    Ok(Box::new(ByLineGroup::last_lines(game, group_size(name)?)))
}

/// `G` of the tiering name `group=G`.
pub fn group_size(name: &str) -> Result<u32, String> {
    name.strip_prefix("group=")
        .and_then(|g| g.parse().ok())
        .filter(|&g| g <= 31)
        .ok_or_else(|| format!("no tiering `{name}`: the tierings are `lines` and `group=G` (G from 0 to 31)"))
}

/// `C(n, k)` for `n, k <= 32`.
struct Binomials([[u64; 33]; 33]);

impl Binomials {
    fn new() -> Binomials {
        let mut c = [[0u64; 33]; 33];
        for n in 0..33 {
            c[n][0] = 1;
            for k in 1..=n {
                c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
            }
        }
        Binomials(c)
    }

    fn get(&self, n: u32, k: u32) -> u64 {
        if k > n { 0 } else { self.0[n as usize][k as usize] }
    }
}

/// The `n` lowest bits set, `n <= 32`.
fn low_bits(n: u32) -> u32 {
    (u64::from(u32::MAX) >> (32 - n)) as u32
}

/// The number of free lines of a game: its space has `2^lines` positions.
fn free_lines(game: &DotsAndBoxes) -> u32 {
    game.len().trailing_zeros()
}

/// Calls `visit` with every move from the id `lines` of `game`.
fn each_move(game: &DotsAndBoxes, lines: u32, visit: &mut dyn FnMut(u32, i32, bool)) {
    let id = StateId::from_u32(lines).expect("ids of at most 31 lines");
    game.visit_scored_move_ids(id, &mut Vec::new(), &mut |m| visit(m.to.as_u32(), m.gain, m.again));
}

/// Tier `k`: the positions with `k` of the free lines drawn (see the [module docs](self)).
pub struct ByLinesDrawn {
    game: DotsAndBoxes,
    lines: u32,
    binomials: Binomials,
}

impl ByLinesDrawn {
    /// The tiering of `game`'s positions by lines drawn.
    pub fn new(game: DotsAndBoxes) -> ByLinesDrawn {
        ByLinesDrawn { lines: free_lines(&game), game, binomials: Binomials::new() }
    }
}

impl BoardTiering for ByLinesDrawn {
    /// Its tier (the lines drawn) and its colex rank among the sets of that many lines.
    fn position(&self, lines: u32) -> TierPosition {
        let mut index = 0;
        let mut rest = lines;
        let mut j = 1;
        while rest != 0 {
            index += self.binomials.get(rest.trailing_zeros(), j);
            rest &= rest - 1;
            j += 1;
        }
        TierPosition { tier: lines.count_ones(), index }
    }

    fn lines(&self, at: TierPosition) -> u32 {
        let (mut index, mut j, mut lines) = (at.index, at.tier, 0);
        // From the top line down, the j-th smallest line is the first c with C(c, j) <= index.
        for c in (0..self.lines).rev() {
            if j == 0 {
                break;
            }
            let below = self.binomials.get(c, j);
            if below <= index {
                lines |= 1 << c;
                index -= below;
                j -= 1;
            }
        }
        lines
    }
}

impl TieredScoring for ByLinesDrawn {
    fn tier_count(&self) -> u32 {
        self.lines + 1
    }

    fn tier_len(&self, tier: u32) -> u64 {
        self.binomials.get(self.lines, tier)
    }

    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        if tier < self.lines { vec![tier + 1] } else { Vec::new() }
    }

    fn moves_within_tiers(&self) -> bool {
        false
    }

    fn tier_moves(&self, tier: u32, index: u64, visit: &mut dyn FnMut(TierMove)) {
        let from = self.lines(TierPosition { tier, index });
        each_move(&self.game, from, &mut |to, gain, again| visit(TierMove { to: self.position(to), gain, again }));
    }
}

/// Tier `t`: the positions whose lines of the group form the pattern `t` (see the
/// [module docs](self)).
pub struct ByLineGroup {
    game: DotsAndBoxes,
    /// The id bits of the group's lines, ascending: bit `j` of a tier is line `group[j]`.
    group: Vec<u32>,
    /// The id bits of the other lines, ascending: bit `j` of an index is line `rest[j]`.
    rest: Vec<u32>,
    /// Whether the group is the last lines: then a tier is the id's high bits and an index its
    /// low bits, a shift and a mask instead of a loop over the lines.
    top: bool,
}

impl ByLineGroup {
    /// The tiering of `game`'s positions by the lines of `group`, a set of free lines as an id
    /// (bit `i` the `i`-th free line); bits past the free lines are ignored.
    pub fn new(game: DotsAndBoxes, group: u32) -> ByLineGroup {
        let lines = free_lines(&game);
        let (group, rest): (Vec<u32>, Vec<u32>) = (0..lines).partition(|&i| group >> i & 1 == 1);
        let top = group.iter().enumerate().all(|(j, &i)| i as usize == rest.len() + j);
        ByLineGroup { game, group, rest, top }
    }

    /// The tiering by the last `group` free lines (all of them when there are fewer): tier `t`
    /// holds the ids from `t << (L - g)` on, consecutive.
    pub fn last_lines(game: DotsAndBoxes, group: u32) -> ByLineGroup {
        let lines = free_lines(&game);
        let group = group.min(lines);
        let mask = ((1u64 << group) - 1) << (lines - group);
        ByLineGroup::new(game, mask as u32)
    }

    /// The id of the first position of `tier` when every tier is a range of consecutive ids
    /// (the group is the last free lines, [`ByLineGroup::last_lines`]), else `None`.
    pub fn first_id(&self, tier: u32) -> Option<u32> {
        self.top.then(|| tier << self.rest.len())
    }
}

impl BoardTiering for ByLineGroup {
    fn position(&self, lines: u32) -> TierPosition {
        if self.top {
            let low = self.rest.len() as u32;
            return TierPosition { tier: lines.checked_shr(low).unwrap_or(0), index: u64::from(lines & low_bits(low)) };
        }
        let pick = |bits: &[u32]| bits.iter().enumerate().map(|(j, &i)| (lines >> i & 1) << j).sum::<u32>();
        TierPosition { tier: pick(&self.group), index: u64::from(pick(&self.rest)) }
    }

    fn lines(&self, at: TierPosition) -> u32 {
        if self.top {
            return at.tier.checked_shl(self.rest.len() as u32).unwrap_or(0) | at.index as u32;
        }
        let place = |pattern: u64, bits: &[u32]| {
            bits.iter().enumerate().map(|(j, &i)| ((pattern >> j & 1) as u32) << i).sum::<u32>()
        };
        place(u64::from(at.tier), &self.group) | place(at.index, &self.rest)
    }
}

impl TieredScoring for ByLineGroup {
    fn tier_count(&self) -> u32 {
        1 << self.group.len()
    }

    fn tier_len(&self, _tier: u32) -> u64 {
        1 << self.rest.len()
    }

    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        (0..self.group.len()).filter(|j| tier >> j & 1 == 0).map(|j| tier | 1 << j).collect()
    }

    fn tier_moves(&self, tier: u32, index: u64, visit: &mut dyn FnMut(TierMove)) {
        let from = self.lines(TierPosition { tier, index });
        each_move(&self.game, from, &mut |to, gain, again| visit(TierMove { to: self.position(to), gain, again }));
    }
}
