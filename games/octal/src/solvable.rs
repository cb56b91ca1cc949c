//! Octal games as `gamesolve solve`, `probe`, `diff` and `verify FILE` see them: position `h`
//! is one heap of `h` tokens, for the heaps `0..=n`, and the start is the heap of `n`. A heap
//! is written as its size (`7`), as the judges' inputs write a row; a move is named by what it
//! leaves (`to 5`, `to 2 + 3`, `to nothing`). Engines: the sparse-space sequence (the default:
//! the only one that is not quadratic), solver-core's Grundy engine and the naive sequence, the
//! last two only up to [`Method::QUADRATIC_MAX_HEAP`]; values are checked by solver-core's
//! verifier.

use crate::method::Method;
use crate::workloads::{STATS_PAIR_BUDGET, sparse_within};
use crate::{OctalCode, OctalGame};
use solver_core::{Nimber, StateSpace};
use testkit::input::shorten;
use testkit::solve::{
    Identity, ImpartialGame, Move, Notation, SolvableGame, SolveTarget, Solved, VerifyFailure, read_all,
};
use testkit::table_file::{TableFile, Value, ValueKind};

/// `octal code=0.77 n=1000`: the keys, defaults and ranges of the `octal` stats target.
pub const SOLVE_TARGETS: &[SolveTarget] = &[SolveTarget {
    name: "octal",
    params: "code=0.77 n=1000 (1..=10000000; past 100000 only the sparse method runs, and it stops past \
             3*10^10 pairs of heaps): the heaps 0..=n of an octal game, starting from the heap of n",
    open: |params| {
        let text = params.text("code", "0.77");
        let code: OctalCode = text.parse().map_err(|e| format!("code `{text}`: {e}"))?;
        let n = params.number("n", 1_000u32, 1..=10_000_000)?;
        let mut identity = Identity::new(
            "octal",
            params,
            "normal play on one heap: the player who cannot move loses; the player to move first is asked about",
        );
        // `.77` and `0.77` are one game: the header records the code as the game prints it.
        identity.params.insert("code".to_string(), code.to_string());
        let notation = Notation::new(|heap: &u32| heap.to_string(), move |text| parse_heap(text, n));
        let game = ImpartialGame::new(identity, OctalGame::new(code, n), &n, notation)
            .with_engine(Method::Naive.name(), |g| quadratic(Method::Naive, g))
            .with_engine(Method::Sparse.name(), |g| {
                let values = sparse_within(g.code(), g.len(), STATS_PAIR_BUDGET)?;
                Ok(values.into_iter().map(Nimber).collect())
            });
        let mut engines = vec![Method::Sparse.name()];
        if Method::Naive.practical_up_to(n as usize) {
            engines.extend(["grundy", Method::Naive.name()]);
        }
        Ok(Box::new(Octal { game, engines }))
    },
    // The sequences of the verify workloads (`workloads::workloads`), every heap up to 1000.
    golden: &["code=0.77 n=1000", "code=0.07 n=1000", "code=0.137 n=1000", "code=0.007 n=1000"],
}];

/// `G(0..=max_heap)` by one of the crate's sequences.
fn quadratic(method: Method, game: &OctalGame) -> Result<Vec<Nimber>, String> {
    let values = method.values(game.code(), game.len()).map_err(|e| e.to_string())?;
    Ok(values.into_iter().map(Nimber).collect())
}

/// A heap size of `0..=n`, digits only.
fn parse_heap(text: &str, n: u32) -> Result<u32, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(format!("expected a heap: its number of tokens, 0..={n}"));
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{}` is not a heap: a heap is its number of tokens, 0..={n}", shorten(text)));
    }
    match text.parse::<u32>() {
        Ok(heap) if heap <= n => Ok(heap),
        _ => Err(format!("a heap of {} tokens is past the largest heap of the table, {n}", shorten(text))),
    }
}

/// The adapter with the engines that can run at this size, the sparse-space sequence first:
/// the quadratic ones would run for hours on a heap of ten million.
struct Octal {
    game: ImpartialGame<OctalGame>,
    engines: Vec<&'static str>,
}

impl SolvableGame for Octal {
    fn identity(&self) -> &Identity {
        self.game.identity()
    }

    fn kind(&self) -> ValueKind {
        self.game.kind()
    }

    fn positions(&self) -> u64 {
        self.game.positions()
    }

    fn start(&self) -> u64 {
        self.game.start()
    }

    fn engines(&self) -> Vec<&'static str> {
        self.engines.clone()
    }

    fn solve(&self, engine: &str) -> Result<Box<dyn Solved + '_>, String> {
        if !self.engines.contains(&engine) {
            let why = if self.game.engines().contains(&engine) {
                format!(
                    "`{engine}` is quadratic and runs only up to n={}; the engines here are {}",
                    Method::QUADRATIC_MAX_HEAP,
                    self.engines.join(", ")
                )
            } else {
                format!("no engine `{engine}`; the engines are {}", self.engines.join(", "))
            };
            return Err(why);
        }
        self.game.solve(engine)
    }

    fn describe(&self, index: u64) -> String {
        self.game.describe(index)
    }

    fn parse(&self, text: &str) -> Result<u64, String> {
        self.game.parse(text)
    }

    fn moves(&self, index: u64) -> Vec<Move> {
        self.game.moves(index)
    }

    /// Past [`Method::QUADRATIC_MAX_HEAP`] only the checksums are checked, and the table is
    /// refused as unverified: the verifier visits every split of every heap, about `n^2 / 4`
    /// options for a code with splits, hours for a million heaps.
    fn verify(&self, table: &TableFile, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<(), VerifyFailure> {
        let heaps = self.game.positions();
        if heaps > Method::QUADRATIC_MAX_HEAP as u64 + 1 {
            read_all(table, Nimber::ZERO, |v| if let Value::Nimber(n) = v { Some(n) } else { None }, progress)?;
            return Err(VerifyFailure::Unreadable(format!(
                "every checksum matches, but the values are not verified: the verifier checks every move of every \
                 heap, about n^2/4 options for {} heaps, and runs only up to n={}",
                heaps,
                Method::QUADRATIC_MAX_HEAP
            )));
        }
        self.game.verify(table, progress)
    }
}
