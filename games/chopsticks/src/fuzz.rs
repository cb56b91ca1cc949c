//! Chopsticks' own fuzz body, `rank_chopsticks`: one position of a variant's space, picked by
//! bytes, against the plain rules.

use crate::plain::{PlainPosition, PlainRules};
use crate::rules::Variant;
use crate::space::Chopsticks;
use workbench::check::OracleSide;
use workbench::fuzz::FuzzTarget;
use workbench::space::{check_loopy_space, check_unmoves, id_from_bytes};

/// `rank_chopsticks`: a variant (the first byte) and one of its positions (the next four)
/// checked against the plain rules: the ranking round-trips, finished exactly when the rules
/// say so, the moves on ids are the rules' moves, and the un-moves invert the moves.
pub fn rank_chopsticks(data: &[u8]) -> Result<(), String> {
    let variant = Variant::ALL[usize::from(data.first().copied().unwrap_or(0)) % Variant::ALL.len()];
    let space = Chopsticks::new(variant);
    let rules = PlainRules::new(variant);
    let id = id_from_bytes(&space, data, 1);
    let plain = OracleSide { rules: &rules, state: &PlainPosition::from_position };
    check_loopy_space(&space, &plain, [id]).map_err(|e| e.to_string())?;
    check_unmoves(&space, [id]).map_err(|e| e.to_string())
}

/// The crate's fuzz bodies.
pub const FUZZ: &[FuzzTarget] = &[FuzzTarget { name: "rank_chopsticks", body: rank_chopsticks }];
