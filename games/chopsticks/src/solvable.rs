//! Chopsticks as every whole-space command sees it (`gamesolve verify`, `stats`, `solve`,
//! `probe`, `diff`, `verify FILE`): the positions of one variant reachable from the start,
//! numbered as [`Chopsticks`] numbers them, written as `explain` writes them, the mover's hands
//! then the opponent's (`1 2 / 0 3`; the judge's input form `1 2 0 3`, without the slash, is
//! read too), moves as `explain` names them (`1 hits 3 -> 4`, `split 1 3 -> 2 2`). Engines:
//! solver-core's five retrograde engines (reverse-graph, the first, is the default); `verify`
//! checks them against each other, with solver-core's verifier and against the oracle on the
//! plain rules ([`PlainRules`], at most 225 positions: every variant fits its budget).

use crate::plain::{PlainPosition, PlainRules};
use crate::rules::{Hands, Position, Rule, Splits, Variant};
use crate::space::Chopsticks;
use judge::input::shorten;
use solver_core::{OutcomeTable, StateId, StateSpace};
use workbench::solve::{Identity, Notation, SolvableGame};
use workbench::space_game::LoopyGame;
use workbench::target::{Args, Param, SpaceTarget};

/// `chopsticks rule=cutoff|rollover splits=none|nosuicide|any`.
pub const SPACES: &[SpaceTarget] = &[SpaceTarget {
    name: "chopsticks",
    about: "one variant's positions reachable from the start, 1 1 / 1 1, the first player to move",
    params: &[
        Param::choice("rule", "cutoff", &["cutoff", "rollover"], "what a sum of 5 or more does to a hand"),
        Param::choice("splits", "none", &["none", "nosuicide", "any"], "which splits are moves"),
    ],
    open,
    // The six variants, each whole (at most 207 positions).
    verified: &[
        "rule=cutoff splits=none",
        "rule=cutoff splits=nosuicide",
        "rule=cutoff splits=any",
        "rule=rollover splits=none",
        "rule=rollover splits=nosuicide",
        "rule=rollover splits=any",
    ],
}];

fn open(args: &Args) -> Result<Box<dyn SolvableGame>, String> {
    let variant = variant_of(args);
    let identity = Identity::new("chopsticks", args, variant_words(variant));
    let space = Chopsticks::new(variant);
    let (for_parse, for_moves) = (space.clone(), space.clone());
    let notation = Notation::new(|p: &Position| p.to_string(), move |text| parse_position(&for_parse, text))
        .with_move_names(move |from, to| match for_moves.moves(from).into_iter().find(|(_, after)| after == to) {
            Some((m, _)) => m.to_string(),
            None => format!("to {to}"),
        });
    let game = LoopyGame::with_unmoves(identity, space, &Position::START, notation)
        .with_oracle(PlainRules::new(variant), PlainPosition::from_position)
        .with_note(finished_positions);
    Ok(Box::new(game))
}

/// The variant `rule=` and `splits=` name (their choices are the rules' words).
fn variant_of(args: &Args) -> Variant {
    let rule = Rule::from_word(args.text("rule")).expect("the choices of rule are the rules' words");
    let splits = Splits::from_word(args.text("splits")).expect("the choices of splits are the split rules' words");
    Variant::new(rule, splits)
}

/// `finished positions (the mover has no live hand): 8`.
fn finished_positions(space: &Chopsticks, _: &OutcomeTable) -> String {
    let finished = StateId::all(space.len()).filter(|&id| space.unrank(id).mover.is_out()).count();
    format!("finished positions (the mover has no live hand): {finished}")
}

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
