//! `childhood`: "童年", the card game with 2 hands a player modulo 10, A to move (contract:
//! problems/childhood.md).

use super::{
    Canonical, CardProblem, CardsEngine, Start, capacity, explain, generate, generate_hard, hard_pools, judge,
    read_count, read_line, shrink, split,
};
use judge::input::{InputError, Tokens};
use judge::{Explanation, JudgeError, Problem};
use solver_core::OutcomeKind;
use std::sync::OnceLock;

/// Bounds on T are unknown; 10^6 must be normal input, and ten times that still is.
const MAX_SITUATIONS: u32 = 10_000_000;
const HANDS: usize = 2;
/// The fewest bytes a situation takes: `ax ay bx by` in single digits and a newline.
const SITUATION_BYTES: usize = 8;

/// `childhood`: A and B each show two hands 0..9 and A moves first: `1` if A wins, `2` if B
/// wins, `0` if play goes on forever.
///
/// Input (read strictly by lines): `T` alone on the first line, then `T` lines `ax ay bx by`
/// (0..=9; a 0 is a hand already withdrawn). A's two zeros mean A has won (`1`), even when B's
/// are zero too; else B's two zeros mean B has won (`2`).
pub struct Childhood;

impl Problem for Childhood {
    type Engine = CardsEngine;

    fn id(&self) -> &'static str {
        "childhood"
    }

    fn title(&self) -> &'static str {
        "\"童年\" (childhood): 2 hands mod 10, A first; 1 A wins, 2 B wins, 0 endless"
    }

    fn contract(&self) -> &'static str {
        include_str!("../../problems/childhood.md")
    }

    fn judge(&self, input: &str, engine: CardsEngine) -> Result<String, JudgeError> {
        judge::<HANDS, Childhood>(input, engine)
    }

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        explain::<HANDS, Childhood>(input)
    }

    /// At least one situation, as the input; at most a million (the judge takes 10^7).
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        1..=1_000_000
    }

    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        Ok(generate::<HANDS, Childhood>(seed, cases))
    }

    /// From the solved game: the deepest wins and losses, wins with a single winning move,
    /// draws, and now and then a uniform situation.
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        static POOLS: OnceLock<Result<judge::hard_pools::HardPools, JudgeError>> = OnceLock::new();
        let pools = POOLS.get_or_init(hard_pools::<HANDS, Self>).as_ref().map_err(Clone::clone)?;
        Ok(generate_hard::<HANDS, Self>(pools, seed, cases))
    }

    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        split::<HANDS, Childhood>(input)
    }

    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        Ok(judge::input::CaseList::Counted.join(inputs)?)
    }

    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        shrink::<HANDS, Childhood>(input)
    }

    fn is_answer_line(&self, line: &str) -> bool {
        matches!(line, "0" | "1" | "2")
    }
}

impl CardProblem<HANDS> for Childhood {
    const MODULUS: usize = 10;

    fn parse<X>(input: &str, keep: impl Fn(Start<HANDS>) -> X) -> Result<Vec<X>, InputError> {
        parse_canonical(input, &keep).map_or_else(|| parse_tokens(input, &keep), Ok)
    }

    /// A always moves first; there is no flag.
    fn answer(_: bool, value: OutcomeKind) -> &'static str {
        match value {
            OutcomeKind::Win => "1\n",
            OutcomeKind::Loss => "2\n",
            // The game has no ties: a position is won, lost, or endless play.
            OutcomeKind::Tie | OutcomeKind::Draw => "0\n",
        }
    }

    fn players(_: bool) -> [&'static str; 2] {
        ["A", "B"]
    }

    const FLAGGED: bool = false;

    fn admits(_: &Start<HANDS>) -> bool {
        true
    }

    fn render(situations: &[Start<HANDS>]) -> String {
        let mut out = format!("{}\n", situations.len());
        for s in situations {
            out += &format!("{} {} {} {}\n", s.mover[0], s.mover[1], s.opponent[0], s.opponent[1]);
        }
        out
    }
}

/// Reads any layout of the input's lines token by token, and says what is wrong with it.
fn parse_tokens<X>(input: &str, keep: impl Fn(Start<HANDS>) -> X) -> Result<Vec<X>, InputError> {
    let mut tokens = Tokens::new(input);
    let count = read_count(&mut tokens, MAX_SITUATIONS)?;
    let mut situations = Vec::with_capacity(capacity(count, input, SITUATION_BYTES));
    for i in 1..=count {
        let ([ax, ay, bx, by], _) =
            read_line(&mut tokens, &["ax", "ay", "bx", "by"], "values", format_args!("in situation {i}"), 9)?;
        situations.push(keep(Start { mover: [ax, ay], opponent: [bx, by], flag: false }));
    }
    tokens.expect_end("the last situation")?;
    Ok(situations)
}

/// The common layout, read byte by byte: `None` for anything else, including every invalid
/// input, which [`parse_tokens`] then reads and says what is wrong.
fn parse_canonical<X>(input: &str, keep: impl Fn(Start<HANDS>) -> X) -> Option<Vec<X>> {
    let mut bytes = Canonical::new(input);
    let count = bytes.count(MAX_SITUATIONS)?;
    let mut situations = Vec::with_capacity(capacity(count, input, SITUATION_BYTES));
    for _ in 0..count {
        let [ax, ay, bx, by] = bytes.line(9)?;
        situations.push(keep(Start { mover: [ax, ay], opponent: [bx, by], flag: false }));
    }
    bytes.at_end().then_some(situations)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The fast reader is only a shortcut: whatever it accepts, the token reader accepts
        /// with the same values; and it takes the common layout.
        #[test]
        fn the_fast_reader_agrees_with_the_token_reader(
            lines in proptest::collection::vec(proptest::array::uniform4(0..10u8), 1..6),
            edits in proptest::collection::vec((any::<prop::sample::Index>(), prop::sample::select(b"09 \n\r\tx-".to_vec())), 0..3),
        ) {
            let mut text = format!("{}\n", lines.len());
            for l in &lines {
                text += &format!("{} {} {} {}\n", l[0], l[1], l[2], l[3]);
            }
            prop_assert!(parse_canonical(&text, |s| s).is_some());
            let mut bytes = text.into_bytes();
            for (at, byte) in edits {
                let i = at.index(bytes.len());
                bytes[i] = byte;
            }
            let input = String::from_utf8(bytes).expect("ASCII");
            if let Some(fast) = parse_canonical(&input, |s| s) {
                prop_assert_eq!(parse_tokens(&input, |s| s), Ok(fast));
            }
        }
    }
}
