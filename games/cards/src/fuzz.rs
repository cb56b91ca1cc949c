//! The card game's own fuzz body, `rank_cards`: a position of a small space from bytes, checked
//! against the plain rules with workbench's space checks.

use crate::Cards;
use crate::plain::{PlainCards, PlainPosition, SortedCards};
use workbench::check::OracleSide;
use workbench::fuzz::FuzzTarget;
use workbench::space::{check_loopy_space, check_unmoves, id_from_bytes};

/// The fuzz body `rank_cards`: a small game (`k` in 1..=4, `m` in 2..=8, from the first two
/// bytes) and a position of it (from the next four), checked against the plain rules on
/// unsorted cards (ranking round trip, finished positions, moves on ids) and for un-moves that
/// are exactly the inverse of the moves.
pub fn rank_cards(data: &[u8]) -> Result<(), String> {
    let (k, m) = (1 + *data.first().unwrap_or(&0) as usize % 4, 2 + *data.get(1).unwrap_or(&0) as usize % 7);
    let game = Cards::new(k, m).map_err(|e| e.to_string())?;
    let id = id_from_bytes(&game, data, 2);
    let rules = SortedCards(PlainCards { modulus: m as u8 });
    let plain = OracleSide { rules: &rules, state: &PlainPosition::of };
    check_loopy_space(&game, &plain, [id]).map_err(|e| format!("k={k} m={m}: {e}"))?;
    check_unmoves(&game, [id]).map_err(|e| format!("k={k} m={m}: {e}"))
}

/// The crate's fuzz bodies.
pub const FUZZ: &[FuzzTarget] = &[FuzzTarget { name: "rank_cards", body: rank_cards }];
