//! The registry: every game gamesolve knows, one line each. A game crate exports everything it
//! offers as one [`Registration`]; the commands and the generic tests find it all here.
//!
//! Append new games at the end: the generic fuzz targets number problems and fuzz bodies by
//! their place in this list, so a stored fuzz input keeps its meaning.

use testkit::Registration;
use testkit::fuzz::FuzzTarget;
use testkit::judge::AnyProblem;
use testkit::solve::SolveTarget;
use testkit::stats::StatsTarget;
use testkit::workload::Workload;

/// Every registered game, in the order `gamesolve list`, `verify` and `stats --help` show them.
pub static GAMES: &[&Registration] = &[
    &graph_games::REGISTRATION,
    &cards::REGISTRATION,
    &xiangqi::REGISTRATION,
    &nim::REGISTRATION,
    &graph_tokens::REGISTRATION,
    &octal::REGISTRATION,
    &dots_and_boxes::REGISTRATION,
    &chopsticks::REGISTRATION,
    &mnk::REGISTRATION,
];

/// Every judge problem, game by game.
pub fn problems() -> impl Iterator<Item = &'static dyn AnyProblem> {
    GAMES.iter().flat_map(|game| game.problems.iter().copied())
}

/// The problem with this id.
pub fn find_problem(id: &str) -> Option<&'static dyn AnyProblem> {
    problems().find(|p| p.id() == id)
}

/// Everything `gamesolve verify` runs, game by game.
pub fn workloads() -> Vec<Workload> {
    GAMES.iter().flat_map(|game| (game.workloads)()).collect()
}

/// Every game `gamesolve stats` can summarize.
pub fn stats_targets() -> impl Iterator<Item = &'static StatsTarget> {
    GAMES.iter().flat_map(|game| game.stats.iter())
}

/// Every game `gamesolve solve` can solve whole and store.
pub fn solve_targets() -> impl Iterator<Item = &'static SolveTarget> {
    GAMES.iter().flat_map(|game| game.solve.iter())
}

/// The solve target named `name`.
pub fn find_solve_target(name: &str) -> Option<&'static SolveTarget> {
    solve_targets().find(|t| t.name == name)
}

/// Every game's own fuzz bodies, game by game.
pub fn fuzz_targets() -> impl Iterator<Item = &'static FuzzTarget> {
    GAMES.iter().flat_map(|game| game.fuzz.iter())
}
