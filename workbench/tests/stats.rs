//! `stats`' summaries of small graphs whose values are worked out by hand, through the one
//! adapter every game uses: the counts, the histogram, the most extreme position, each engine's
//! memory estimate (solver-core's bound for the moves counted here by hand), the estimate by sampling, the peak memory read from /proc, and
//! parameters declared once and checked before any work.

use solver_core::graph::{Edge, GraphGame, Node};
use solver_core::{
    Nimber, RetrogradeEngine, StateId, StateSpace, Terminal, acyclic_memory_bound, parallel_acyclic_memory_bound,
};
use workbench::family::{estimated_moves, estimated_total};
use workbench::solve::{ENGINE_STEP, Identity, Notation, SolvableGame};
use workbench::space_game::{ImpartialGame, LoopyGame, ScoringGame};
use workbench::stats::{Bar, EngineCost, StatsReport, measure, measure_within, refusal, summarize};
use workbench::target::{Args, Param, ParamError};

type NodeIndex = petgraph::graph::NodeIndex<u32>;

/// The game's identity and notation: titled `g`, positions written `p<i>`.
fn named() -> (Identity, Notation<NodeIndex>) {
    let identity = Identity::new("g", &Args::parse(&[], &[]).unwrap(), "by hand");
    (identity, Notation::new(|s: &NodeIndex| format!("p{}", s.index()), |_| Err("no notation".to_string())))
}

fn loopy(game: GraphGame) -> StatsReport {
    let (identity, notation) = named();
    LoopyGame::new(identity, game, &NodeIndex::new(0), notation).stats()
}

fn loopy_with_unmoves(game: GraphGame) -> StatsReport {
    let (identity, notation) = named();
    LoopyGame::with_unmoves(identity, game, &NodeIndex::new(0), notation).stats()
}

fn grundy(game: GraphGame) -> StatsReport {
    let (identity, notation) = named();
    ImpartialGame::new(identity, game, &NodeIndex::new(0), notation).stats()
}

fn scores(game: GraphGame) -> StatsReport {
    let (identity, notation) = named();
    ScoringGame::<_, i32>::new(identity, game, &NodeIndex::new(0), notation).stats()
}

fn graph(nodes: Vec<Node>, edges: &[(u32, u32, i32)]) -> GraphGame {
    let edges = edges.iter().zip(0..).map(|(&(a, b, gain), option)| (a, b, Edge { option, gain, again: false }));
    GraphGame::from_parts(nodes, edges).unwrap()
}

/// 0 -> 1 -> 2 (loss in 2, win in 1, loss in 0); 3, finished, a win (its move 3 -> 0 is not
/// played); 4, finished, a tie; 5 <-> 6, draws; 7 -> 2, another win in 1. Unfinished
/// positions' moves: 5.
fn loopy_graph() -> GraphGame {
    let mark = |terminal| Node { terminal: Some(terminal) };
    let mut nodes = vec![Node::default(); 8];
    (nodes[3], nodes[4]) = (mark(Terminal::Win), mark(Terminal::Tie));
    graph(nodes, &[(0, 1, 0), (1, 2, 0), (3, 0, 0), (5, 6, 0), (6, 5, 0), (7, 2, 0)])
}

fn bars(report: &StatsReport) -> Vec<(String, String, Option<u32>, u64)> {
    report.histogram.iter().map(|b: &Bar| (b.label.clone(), b.kind.clone(), b.value, b.count)).collect()
}

fn bar(label: &str, kind: &str, value: Option<u32>, count: u64) -> (String, String, Option<u32>, u64) {
    (label.to_string(), kind.to_string(), value, count)
}

fn counts(report: &StatsReport) -> Vec<(&str, u64)> {
    report.counts.iter().map(|(k, &v)| (k.as_str(), v)).collect()
}

fn estimates(report: &StatsReport) -> Vec<Option<u64>> {
    report.engines.iter().map(|e: &EngineCost| e.estimate_bytes).collect()
}

