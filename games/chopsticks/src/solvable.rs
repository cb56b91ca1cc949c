//! Chopsticks as `gamesolve solve`, `probe`, `diff` and `verify FILE` see it: the positions of
//! one variant reachable from the start, numbered as [`Chopsticks`] numbers them, written as
//! `explain` writes them, the mover's hands then the opponent's (`1 2 / 0 3`; the judge's input
//! form `1 2 0 3`, without the slash, is read too), moves as `explain` names them (`1 hits 3 ->
//! 4`, `split 1 3 -> 2 2`). Engines: solver-core's five retrograde engines; values are checked
//! by solver-core's verifier.

use crate::rules::{Hands, Position, Rule, Splits, Variant};
use crate::space::Chopsticks;
use crate::workloads::variant_from_params;
use testkit::input::shorten;
use testkit::solve::{Identity, LoopyGame, Notation, SolveTarget};

/// `chopsticks rule=cutoff|rollover splits=none|nosuicide|any`, as the stats target takes it.
pub const SOLVE_TARGETS: &[SolveTarget] = &[SolveTarget {
    name: "chopsticks",
    params: "rule=cutoff (cutoff|rollover) splits=none (none|nosuicide|any): one variant's positions reachable \
             from the start, 1 1 / 1 1",
    open: |params| {
        let variant = variant_from_params(params)?;
        let identity = Identity::new("chopsticks", params, variant_words(variant));
        let space = Chopsticks::new(variant);
        let (for_parse, for_moves) = (space.clone(), space.clone());
        let notation = Notation::new(|p: &Position| p.to_string(), move |text| parse_position(&for_parse, text))
            .with_move_names(move |from, to| match for_moves.moves(from).into_iter().find(|(_, after)| after == to) {
                Some((m, _)) => m.to_string(),
                None => format!("to {to}"),
            });
        Ok(Box::new(LoopyGame::with_unmoves(identity, space, &Position::START, notation)))
    },
    // The six variants, as the verify workloads solve them (`workloads::workloads`).
    golden: &[
        "rule=cutoff splits=none",
        "rule=cutoff splits=nosuicide",
        "rule=cutoff splits=any",
        "rule=rollover splits=none",
        "rule=rollover splits=nosuicide",
        "rule=rollover splits=any",
    ],
}];

/// The variant in words, with who moves first, for a table's header.
fn variant_words(variant: Variant) -> String {
    let rule = match variant.rule {
        Rule::Cutoff => "cutoff: a sum of 5 or more kills the hand",
        Rule::Rollover => "rollover: a hand shows the sum modulo 5",
    };
    let splits = match variant.splits {
        Splits::None => "no splits",
        Splits::NoSuicide => "splits that keep both hands alive (nosuicide)",
        Splits::Any => "any split",
    };
    format!("{rule}; {splits}; both start with 1 1, the first player moves first")
}

/// A position of the space from `a b / c d` or `a b c d`, with the judge's reasons for the
/// positions that are not in it.
fn parse_position(space: &Chopsticks, text: &str) -> Result<Position, String> {
    let form = "the mover's hands and the opponent's, each 0 to 4, e.g. `1 2 / 0 3`";
    let spaced = text.replace('/', " / ");
    let words: Vec<&str> = spaced.split_whitespace().collect();
    let numbers: [&str; 4] = match *words.as_slice() {
        [a, b, "/", c, d] => [a, b, c, d],
        [a, b, c, d] if !words.contains(&"/") => [a, b, c, d],
        _ => return Err(format!("expected {form}")),
    };
    let mut hands = [0u8; 4];
    for (slot, word) in hands.iter_mut().zip(&numbers) {
        *slot = match word.parse::<u8>() {
            Ok(n) if n <= 4 => n,
            _ => return Err(format!("`{}` is not a hand (0 to 4 fingers): expected {form}", shorten(word))),
        };
    }
    let pair = |a, b| Hands::new(a, b).ok_or_else(|| "a hand holds 0 to 4 fingers".to_string());
    let position = Position::new(pair(hands[0], hands[1])?, pair(hands[2], hands[3])?);
    if position.mover.is_out() && position.opponent.is_out() {
        return Err(format!("{position} is impossible: both players have lost"));
    }
    if position.opponent.is_out() {
        return Err(format!(
            "{position} cannot occur in any variant: the opponent made the last move, and no move leaves its \
             maker without a live hand"
        ));
    }
    if space.id_of(&position).is_none() {
        let variant = space.variant();
        return Err(format!(
            "{position} cannot be reached from 1 1 / 1 1 under {} {}",
            variant.rule.word(),
            variant.splits.word()
        ));
    }
    Ok(position)
}
