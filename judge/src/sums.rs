//! Explaining a sum of impartial games, for the judges of every game that is one: each part's
//! value, the nim-sum, and the winning moves.

use crate::explanation::{Explanation, MoveValue};
use solver_core::Nimber;

/// One part of a sum, as `explain` shows it.
pub struct Part {
    /// The part in words, e.g. `piece on cell 5`.
    pub name: String,
    /// Its Grundy value.
    pub value: Nimber,
}

/// The most winning moves an explanation lists.
const MOVES_SHOWN: usize = 12;

/// The explanation of a sum: lost for the player to move exactly when the nim-sum is 0.
/// `moves_to(i, v)` lists the moves in part `i` that leave it with value `v`, in words.
pub fn explain_sum(
    title: String,
    picture: String,
    verdict: String,
    parts: &[Part],
    mut moves_to: impl FnMut(usize, Nimber) -> Vec<String>,
) -> Explanation {
    let total: Nimber = parts.iter().map(|p| p.value).sum();
    let terms: Vec<String> = parts.iter().map(|p| p.value.to_string()).collect();
    let value = match parts.len() {
        0 => format!("{total} (no parts)"),
        1 => total.to_string(),
        _ => format!("{total} = {}", terms.join(" xor ")),
    };
    let mut explanation = Explanation { title, picture, verdict, value, ..Default::default() };
    for (i, part) in parts.iter().enumerate() {
        let wanted = part.value ^ total;
        if total.is_win() && explanation.moves.len() < MOVES_SHOWN {
            for play in moves_to(i, wanted) {
                let value = format!("{} becomes {wanted}: the nim-sum is *0, lost for the opponent", part.name);
                explanation.moves.push(MoveValue { play, value });
            }
        }
    }
    explanation.moves.truncate(MOVES_SHOWN);
    let parts_text: Vec<String> = parts.iter().map(|p| format!("{} is {}", p.name, p.value)).collect();
    if !parts_text.is_empty() {
        explanation.notes.push(format!("Values: {}.", parts_text.join(", ")));
    }
    explanation.notes.push(if total.is_win() {
        "The nim-sum is not 0, so the player to move wins: the winning moves make it 0.".to_string()
    } else {
        "The nim-sum is 0, so the player to move loses: every move makes it nonzero, and the opponent answers \
         by making it 0 again."
            .to_string()
    });
    explanation
}