#[test]
fn a_loopy_summary_counts_every_kind_and_finds_the_first_longest_win() {
    let game = loopy_graph();
    assert_eq!(estimated_moves(&game), 5);
    for (report, engines) in [
        (loopy(game.clone()), &RetrogradeEngine::BY_MOVES[..]),
        (loopy_with_unmoves(game.clone()), &RetrogradeEngine::ALL[..]),
    ] {
        assert_eq!((report.game.as_str(), report.positions), ("g", 8));
        assert_eq!(counts(&report), [("draw", 2), ("loss", 2), ("tie", 1), ("win", 3)]);
        let expected = [
            bar("win in 0", "win", Some(0), 1),
            bar("win in 1", "win", Some(1), 2),
            bar("loss in 0", "loss", Some(0), 1),
            bar("loss in 2", "loss", Some(2), 1),
            bar("tie in 0", "tie", Some(0), 1),
            bar("draw", "draw", None, 2),
        ];
        assert_eq!(bars(&report), expected);
        let extreme = report.extreme.as_ref().unwrap();
        assert_eq!((extreme.value.as_str(), extreme.position.as_str()), ("win in 1", "p1"));
        // Moves counted for the engines that store them; and a move buffer a thread, 4 moves
        // at least (no position has more than 1 move), 8 bytes a move.
        let buffers = rayon::current_num_threads() as u64 * 4 * 8;
        let expected: Vec<Option<u64>> = engines
            .iter()
            .map(|e| {
                let moves = if e.memory_bound(1, 1) > e.memory_bound(1, 0) { 5 } else { 0 };
                Some(e.memory_bound(8, moves) + buffers)
            })
            .collect();
        assert_eq!(estimates(&report), expected);
        let names: Vec<&str> = report.engines.iter().map(|e| e.engine.as_str()).collect();
        assert_eq!(names, engines.iter().map(|e| e.name()).collect::<Vec<_>>());
        assert!(report.engines.iter().all(|e| e.error.is_none()));
        // The start, node 0, loses in 2 with its one move.
        assert_eq!(report.notes, ["p0: start loss in 2, best to p1"]);
    }
}

/// What an acyclic summary of `game` must end with: its most extreme position (value, where),
/// both engines' estimates from solver-core's bounds for its `moves` moves (4-byte values) and
/// a buffer a thread of `per_move` bytes for 4 moves (no position has more) at twice its
/// length, and no engine failing.
fn assert_acyclic_report(report: &StatsReport, game: &GraphGame, moves: u64, per_move: u64, extreme: (&str, &str)) {
    let found = report.extreme.as_ref().unwrap();
    assert_eq!((found.value.as_str(), found.position.as_str()), extreme);
    let (positions, declared) = (game.len(), game.play_order().is_some());
    let buffers = rayon::current_num_threads() as u64 * 2 * per_move * 4;
    let sequential = acyclic_memory_bound(positions, moves, 4, declared) + buffers;
    let parallel = parallel_acyclic_memory_bound(positions, moves, 4, game.play_levels(), declared) + buffers;
    assert_eq!(estimates(report), [Some(sequential), Some(parallel)]);
    assert!(report.engines.iter().all(|e| e.error.is_none()), "{:?}", report.engines);
}

