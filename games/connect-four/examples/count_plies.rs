//! The positions reachable from the empty board after each number of plies, finished ones
//! included and not played on: `cargo run --release -p connect-four --example count_plies --
//! [WIDTH HEIGHT PLIES]` (default 7 6 12). On 7x6 the counts are OEIS A212693; the crate's test
//! checks them up to ply 9, this goes as far as memory allows (ply 12: 12,236,101 positions).

use connect_four::{Position, Shape, Status};
use std::collections::HashSet;
use std::time::Instant;

fn main() {
    let args: Vec<u32> = std::env::args().skip(1).map(|a| a.parse().expect("numbers: WIDTH HEIGHT PLIES")).collect();
    let (width, height, plies) = match args[..] {
        [] => (7, 6, 12),
        [w, h, p] => (w, h, p),
        _ => panic!("usage: count_plies [WIDTH HEIGHT PLIES]"),
    };
    let shape = Shape::new(width, height).unwrap_or_else(|e| panic!("{e}"));
    let started = Instant::now();
    let mut layer = vec![Position::empty()];
    for ply in 0..=plies {
        let finished = layer.iter().filter(|p| p.status(shape) != Status::InPlay).count();
        println!(
            "ply {ply:>2}: {:>12} positions, {finished:>10} finished, {:.1} s",
            layer.len(),
            started.elapsed().as_secs_f64()
        );
        let mut next = HashSet::new();
        for position in layer.iter().filter(|p| p.status(shape) == Status::InPlay) {
            next.extend((0..shape.width()).filter(|&c| position.can_play(shape, c)).map(|c| position.play(shape, c)));
        }
        layer = next.into_iter().collect();
    }
}
