//! `cf919f`: Codeforces 919F "A Game With Numbers", the card game with 8 cards modulo 5
//! (contract: problems/cf919f.md).

use super::{
    Canonical, CardProblem, CardsEngine, Start, capacity, explain, generate, generate_hard, hard_pools, judge,
    read_count, read_line, shrink, split,
};
use judge::input::{InputError, Tokens};
use judge::{Explanation, JudgeError, Problem};
use solver_core::OutcomeKind;
use std::sync::OnceLock;

/// The most situations the statement allows.
const MAX_SITUATIONS: u32 = 100_000;
const CARDS: usize = 8;
/// The fewest bytes a situation takes: `f` and two hands of 8 single digits, with newlines.
const SITUATION_BYTES: usize = 2 + 16 + 16;

/// `cf919f`: Alice and Bob hold 8 cards each, values 0..4; who wins, or is it a Deal?
///
/// Input (read strictly by lines, as the statement lays it out): `T` (1..=100000) alone on the
/// first line; then per situation a line with `f` (0: Alice moves first, 1: Bob), a line with
/// Alice's 8 values, a line with Bob's 8 values (0..=4). Blank lines between lines are allowed.
/// The first mover must hold a non-zero card (the statement's guarantee), so both hands all
/// zero is rejected too. Output: per situation `Alice`, `Bob` or `Deal`.
pub struct Cf919f;

impl Problem for Cf919f {
    type Engine = CardsEngine;

    fn id(&self) -> &'static str {
        "cf919f"
    }

    fn title(&self) -> &'static str {
        "Codeforces 919F A Game With Numbers: 8 cards mod 5, who wins or Deal"
    }

    fn contract(&self) -> &'static str {
        include_str!("../../problems/cf919f.md")
    }

    fn judge(&self, input: &str, engine: CardsEngine) -> Result<String, JudgeError> {
        judge::<CARDS, Cf919f>(input, engine)
    }

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        explain::<CARDS, Cf919f>(input)
    }

    /// As the input: 1 to 100,000 situations.
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        1..=MAX_SITUATIONS as usize
    }

    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        Ok(generate::<CARDS, Cf919f>(seed, cases))
    }

    /// From the solved game: the deepest wins and losses, wins with a single winning move,
    /// draws, and now and then a uniform situation.
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        static POOLS: OnceLock<Result<judge::hard_pools::HardPools, JudgeError>> = OnceLock::new();
        let pools = POOLS.get_or_init(hard_pools::<CARDS, Self>).as_ref().map_err(Clone::clone)?;
        Ok(generate_hard::<CARDS, Self>(pools, seed, cases))
    }

    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        split::<CARDS, Cf919f>(input)
    }

    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        Ok(judge::input::CaseList::Counted.join(inputs)?)
    }

    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        shrink::<CARDS, Cf919f>(input)
    }

    fn is_answer_line(&self, line: &str) -> bool {
        matches!(line, "Alice" | "Bob" | "Deal")
    }
}

impl CardProblem<CARDS> for Cf919f {
    const MODULUS: usize = 5;

    fn parse<X>(input: &str, keep: impl Fn(Start<CARDS>) -> X) -> Result<Vec<X>, InputError> {
        parse_canonical(input, &keep).map_or_else(|| parse_tokens(input, &keep), Ok)
    }

    /// The flag says Bob moved first.
    fn answer(bob_first: bool, value: OutcomeKind) -> &'static str {
        match (value, bob_first) {
            (OutcomeKind::Win, false) | (OutcomeKind::Loss, true) => "Alice\n",
            (OutcomeKind::Win, true) | (OutcomeKind::Loss, false) => "Bob\n",
            // The game has no ties: a position is won, lost, or endless play.
            (OutcomeKind::Tie | OutcomeKind::Draw, _) => "Deal\n",
        }
    }

    /// The flag says Bob moved first.
    fn players(bob_first: bool) -> [&'static str; 2] {
        if bob_first { ["Bob", "Alice"] } else { ["Alice", "Bob"] }
    }

    const FLAGGED: bool = true;

    /// The statement's guarantee: the first mover holds a non-zero card.
    fn admits(start: &Start<CARDS>) -> bool {
        start.mover.iter().any(|&c| c != 0)
    }

    fn render(situations: &[Start<CARDS>]) -> String {
        let hand = |cards: &[u8; CARDS]| cards.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        let mut out = format!("{}\n", situations.len());
        for s in situations {
            let (alice, bob) = if s.flag { (&s.opponent, &s.mover) } else { (&s.mover, &s.opponent) };
            out += &format!("{}\n{}\n{}\n", u8::from(s.flag), hand(alice), hand(bob));
        }
        out
    }
}