#[test]
fn a_grundy_summary_counts_zeros_and_finds_the_largest_nimber() {
    // 0 -> 1, 0 -> 2, 1 -> 2, each its own option: *2, *1, *0; 3 options with 3 parts.
    let game = graph(vec![Node::default(); 3], &[(0, 1, 0), (0, 2, 0), (1, 2, 0)]);
    let report = grundy(game.clone());
    assert_eq!(counts(&report), [("nonzero", 2), ("zero (lost for the mover)", 1)]);
    let nimber = |n: u32, count| bar(&format!("*{n}"), "nimber", Some(n), count);
    assert_eq!(bars(&report), [nimber(0, 1), nimber(1, 1), nimber(2, 1)]);
    // A part and its option's entry in the mex set, 4 + 8 bytes.
    assert_acyclic_report(&report, &game, 3, 12, ("*2", "p0"));

    // Ties go to the first position.
    let report = summarize("n".into(), 2, Some(&vec![Nimber(1), Nimber(1)]), Vec::new(), |i| format!("#{i}"));
    let extreme = report.extreme.as_ref().unwrap();
    assert_eq!((extreme.value.as_str(), extreme.position.as_str()), ("*1", "#0"));
    assert_eq!(counts(&report), [("nonzero", 2), ("zero (lost for the mover)", 0)]);
}

#[test]
fn a_score_summary_counts_ahead_level_and_behind() {
    // 0 -> 1 (gain 1), 1 -> 2 (gain 2), 0 -> 2 (gain 3), 3 -> 0 (gain 0): values 3, 2, 0, -3.
    let game = graph(vec![Node::default(); 4], &[(0, 1, 1), (1, 2, 2), (0, 2, 3), (3, 0, 0)]);
    let report = scores(game.clone());
    assert_eq!(counts(&report), [("ahead (value > 0)", 2), ("behind (value < 0)", 1), ("level (value 0)", 1)]);
    let score = |label: &str| bar(label, "score", None, 1);
    assert_eq!(bars(&report), [score("-3"), score("+0"), score("+2"), score("+3")]);
    let scored_move = std::mem::size_of::<solver_core::ScoredMove<StateId>>() as u64;
    assert_acyclic_report(&report, &game, 4, scored_move, ("+3", "p0"));
}

#[test]
fn a_total_is_exact_up_to_2_16_positions_and_sampled_above() {
    assert_eq!(estimated_total(10, |id| id.index() as u64), 45);
    let lumpy = |id: StateId| if id.index().is_multiple_of(3) { 1 } else { 100 };
    let len = 1 << 16;
    assert_eq!(estimated_total(len, lumpy), (len as u64).div_ceil(3) + (len as u64 - (len as u64).div_ceil(3)) * 100);
    // 3 * 2^16 + 5 positions: every third is sampled, each counting 1; a quarter is added.
    let len = 3 * (1 << 16) + 5;
    assert_eq!(estimated_total(len, lumpy), (len as f64 * 1.25).ceil() as u64);
}

#[test]
fn an_engine_runs_within_its_estimate_or_is_refused() {
    assert_eq!(refusal(1), None);
    let refused = refusal(u64::MAX).unwrap();
    assert!(refused.starts_with("too large: needs about"), "{refused}");

    let (value, cost) = measure_within("small", 100, || Ok::<_, String>(7));
    assert_eq!((value, cost.engine.as_str(), cost.error, cost.estimate_bytes), (Some(7), "small", None, Some(100)));
    // Wall time in seconds: at least the time slept, at most the time around the call.
    let around = std::time::Instant::now();
    let (_, cost) = measure_within("sleeper", 100, || {
        std::thread::sleep(std::time::Duration::from_millis(20));
        Ok::<_, String>(())
    });
    let around = around.elapsed().as_secs_f64();
    assert!(cost.seconds >= 0.02 && cost.seconds <= around, "{} of {around}", cost.seconds);
    let (value, cost) = measure_within("broken", 100, || Err::<u8, _>("a cycle"));
    assert_eq!((value, cost.error.as_deref(), cost.estimate_bytes), (None, Some("a cycle"), Some(100)));
    let (value, cost) = measure_within("huge", u64::MAX, || -> Result<u8, String> { panic!("must not run") });
    assert_eq!((value, cost.estimate_bytes, cost.seconds), (None, Some(u64::MAX), 0.0));
    // The refusal names the memory available, which other processes change meanwhile.
    assert!(cost.error.is_some_and(|e| e.starts_with("too large: needs about")));
}

