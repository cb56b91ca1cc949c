//! Plausible contestant solutions to HDU 1849 ("Rabbit and Grass"), right and wrong, for the
//! tests of `gamesolve check`. Written from the statement alone, sharing nothing with
//! gamesolve: every piece is a Nim heap as large as its cell, and Rabbit, moving first, wins
//! exactly when the cells' xor is not 0 (Bouton's theorem).
//!
//! The first argument picks the solution:
//! - `right`: the right answer, one line a case;
//! - `reset`: the xor is never reset between cases, so every case after the first is answered
//!   for all the pieces so far (right on one case alone, wrong on some pairs);
//! - `slow`: right, but sleeps 2 ms for each unit of the largest cell of each case, as if it
//!   searched every position (a case with a piece on cell 1000 takes 2 s);
//! - `chatty`: right, with a debugging line on standard output before each answer;
//! - `crlf`: right, with Windows line ends;
//! - `one-line`: right, but every answer on one line;
//! - `hog`: right, after filling a table of 512 MiB (a memory limit below that stops it).

use std::io::{Read, Write};
use std::time::Duration;

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "right".to_string());
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("readable input");
    let mut numbers = input.split_ascii_whitespace().map(|t| t.parse::<u32>().expect("a number"));
    if mode == "hog" {
        // Touched, so the memory is really taken; its sum is printed nowhere but keeps it.
        let table = vec![1u8; 512 << 20];
        std::hint::black_box(&table);
    }
    let mut answers = Vec::new();
    let mut carried = 0;
    while let Some(pieces) = numbers.next().filter(|&m| m > 0) {
        let cells: Vec<u32> = (0..pieces).map(|_| numbers.next().expect("a cell")).collect();
        let xor = cells.iter().fold(0, |x, &c| x ^ c);
        let xor = if mode == "reset" {
            carried ^= xor;
            carried
        } else {
            xor
        };
        if mode == "slow" {
            let largest = cells.iter().copied().max().unwrap_or(0);
            std::thread::sleep(Duration::from_millis(2 * u64::from(largest)));
        }
        if mode == "chatty" {
            answers.push(format!("debug: {pieces} pieces, xor {xor}"));
        }
        answers.push(if xor != 0 { "Rabbit Win!" } else { "Grass Win!" }.to_string());
    }
    let out = match mode.as_str() {
        "crlf" => answers.iter().map(|a| format!("{a}\r\n")).collect(),
        "one-line" => format!("{}\n", answers.join(" ")),
        _ => answers.iter().map(|a| format!("{a}\n")).collect::<String>(),
    };
    std::io::stdout().write_all(out.as_bytes()).expect("writable output");
}
