//! The card game as every whole-space command sees it (`gamesolve verify`, `stats`, `solve`,
//! `probe`, `diff`, `verify FILE`): `cards k=K m=M`, every position of `k` cards a player
//! modulo `m`. Engines: the game's own symmetry solver (the default, the fastest), every
//! retrograde engine of solver-core, the un-move engine included, and the game's hand-table
//! solver ([`CardsSolver`]). `verify` checks them against each other, with solver-core's
//! verifier, and against the oracle on unsorted cards ([`PlainCards`]) where its states, the
//! cards in every order (up to `m^(2k)`), fit its budget: at the size of `childhood` (2 cards
//! mod 10), not at `cf919f`'s (8 cards mod 5), which it declines up front.
//!
//! A position is written `mover [1 2 3], opponent [0 4 4]`, the two hands as `explain` draws
//! them (values ascending), the player to move's first; a move as `explain` names it,
//! `own+other=result` (e.g. `4+1=0`). The start: both hands all ones.

use crate::plain::{PlainCards, PlainPosition};
use crate::{Cards, CardsSolver, Hand, Position};
use solver_core::{Progress, RETROGRADE_LIMIT, StateSpace};
use workbench::family::Engine;
use workbench::solve::{Identity, Notation, SolvableGame};
use workbench::space_game::LoopyGame;
use workbench::target::{Args, Param, SpaceTarget};

/// `cards k=K m=M`.
pub const SPACES: &[SpaceTarget] = &[SpaceTarget {
    name: "cards",
    about: "every position of k cards a player modulo m (cf919f: k=8 m=5; childhood: k=2 m=10), \
            starting from all ones against all ones",
    params: &[
        Param::number("k", "8", 1, 32, "cards a player"),
        Param::number("m", "5", 2, 64, "the modulus: card values are 0..m"),
    ],
    open,
    // The sizes of the two judge problems: cf919f (8 cards mod 5, where the oracle declines)
    // and childhood (2 cards mod 10, where it checks every position).
    verified: &["k=8 m=5", "k=2 m=10"],
}];

fn open(args: &Args) -> Result<Box<dyn SolvableGame>, String> {
    let k: usize = args.number("k");
    let m: usize = args.number("m");
    let variant = "a move adds a non-zero card of the opponent to a non-zero card of one's own, mod m; \
                   an all-zero hand has won (both all-zero: the mover); the first hand moves first";
    let identity = Identity::new("cards", args, variant);
    let game = Cards::new(k, m).map_err(|e| e.to_string())?;
    let start = Position { mover: Hand::new(vec![1; k]), opponent: Hand::new(vec![1; k]) };
    let notation = Notation::new(describe, move |text| parse(text, k, m))
        .with_move_names(move |from, to| name_move(from, to, m as u8));
    let mut game = LoopyGame::with_unmoves(identity, game, &start, notation)
        .with_oracle(PlainCards { modulus: m as u8 }, PlainPosition::of)
        // The oracle's states are the card arrays in every order, up to m^(2k) of them; past
        // its budget it would only fill memory before declining, so it declines up front.
        .with_oracle_states(move |_: &Cards| (m as f64).powi(2 * k as i32));
    for solver in CardsSolver::ALL {
        game = game.with_engine(Engine::reporting(
            solver.name(),
            move |cards: &Cards| memory_bound(solver, cards),
            move |cards: &Cards, progress: &Progress<'_>| solver.solve_reporting(cards, progress),
        ));
    }
    // The game's own symmetry solver is the fastest.
    Ok(Box::new(game.with_default_engine(CardsSolver::Symmetry.name())))
}

/// An upper bound on the bytes `solver` allocates for `game`: the 4-byte table and the lists of
/// two remotenesses, at most one 4-byte entry per position between them, counted at a doubling
/// vector's worst capacity, and the table of values converted from the cells; the symmetric
/// solver also keeps a 4-byte cell per class (at most one per position) while it fills the
/// table. 0 past [`RETROGRADE_LIMIT`], which both refuse before allocating anything.
fn memory_bound(solver: CardsSolver, game: &Cards) -> u64 {
    let positions = game.len() as u64;
    if game.len() > RETROGRADE_LIMIT {
        return 0;
    }
    match solver {
        CardsSolver::HandTables => positions.saturating_mul(16),
        CardsSolver::Symmetry => positions.saturating_mul(20),
    }
}

/// `mover [a b c], opponent [d e f]`.
fn describe(position: &Position) -> String {
    format!("mover {:?}, opponent {:?}", position.mover, position.opponent)
}

/// What [`describe`] writes, the words `mover` and `opponent` and the comma optional, each
/// hand exactly `k` values below `m` in any order.
fn parse(text: &str, k: usize, m: usize) -> Result<Position, String> {
    let rest = text.trim();
    let rest = rest.strip_prefix("mover").unwrap_or(rest);
    let (mover, rest) = hand(rest, k, m, "the mover's hand")?;
    let rest = rest.trim_start();
    let rest = rest.strip_prefix(',').unwrap_or(rest).trim_start();
    let rest = rest.strip_prefix("opponent").unwrap_or(rest);
    let (opponent, rest) = hand(rest, k, m, "the opponent's hand")?;
    if !rest.trim().is_empty() {
        return Err(format!("unexpected `{}` after the opponent's hand", rest.trim()));
    }
    Ok(Position { mover, opponent })
}

/// A hand `[v v v]` at the start of `text` (after spaces), and the text after it.
fn hand<'a>(text: &'a str, k: usize, m: usize, what: &str) -> Result<(Hand, &'a str), String> {
    let shape = || format!("expected {what} as {k} card values 0..={} in brackets, e.g. [{}]", m - 1, ones(k));
    let text = text.trim_start();
    let inside = text.strip_prefix('[').ok_or_else(shape)?;
    let (inside, rest) = inside.split_once(']').ok_or_else(shape)?;
    let mut values = Vec::with_capacity(k);
    for word in inside.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
        let value = word
            .parse::<u8>()
            .ok()
            .filter(|&v| word.bytes().all(|b| b.is_ascii_digit()) && (v as usize) < m)
            .ok_or_else(|| format!("{what}: `{word}` is not a card value 0..={}", m - 1))?;
        if values.len() == k {
            return Err(format!("{what} holds more than {k} cards"));
        }
        values.push(value);
    }
    if values.len() != k {
        return Err(format!("{what} holds {} cards, not {k}", values.len()));
    }
    Ok((Hand::new(values), rest))
}

fn ones(k: usize) -> String {
    vec!["1"; k.min(8)].join(" ")
}

/// The move from `from` to `to` as `own+other=result`: the mover's card `own` became `result`
/// (now in `to`'s opponent's hand, as the sides swap) by adding the opponent's card `other`.
fn name_move(from: &Position, to: &Position, m: u8) -> String {
    let (old, new) = (from.mover.values(), to.opponent.values());
    let count = |hand: &[u8], v: u8| hand.iter().filter(|&&x| x == v).count();
    let own = (1..m).find(|&v| count(old, v) == count(new, v) + 1);
    let result = (0..m).find(|&v| count(new, v) == count(old, v) + 1);
    match (own, result) {
        (Some(own), Some(result)) => format!("{own}+{}={result}", (result + m - own) % m),
        _ => format!("to {}", describe(to)),
    }
}