#[test]
fn the_peak_is_read_from_proc_where_it_can_be_reset() {
    let writable = std::fs::OpenOptions::new().write(true).open("/proc/self/clear_refs").is_ok();
    let ((), _, peak) = measure(|| {
        let touched = vec![1u8; 64 << 20];
        std::hint::black_box(&touched);
    });
    if writable {
        let peak = peak.expect("a peak on Linux");
        // Less what the process held before and gave back meanwhile.
        assert!(peak >= 48 << 20, "{peak}");
        assert!(peak < 1 << 30, "{peak}");
    }
}

fn cost(engine: &str, millis: f64, peak_bytes: Option<u64>, error: Option<&str>, estimate: Option<u64>) -> EngineCost {
    let seconds = millis / 1e3;
    EngineCost { engine: engine.into(), seconds, peak_bytes, error: error.map(String::from), estimate_bytes: estimate }
}

#[test]
fn the_text_merges_long_runs_of_values_into_ranges() {
    // Wins in 0 to 15 once each and in 16 three times: 17 values, more than 16 bars, so ranges
    // of two; the one loss stays a bar of its own. Bars scale to the largest count, 3 = 40 #.
    let mut histogram: Vec<Bar> = (0..=16)
        .map(|r| Bar {
            label: format!("win in {r}"),
            kind: "win".into(),
            value: Some(r),
            count: if r == 16 { 3 } else { 1 },
        })
        .collect();
    histogram.push(Bar { label: "loss in 0".into(), kind: "loss".into(), value: Some(0), count: 1 });
    let report = StatsReport {
        game: "g rows=2".into(),
        positions: 20,
        counts: [("win".to_string(), 19), ("loss".to_string(), 1)].into(),
        histogram,
        extreme: Some(workbench::stats::Extreme { value: "win in 16".into(), position: "p3".into() }),
        engines: vec![
            cost("fast", 1.5, Some(1 << 20), None, Some(2 << 20)),
            cost("unmeasured", 0.25, None, None, None),
            cost("slow", 0.0, None, Some("too large"), Some(u64::MAX)),
        ],
        notes: vec!["A note.".into()],
    };
    let two = |low: u32| format!("  {:>18} {:>10} {}\n", format!("win {low}..{}", low + 1), 2, "#".repeat(27));
    let expected = [
        "g rows=2\npositions: 20\ncounts: loss 1, win 19\nmost extreme: win in 16 at p3\nby value:\n".to_string(),
        (0..16).step_by(2).map(two).collect(),
        "          win 16..17          3 ########################################\n".to_string(),
        "           loss in 0          1 ##############\n".to_string(),
        "A note.\nengines:\n".to_string(),
        "  fast                   1.50 ms   peak +1.0 MiB (bound 2.0 MiB)\n".to_string(),
        "  unmeasured             0.25 ms   peak +n/a\n".to_string(),
        "  slow             failed: too large\n".to_string(),
    ];
    assert_eq!(report.to_text(), expected.concat());
    assert_eq!(report.nothing_solved(), None, "two engines solved it");
}

#[test]
fn nothing_is_solved_only_when_every_engine_failed() {
    let report = |engines| StatsReport {
        game: "g".into(),
        positions: 0,
        counts: Default::default(),
        histogram: Vec::new(),
        extreme: None,
        engines,
        notes: Vec::new(),
    };
    let failed = |name| cost(name, 0.0, None, Some("too large"), None);
    let both = report(vec![failed("a"), failed("b")]);
    assert_eq!(both.nothing_solved(), Some(vec!["a: too large".to_string(), "b: too large".to_string()]));
    assert_eq!(report(vec![failed("a"), cost("b", 1.0, None, None, None)]).nothing_solved(), None);
    assert_eq!(report(Vec::new()).nothing_solved(), None, "no engine is not every engine failing");
}

