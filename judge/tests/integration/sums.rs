//! Explaining a sum of impartial games: the value shown for no, one and several parts, the
//! winning moves asked for only while a win has fewer than 12 listed, none for a loss.

use judge::sums::{Part, explain_sum};
use solver_core::Nimber;

fn parts(values: &[u32]) -> Vec<Part> {
    values.iter().enumerate().map(|(i, &v)| Part { name: format!("heap {i}"), value: Nimber(v) }).collect()
}

#[test]
fn the_value_shows_the_nim_sum_of_the_parts() {
    let explain =
        |values: &[u32]| explain_sum("t".into(), String::new(), "v".into(), &parts(values), |_, _| Vec::new());
    assert_eq!(explain(&[]).value, "*0 (no parts)");
    assert_eq!(explain(&[5]).value, "*5");
    assert_eq!(explain(&[1, 2, 4]).value, "*7 = *1 xor *2 xor *4");
    assert_eq!(explain(&[1, 2]).notes[0], "Values: heap 0 is *1, heap 1 is *2.");
    assert_eq!(explain(&[]).notes.len(), 1, "no values line without parts");
}

#[test]
fn winning_moves_are_asked_for_until_twelve_are_listed() {
    // *1 xor *2 xor *4 = *7: each part is asked for the value that makes the sum *0.
    let mut asked = Vec::new();
    let sum = explain_sum("t".into(), String::new(), "win".into(), &parts(&[1, 2, 4]), |i, wanted| {
        asked.push((i, wanted));
        (0..6).map(|k| format!("move {i}.{k}")).collect()
    });
    assert_eq!(asked, [(0, Nimber(6)), (1, Nimber(5))], "the third part is not asked: 12 moves are listed");
    assert_eq!(sum.moves.len(), 12);
    assert_eq!(sum.moves[6].play, "move 1.0");
    assert_eq!(sum.moves[6].value, "heap 1 becomes *5: the nim-sum is *0, lost for the opponent");

    let mut asked = 0;
    let lost = explain_sum("t".into(), String::new(), "loss".into(), &parts(&[3, 3]), |_, _| {
        asked += 1;
        vec!["a move".into()]
    });
    assert_eq!((asked, lost.moves.len()), (0, 0), "a lost sum has no winning move to ask for");
}