/// The situation with `first` (0 Alice, 1 Bob) to move.
fn start(first: u8, alice: [u8; CARDS], bob: [u8; CARDS]) -> Start<CARDS> {
    if first == 1 {
        Start { mover: bob, opponent: alice, flag: true }
    } else {
        Start { mover: alice, opponent: bob, flag: false }
    }
}

/// Reads any layout of the input's lines token by token, and says what is wrong with it.
fn parse_tokens<X>(input: &str, keep: impl Fn(Start<CARDS>) -> X) -> Result<Vec<X>, InputError> {
    let mut tokens = Tokens::new(input);
    let count = read_count(&mut tokens, MAX_SITUATIONS)?;
    let mut situations = Vec::with_capacity(capacity(count, input, SITUATION_BYTES));
    const CARD_NAMES: [&str; CARDS] = ["card 1", "card 2", "card 3", "card 4", "card 5", "card 6", "card 7", "card 8"];
    for i in 1..=count {
        let ([first], _) = read_line(&mut tokens, &["who moves first"], "values", format_args!("in situation {i}"), 1)?;
        let (alice, alice_at) =
            read_line(&mut tokens, &CARD_NAMES, "cards", format_args!("of Alice in situation {i}"), 4)?;
        let (bob, bob_at) = read_line(&mut tokens, &CARD_NAMES, "cards", format_args!("of Bob in situation {i}"), 4)?;
        let (name, at) = if first == 1 { ("Bob", bob_at) } else { ("Alice", alice_at) };
        let situation = start(first, alice, bob);
        if situation.mover.iter().all(|&v| v == 0) {
            return Err(at.error(format_args!(
                "{name} moves first in situation {i} but holds only zeros; the statement guarantees the first mover a non-zero card"
            )));
        }
        situations.push(keep(situation));
    }
    tokens.expect_end("the last situation")?;
    Ok(situations)
}

/// The common layout, read byte by byte (see [`Canonical`]): `None` for anything else, which
/// includes every invalid input; [`parse_tokens`] then reads it and says what is wrong.
fn parse_canonical<X>(input: &str, keep: impl Fn(Start<CARDS>) -> X) -> Option<Vec<X>> {
    let mut bytes = Canonical::new(input);
    let count = bytes.count(MAX_SITUATIONS)?;
    let mut situations = Vec::with_capacity(capacity(count, input, SITUATION_BYTES));
    for _ in 0..count {
        let [first] = bytes.line(1)?;
        let situation = start(first, bytes.line(4)?, bytes.line(4)?);
        if situation.mover.iter().all(|&v| v == 0) {
            return None;
        }
        situations.push(keep(situation));
    }
    bytes.at_end().then_some(situations)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Valid input in the common layout, then `edits` bytes replaced by bytes that break it.
    fn near_canonical() -> impl Strategy<Value = String> {
        let situation = (0..2u8, proptest::array::uniform8(0..5u8), proptest::array::uniform8(0..5u8));
        let edits = proptest::collection::vec(
            (any::<prop::sample::Index>(), prop::sample::select(b"0159 \n\r\tx-".to_vec())),
            0..3,
        );
        (proptest::collection::vec(situation, 1..5), edits).prop_map(|(situations, edits)| {
            let mut text = format!("{}\n", situations.len());
            for (f, a, b) in situations {
                let line = |h: [u8; 8]| h.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
                text += &format!("{f}\n{}\n{}\n", line(a), line(b));
            }
            let mut bytes = text.into_bytes();
            for (at, byte) in edits {
                let i = at.index(bytes.len());
                bytes[i] = byte;
            }
            String::from_utf8(bytes).expect("ASCII")
        })
    }

    proptest! {
        /// The fast reader is only a shortcut: whatever it accepts, the token reader accepts
        /// with the same values.
        #[test]
        fn the_fast_reader_agrees_with_the_token_reader(input in near_canonical()) {
            if let Some(fast) = parse_canonical(&input, |s| s) {
                prop_assert_eq!(parse_tokens(&input, |s| s), Ok(fast));
            }
        }

        /// And it takes the common layout.
        #[test]
        fn the_fast_reader_takes_the_common_layout(f in 0..2u8, hand in proptest::array::uniform8(1..5u8)) {
            let line = hand.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
            let input = format!("2\n{f}\n{line}\n{line}\n0\n{line}\n0 0 0 0 0 0 0 0\n");
            prop_assert!(parse_canonical(&input, |s| s).is_some());
        }
    }
}