const PARAMS: &[Param] = &[
    Param::number("rows", "2", 1, 5, "rows"),
    Param::number("cols", "4", 1, 5, "columns"),
    Param::choice("rule", "y", &["x", "y"], "the rule"),
];

#[test]
fn parameters_are_declared_once_with_defaults_and_ranges_and_checked_first() {
    let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let args = Args::parse(PARAMS, &words(&["rows=3", "rule=x"])).unwrap();
    assert_eq!((args.number::<u32>("rows"), args.number::<u32>("cols"), args.text("rule")), (3, 4, "x"));
    let map = args.map();
    assert_eq!(map.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>(), ["cols=4", "rows=3", "rule=x"]);
    assert_eq!(args.words(PARAMS), "rows=3 cols=4 rule=x");

    let parse = |w: &[&str]| Args::parse(PARAMS, &words(w)).unwrap_err();
    assert_eq!(
        parse(&["rows=3", "colour=red"]),
        ParamError::Unknown { name: "colour".into(), known: vec!["rows", "cols", "rule"] }
    );
    assert_eq!(parse(&["colour=red"]).to_string(), "unknown parameter `colour`; it takes rows, cols, rule");
    assert_eq!(parse(&["rows=9"]).to_string(), "rows must be a number in 1..=5, found `9`");
    assert_eq!(parse(&["rows=+3"]).to_string(), "rows must be a number in 1..=5, found `+3`");
    assert_eq!(parse(&["rule=z"]).to_string(), "rule must be one of x, y, found `z`");
    assert_eq!(parse(&["rows"]), ParamError::NotKeyValue("rows".into()));
    assert_eq!(parse(&["rows=1", "rows=2"]), ParamError::Twice("rows".into()));

    // From a table's header: the same parameters, checked the same way.
    assert_eq!(Args::from_map(PARAMS, &map), Ok(args));
    assert!(Args::from_map(PARAMS, &[("rows".to_string(), "0".to_string())].into()).is_err());
    assert_eq!(PARAMS[0].usage(), "rows=2 (1..=5): rows");
    assert_eq!(PARAMS[2].usage(), "rule=y (x|y): the rule");
}

#[test]
fn stats_tells_its_progress_engine_by_engine_and_reports_as_without_it() {
    let (identity, notation) = named();
    let game = LoopyGame::with_unmoves(identity, loopy_graph(), &NodeIndex::new(0), notation);
    let told = std::sync::Mutex::new(Vec::new());
    let report = game.stats_reporting(&|engine, done, all| told.lock().unwrap().push((engine, done, all)));
    let engines = game.engines();
    let all = engines.len() as u64 * ENGINE_STEP;
    let told = told.into_inner().unwrap();
    // Each engine named when it starts, at the steps of the engines before it, in the report's
    // order; then only within its own step, never back.
    for (k, &name) in (0..).zip(&engines) {
        let first = told.iter().position(|t| t.0 == name).unwrap_or_else(|| panic!("{name} was not told"));
        assert_eq!(told[first], (name, k * ENGINE_STEP, all), "{name} starts where the engines before it end");
        for &(_, done, _) in told.iter().filter(|t| t.0 == name) {
            assert!((k * ENGINE_STEP..=(k + 1) * ENGINE_STEP).contains(&done), "{name} told {done} outside its step");
        }
    }
    assert!(told.windows(2).all(|w| w[0].1 <= w[1].1 && w[0].2 == all), "{told:?}");
    // The engines that report (the reverse-graph and un-move ones) fill their step.
    for name in ["reverse-graph", "unmoves"] {
        let k = engines.iter().position(|&e| e == name).unwrap_or_else(|| panic!("no engine {name}")) as u64;
        assert!(told.contains(&(name, (k + 1) * ENGINE_STEP, all)), "{name} did not fill its step: {told:?}");
    }
    let names: Vec<&str> = report.engines.iter().map(|cost| cost.engine.as_str()).collect();
    assert_eq!(names, engines);
    assert_eq!(counts(&report), counts(&game.stats()));
}
