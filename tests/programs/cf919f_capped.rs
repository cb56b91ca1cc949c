//! A plausible wrong solution to Codeforces 919F, for the tests of `gamesolve check`: value
//! iteration over every position, stopped after a fixed number of rounds (the first argument,
//! default 30). A position whose best play takes that many moves or more is never decided and
//! comes out as `Deal`. Most positions are decided well before: only the deepest wins and losses
//! (45 moves at most) show the cap, so random inputs rarely catch it.
//!
//! Written from the statement alone, sharing nothing with gamesolve: a hand is its counts of each
//! value 0..=4, and a position is (hand to move, other hand).

use std::io::Read;

const CARDS: usize = 8;
const VALUES: usize = 5;

/// Every hand: counts of the values 0..=4 summing to 8.
fn hands() -> Vec<[u8; VALUES]> {
    let mut all = Vec::new();
    let mut counts = [0u8; VALUES];
    fn fill(value: usize, left: u8, counts: &mut [u8; VALUES], all: &mut Vec<[u8; VALUES]>) {
        if value == VALUES - 1 {
            counts[value] = left;
            all.push(*counts);
            return;
        }
        for here in 0..=left {
            counts[value] = here;
            fill(value + 1, left - here, counts, all);
        }
    }
    fill(0, CARDS as u8, &mut counts, &mut all);
    all
}

#[derive(Clone, Copy, PartialEq)]
enum Value {
    Unknown,
    Win,
    Loss,
}

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(30);
    let hands = hands();
    let index = |hand: &[u8; VALUES]| hands.iter().position(|h| h == hand).expect("every hand is listed");
    let n = hands.len();
    // The hands reachable from each hand by one move with each opponent's value b.
    let mut after = vec![[Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new()]; n];
    for (i, hand) in hands.iter().enumerate() {
        for b in 1..VALUES {
            for a in (1..VALUES).filter(|&a| hand[a] > 0) {
                let mut next = *hand;
                next[a] -= 1;
                next[(a + b) % VALUES] += 1;
                after[i][b].push(index(&next));
            }
        }
    }
    let zero = index(&[CARDS as u8, 0, 0, 0, 0]);
    let mut value = vec![Value::Unknown; n * n];
    for me in 0..n {
        for other in 0..n {
            if me == zero {
                value[me * n + other] = Value::Win;
            } else if other == zero {
                value[me * n + other] = Value::Loss;
            }
        }
    }
    for _ in 0..rounds {
        let old = value.clone();
        for me in 0..n {
            for other in 0..n {
                if old[me * n + other] != Value::Unknown {
                    continue;
                }
                // The next position is (other, my new hand), the other player to move.
                let children = (1..VALUES)
                    .filter(|&b| hands[other][b] > 0)
                    .flat_map(|b| after[me][b].iter().map(|&mine| old[other * n + mine]));
                let (mut any_loss, mut all_win) = (false, true);
                for child in children {
                    any_loss |= child == Value::Loss;
                    all_win &= child == Value::Win;
                }
                value[me * n + other] = if any_loss {
                    Value::Win
                } else if all_win {
                    Value::Loss
                } else {
                    Value::Unknown
                };
            }
        }
    }
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("readable input");
    let mut numbers = input.split_ascii_whitespace().map(|t| t.parse::<usize>().expect("numbers"));
    let situations = numbers.next().unwrap_or(0);
    let mut out = String::new();
    for _ in 0..situations {
        let bob_first = numbers.next() == Some(1);
        let mut read_hand = || {
            let mut counts = [0u8; VALUES];
            for _ in 0..CARDS {
                counts[numbers.next().expect("8 cards")] += 1;
            }
            index(&counts)
        };
        let (alice, bob) = (read_hand(), read_hand());
        let (mover, waiting) = if bob_first { (bob, alice) } else { (alice, bob) };
        let (mover_name, other_name) = if bob_first { ("Bob", "Alice") } else { ("Alice", "Bob") };
        out += match value[mover * n + waiting] {
            Value::Win => mover_name,
            Value::Loss => other_name,
            Value::Unknown => "Deal",
        };
        out += "\n";
    }
    print!("{out}");
}
