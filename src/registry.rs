//! The registry: every game gamesolve knows, one line each. A game crate exports everything it
//! offers as one [`Registration`]; the commands and the generic tests find it all here. The
//! order is what `list`, `verify` and `--help` show; nothing else depends on it (a fuzz input
//! names its problem or body).

use judge::AnyProblem;
use workbench::Registration;
use workbench::fuzz::FuzzTarget;
use workbench::target::{SearchTarget, SpaceTarget};

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
    &chomp::REGISTRATION,
    &connect_four::REGISTRATION,
];

/// Every judge problem, game by game.
pub fn problems() -> impl Iterator<Item = &'static dyn AnyProblem> {
    GAMES.iter().flat_map(|game| game.problems.iter().copied())
}

/// The problem with this id.
pub fn find_problem(id: &str) -> Option<&'static dyn AnyProblem> {
    problems().find(|p| p.id() == id)
}

/// Every space the whole-space commands (`verify`, `stats`, `solve`, the table commands) solve,
/// game by game.
pub fn spaces() -> impl Iterator<Item = &'static SpaceTarget> {
    GAMES.iter().flat_map(|game| game.spaces.iter())
}

/// The space named `name`.
pub fn find_space(name: &str) -> Option<&'static SpaceTarget> {
    spaces().find(|t| t.name == name)
}

/// Every game `search` searches past its tables with the game's own search, game by game.
pub fn searches() -> impl Iterator<Item = &'static SearchTarget> {
    GAMES.iter().flat_map(|game| game.searches.iter())
}

/// The search target named `name`.
pub fn find_search(name: &str) -> Option<&'static SearchTarget> {
    searches().find(|t| t.name == name)
}

/// What `gamesolve verify` runs: every space at each of its verified sizes, as (target,
/// `key=value` words).
pub fn verified() -> impl Iterator<Item = (&'static SpaceTarget, &'static str)> {
    spaces().flat_map(|target| target.verified.iter().map(move |words| (target, *words)))
}

/// Every game's own fuzz bodies, game by game.
pub fn fuzz_targets() -> impl Iterator<Item = &'static FuzzTarget> {
    GAMES.iter().flat_map(|game| game.fuzz.iter())
}
