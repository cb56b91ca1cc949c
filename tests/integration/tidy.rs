//! The tidy test: every "Architecture Invariant" of ARCHITECTURE.md, enforced from
//! `cargo metadata` and the tracked sources. Each invariant there ends with the name of the
//! check below that keeps it (`tidy: <name>`), and every check is named by an invariant, so the
//! document and the test cannot drift apart.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A workspace package as `cargo metadata` describes it.
struct Package {
    name: String,
    /// Its folder, relative to the workspace root (`""` for the root package).
    folder: String,
    /// Its dependencies: (name, kind: "normal" | "dev" | "build", folder relative to the root
    /// for a path dependency).
    dependencies: Vec<(String, String, Option<String>)>,
    /// The names of its optional dependencies (each behind a feature).
    optional: Vec<String>,
}

fn relative(path: &str) -> String {
    let path = Path::new(path);
    let path = path.strip_prefix(root()).unwrap_or(path);
    path.to_string_lossy().trim_end_matches("/Cargo.toml").trim_end_matches("Cargo.toml").to_string()
}

fn packages() -> Vec<Package> {
    let cargo = option_env!("CARGO").unwrap_or("cargo");
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&out.stderr));
    let metadata: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON");
    let list = metadata["packages"].as_array().expect("a package list");
    list.iter()
        .map(|p| Package {
            name: p["name"].as_str().expect("a name").to_string(),
            folder: relative(p["manifest_path"].as_str().expect("a manifest path")),
            dependencies: p["dependencies"]
                .as_array()
                .expect("a dependency list")
                .iter()
                .map(|d| {
                    let kind = d["kind"].as_str().unwrap_or("normal").to_string();
                    let path = d["path"].as_str().map(|p| relative(&format!("{p}/Cargo.toml")));
                    (d["name"].as_str().expect("a dependency name").to_string(), kind, path)
                })
                .collect(),
            optional: p["dependencies"]
                .as_array()
                .expect("a dependency list")
                .iter()
                .filter(|d| d["optional"].as_bool() == Some(true))
                .map(|d| d["name"].as_str().expect("a dependency name").to_string())
                .collect(),
        })
        .collect()
}

fn package<'a>(packages: &'a [Package], name: &str) -> &'a Package {
    packages.iter().find(|p| p.name == name).unwrap_or_else(|| panic!("no workspace package `{name}`"))
}

fn is_game(folder: &str) -> bool {
    folder.starts_with("games/")
}

/// The files a commit would hold: tracked, or new and not ignored (as `git ls-files` lists them),
/// with their text where they are text.
fn tracked_files() -> Vec<(String, Option<String>)> {
    let out = Command::new("git")
        .args(["ls-files", "-z", "--cached", "--others", "--exclude-standard"])
        .current_dir(root())
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git ls-files failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout)
        .expect("UTF-8 file names")
        .split('\0')
        .filter(|name| !name.is_empty() && root().join(name).is_file())
        .map(|name| (name.to_string(), std::fs::read_to_string(root().join(name)).ok()))
        .collect()
}

fn rust_files(files: &[(String, Option<String>)], under: &str) -> Vec<(String, String)> {
    files
        .iter()
        .filter(|(name, _)| name.starts_with(under) && name.ends_with(".rs"))
        .map(|(name, text)| (name.clone(), text.clone().unwrap_or_default()))
        .collect()
}

/// The identifiers of Rust source (words of letters, digits and `_`), comments included: a
/// name that may not appear may not appear in a doc either.
fn identifiers(source: &str) -> BTreeSet<&str> {
    source.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect()
}

/// The free functions a source file defines at its top level (`fn`, `pub fn`, `pub(crate) fn`
/// starting a line); methods of traits and types are shared vocabulary, not engine code.
fn defined_functions(source: &str) -> BTreeSet<String> {
    source
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("pub(crate) ").or_else(|| line.strip_prefix("pub ")).unwrap_or(line);
            let name = rest.strip_prefix("fn ")?;
            Some(name.split(|c: char| !(c.is_alphanumeric() || c == '_')).next()?.to_string())
        })
        .filter(|name| !name.is_empty())
        .collect()
}

type Check = fn(&[Package], &[(String, Option<String>)]) -> Vec<String>;

/// Each check returns its violations, one sentence each.
const CHECKS: &[(&str, Check)] = &[
    ("solver_core_dependencies", solver_core_dependencies),
    ("oracle_is_naive", oracle_is_naive),
    ("verifier_shares_nothing", verifier_shares_nothing),
    ("library_layers", library_layers),
    ("tests_ship_nothing", tests_ship_nothing),
    ("table_file_knows_no_game", table_file_knows_no_game),
    ("games_stand_alone", games_stand_alone),
    ("only_the_root_sees_every_game", only_the_root_sees_every_game),
    ("libraries_never_print", libraries_never_print),
    ("one_way_to_the_terminal", one_way_to_the_terminal),
    ("provenance_is_reproducible", provenance_is_reproducible),
    ("fuzz_is_its_own_workspace", fuzz_is_its_own_workspace),
    ("modules_start_with_docs", modules_start_with_docs),
    ("no_import_circles", no_import_circles),
    ("no_ignored_tests", no_ignored_tests),
    ("nothing_points_outside", nothing_points_outside),
    ("one_unsafe_call", one_unsafe_call),
    ("one_feature_set", one_feature_set),
];

fn solver_core_dependencies(packages: &[Package], _: &[(String, Option<String>)]) -> Vec<String> {
    // memmap2 and zerocopy: `search::TableMemory`, a game's own transposition table on an
    // anonymous map that asks for huge pages, viewed as atomic words without `unsafe`.
    let allowed = ["memmap2", "petgraph", "rayon", "thiserror", "zerocopy"];
    // The distributed tier engine's MPI bindings, behind the feature `mpi`: the default build,
    // and so every game and command, has none of it.
    let behind_a_feature = ["mpi"];
    let core = package(packages, "solver-core");
    core.dependencies
        .iter()
        .filter(|(name, kind, _)| kind == "normal" && !allowed.contains(&name.as_str()))
        .filter(|(name, _, _)| !(behind_a_feature.contains(&name.as_str()) && core.optional.contains(name)))
        .map(|(name, _, _)| {
            format!("solver-core depends on `{name}`; it may depend on {allowed:?} only, and optionally on {behind_a_feature:?}")
        })
        .collect()
}

fn oracle_is_naive(packages: &[Package], files: &[(String, Option<String>)]) -> Vec<String> {
    let mut found = Vec::new();
    for (name, kind, _) in &package(packages, "oracle").dependencies {
        if kind == "normal" && !["solver-core", "thiserror"].contains(&name.as_str()) {
            found.push(format!("oracle depends on `{name}`; it may depend on solver-core and thiserror only"));
        }
    }
    let forbidden = [
        "StateSpace",
        "StateId",
        "LoopySpace",
        "Unmoves",
        "ImpartialSpace",
        "ScoringSpace",
        "RetrogradeEngine",
        "solve_with_reverse_graph",
        "solve_with_unmoves",
        "solve_by_layers",
        "solve_parallel_counter",
        "solve_parallel_layered",
        "CompactOutcomeTable",
        "grundy_table",
        "score_table",
        "topological_order",
        "verify",
    ];
    for (file, source) in rust_files(files, "oracle/") {
        let words = identifiers(&source);
        for name in forbidden.iter().filter(|n| words.contains(*n)) {
            found.push(format!("{file} names `{name}`: the oracle works on plain states with the rules traits only"));
        }
    }
    found
}

fn verifier_shares_nothing(_: &[Package], files: &[(String, Option<String>)]) -> Vec<String> {
    let read =
        |path: &str| files.iter().find(|(name, _)| name == path).and_then(|(_, text)| text.clone()).unwrap_or_default();
    let verifier = read("solver-core/src/verify.rs");
    let engines =
        ["solver-core/src/retrograde.rs", "solver-core/src/parallel_retrograde.rs", "solver-core/src/acyclic.rs"];
    let mut found = Vec::new();
    let verifier_words = identifiers(&verifier);
    let verifier_functions = defined_functions(&verifier);
    for engine in engines {
        let source = read(engine);
        let module = Path::new(engine).file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        if verifier.contains(&format!("crate::{module}")) {
            found.push(format!("solver-core/src/verify.rs uses the engine module `{module}`"));
        }
        for function in defined_functions(&source) {
            if verifier_words.contains(function.as_str()) && !verifier_functions.contains(&function) {
                found.push(format!("solver-core/src/verify.rs calls `{function}` of {engine}"));
            }
        }
        let engine_words = identifiers(&source);
        for function in &verifier_functions {
            if engine_words.contains(function.as_str()) && !defined_functions(&source).contains(function) {
                found.push(format!("{engine} calls `{function}` of the verifier"));
            }
        }
    }
    // The engines compute mex with MexSet; the verifier computes it its own way.
    if verifier_words.contains("MexSet") {
        found.push("solver-core/src/verify.rs uses MexSet, the engines' mex".to_string());
    }
    found
}

/// The workspace crates each library may depend on (normal dependencies), beside solver-core's,
/// oracle's and table-file's own checks.
const LIBRARY_LAYERS: &[(&str, &[&str])] = &[
    ("judge", &["solver-core", "oracle"]),
    ("workbench", &["solver-core", "oracle", "judge", "table-file"]),
    ("testkit", &["solver-core", "oracle", "judge"]),
];

fn library_layers(packages: &[Package], _: &[(String, Option<String>)]) -> Vec<String> {
    let mut found = Vec::new();
    for (library, allowed) in LIBRARY_LAYERS {
        for (name, kind, path) in &package(packages, library).dependencies {
            if kind == "normal" && path.is_some() && !allowed.contains(&name.as_str()) {
                found.push(format!("{library} depends on the workspace crate `{name}`; only on {allowed:?}"));
            }
        }
    }
    found
}

/// Test-only crates, which no program may link.
const TEST_ONLY: &[&str] = &["testkit", "proptest", "insta", "criterion", "toml"];

fn tests_ship_nothing(packages: &[Package], _: &[(String, Option<String>)]) -> Vec<String> {
    let mut found = Vec::new();
    for package in packages.iter().filter(|p| p.name != "testkit") {
        for (name, kind, _) in &package.dependencies {
            if kind == "normal" && TEST_ONLY.contains(&name.as_str()) {
                found.push(format!("{} depends on `{name}` outside its tests: a program would link it", package.name));
            }
        }
    }
    found
}

fn table_file_knows_no_game(packages: &[Package], files: &[(String, Option<String>)]) -> Vec<String> {
    let mut found: Vec<String> = package(packages, "table-file")
        .dependencies
        .iter()
        .filter(|(name, kind, path)| kind == "normal" && path.is_some() && name != "solver-core")
        .map(|(name, _, _)| format!("table-file depends on the workspace crate `{name}`; only on solver-core"))
        .collect();
    let games: Vec<String> = packages.iter().filter(|p| is_game(&p.folder)).map(|p| p.name.replace('-', "_")).collect();
    for (file, source) in rust_files(files, "table-file/") {
        let words = identifiers(&source);
        for game in games.iter().filter(|g| words.contains(g.as_str())) {
            found.push(format!("{file} names the game crate `{game}`; the table format knows no game"));
        }
    }
    found
}

fn games_stand_alone(packages: &[Package], _: &[(String, Option<String>)]) -> Vec<String> {
    let mut found = Vec::new();
    for game in packages.iter().filter(|p| is_game(&p.folder)) {
        if game.folder != format!("games/{}", game.name) {
            found.push(format!("the package `{}` lives in {}, not games/{}", game.name, game.folder, game.name));
        }
        for (name, _, path) in &game.dependencies {
            let Some(path) = path else { continue };
            if !["solver-core", "oracle", "judge", "workbench", "testkit"].contains(&path.as_str()) {
                found.push(format!(
                    "the game `{}` depends on `{name}` ({path}): only solver-core, oracle, judge, workbench and testkit",
                    game.name
                ));
            }
        }
    }
    found
}

fn only_the_root_sees_every_game(packages: &[Package], files: &[(String, Option<String>)]) -> Vec<String> {
    let mut found = Vec::new();
    let games: Vec<&Package> = packages.iter().filter(|p| is_game(&p.folder)).collect();
    let root_package = packages.iter().find(|p| p.folder.is_empty()).expect("the root package");
    let registry =
        files.iter().find(|(name, _)| name == "src/registry.rs").and_then(|(_, text)| text.clone()).unwrap_or_default();
    for game in &games {
        if !root_package
            .dependencies
            .iter()
            .any(|(_, kind, path)| kind == "normal" && path.as_deref() == Some(&game.folder))
        {
            found.push(format!("the root package does not depend on the game `{}`", game.name));
        }
        let line = format!("&{}::REGISTRATION,", game.name.replace('-', "_"));
        if registry.matches(&line).count() != 1 {
            found.push(format!("src/registry.rs does not list `{line}` exactly once"));
        }
    }
    for package in packages.iter().filter(|p| !p.folder.is_empty()) {
        for (name, _, path) in &package.dependencies {
            if path.as_deref().is_some_and(is_game) && !is_game(&package.folder) {
                found.push(format!(
                    "`{}` depends on the game `{name}`; only the root package sees the games",
                    package.name
                ));
            }
        }
    }
    found
}

fn libraries_never_print(_: &[Package], files: &[(String, Option<String>)]) -> Vec<String> {
    let mut found = Vec::new();
    for under in
        ["solver-core/src/", "oracle/src/", "judge/src/", "table-file/src/", "workbench/src/", "testkit/src/", "games/"]
    {
        for (file, source) in rust_files(files, under) {
            if under == "games/" && file.split('/').nth(2).is_none_or(|part| part != "src") {
                continue;
            }
            // Doc examples may print; the code may not.
            let code: String = source.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
            for macro_name in ["print!(", "println!(", "eprint!(", "eprintln!(", "dbg!("] {
                if code.contains(macro_name) {
                    found.push(format!(
                        "{file} calls {macro_name}..): library code returns its output, the CLI prints it"
                    ));
                }
            }
        }
    }
    found
}

/// The files that may touch the standard streams: the one escaping and its two writers.
const TERMINAL_WRITERS: &[&str] = &["src/terminal.rs", "src/output.rs"];

fn one_way_to_the_terminal(_: &[Package], files: &[(String, Option<String>)]) -> Vec<String> {
    let mut found = Vec::new();
    for (file, source) in rust_files(files, "src/") {
        if TERMINAL_WRITERS.contains(&file.as_str()) {
            continue;
        }
        let code: String = source.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
        for call in
            ["print!(", "println!(", "eprint!(", "eprintln!(", "dbg!(", "io::stdout()", "io::stderr()", ".print()"]
        {
            if code.contains(call) {
                found.push(format!(
                    "{file} calls {call}: text reaches the terminal through output::emit or terminal::note, \
                     which escape control characters"
                ));
            }
        }
    }
    found
}

fn provenance_is_reproducible(_: &[Package], files: &[(String, Option<String>)]) -> Vec<String> {
    let mut found = Vec::new();
    for (file, text) in files {
        let Some(text) = text else { continue };
        if !(file.starts_with("games/") && file.contains("/corpus/") && file.ends_with(".toml")) {
            continue;
        }
        let problem = Path::new(file).file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        match testkit::corpus::parse(problem, text) {
            Err(e) => found.push(format!("{file}: {e}")),
            Ok(cases) => {
                for case in cases
                    .iter()
                    .filter(|c| c.provenance.contains("seed document") && !c.provenance.contains("recheck:"))
                {
                    found.push(format!(
                        "{file}: case `{}` came from a seed's solution but names no `recheck:` command",
                        case.name
                    ));
                }
            }
        }
    }
    found
}

fn fuzz_is_its_own_workspace(_: &[Package], files: &[(String, Option<String>)]) -> Vec<String> {
    let mut found = Vec::new();
    let manifest =
        files.iter().find(|(name, _)| name == "fuzz/Cargo.toml").and_then(|(_, text)| text.clone()).unwrap_or_default();
    if !manifest.contains("[workspace]") {
        found.push("fuzz/Cargo.toml declares no [workspace] of its own".to_string());
    }
    for (file, source) in rust_files(files, "fuzz/fuzz_targets/") {
        if !source.contains("gamesolve::fuzz::") {
            found.push(format!("{file}: a fuzz target's body lives in gamesolve::fuzz, replayed by cargo test"));
        }
    }
    found
}

fn modules_start_with_docs(_: &[Package], files: &[(String, Option<String>)]) -> Vec<String> {
    rust_files(files, "")
        .into_iter()
        .filter(|(_, source)| {
            let first = source.lines().find(|l| !l.starts_with("#![")).unwrap_or_default();
            !first.starts_with("//!")
        })
        .map(|(file, _)| format!("{file} does not start with a `//!` line saying what it is"))
        .collect()
}

/// The module of a crate's source file `path` (relative to its `src/`): the file's stem, or its
/// folder's name for a file in a folder (`tiers/mod.rs`, `tiers/shards.rs`: `tiers`); `None`
/// for the crate root.
fn module_of(path: &str) -> Option<String> {
    let first = path.split('/').next()?;
    let module = first.strip_suffix(".rs").unwrap_or(first);
    (!["lib", "main"].contains(&module)).then(|| module.to_string())
}

fn no_import_circles(packages: &[Package], files: &[(String, Option<String>)]) -> Vec<String> {
    let mut found = Vec::new();
    for package in packages {
        let src = if package.folder.is_empty() { "src/".to_string() } else { format!("{}/src/", package.folder) };
        // Which module names which other module with `crate::<module>`, comments aside.
        let mut names: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let sources = rust_files(files, &src);
        for (file, _) in &sources {
            if let Some(module) = module_of(&file[src.len()..]) {
                names.entry(module).or_default();
            }
        }
        for (file, source) in &sources {
            let Some(module) = module_of(&file[src.len()..]) else { continue };
            for line in source.lines().filter(|l| !l.trim_start().starts_with("//")) {
                for (at, _) in line.match_indices("crate::") {
                    let named: String =
                        line[at + 7..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    if named != module && names.contains_key(&named) {
                        names.entry(module.clone()).or_default().insert(named);
                    }
                }
            }
        }
        // A module that names one leading back to it closes a circle: report each module on one.
        for module in names.keys() {
            let mut reached = BTreeSet::new();
            let mut next: Vec<&String> = names[module].iter().collect();
            while let Some(other) = next.pop() {
                if reached.insert(other.clone()) {
                    next.extend(names[other].iter());
                }
            }
            if reached.contains(module) {
                found.push(format!("{src}{module}: its imports lead back to it (a circle between files)"));
            }
        }
    }
    found
}

fn no_ignored_tests(_: &[Package], files: &[(String, Option<String>)]) -> Vec<String> {
    let attributes = [["#[", "ignore"].concat(), ["#[", "should_panic"].concat()];
    let mut found = Vec::new();
    for (file, source) in rust_files(files, "") {
        for attribute in &attributes {
            if source.contains(attribute.as_str()) {
                found
                    .push(format!("{file} uses {attribute}]: expensive cases carry a tag and an environment variable"));
            }
        }
    }
    found
}

fn nothing_points_outside(_: &[Package], files: &[(String, Option<String>)]) -> Vec<String> {
    // Built from pieces, so that this file does not match itself.
    let outside = [
        ["..", "/shared"].concat(),
        ["/", "work/"].concat(),
        ["/", "tmp/"].concat(),
        ["/", "root/"].concat(),
        ["/", "home/"].concat(),
        ["/", "Users/"].concat(),
    ];
    let mut found = Vec::new();
    for (file, text) in files {
        let Some(text) = text else { continue };
        if file.starts_with("fuzz/corpus/") || file.starts_with("fuzz/regressions/") {
            continue;
        }
        for (number, line) in text.lines().enumerate() {
            for pattern in &outside {
                let hit = line.match_indices(pattern.as_str()).any(|(at, _)| {
                    pattern.starts_with("..")
                        || !line[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                });
                if hit {
                    found.push(format!("{file}:{}: `{pattern}` points outside the repository", number + 1));
                }
            }
        }
    }
    found
}

fn one_unsafe_call(_: &[Package], files: &[(String, Option<String>)]) -> Vec<String> {
    let allowed = "table-file/src/read.rs";
    let mut found = Vec::new();
    let mut allowed_blocks = 0;
    for (file, source) in rust_files(files, "") {
        let blocks = source.matches(["unsafe", " {"].concat().as_str()).count()
            + source.matches(["unsafe", " fn"].concat().as_str()).count()
            + source.matches(["unsafe", " impl"].concat().as_str()).count();
        if file == allowed {
            allowed_blocks = blocks;
        } else if blocks > 0 {
            found.push(format!("{file} has unsafe code; the only unsafe call is the memory map in {allowed}"));
        }
    }
    if allowed_blocks > 1 {
        found.push(format!("{allowed} has {allowed_blocks} unsafe blocks; only the memory map may be unsafe"));
    }
    found
}

/// Every package `cargo tree` lists with its features, one line each as `name version [f,g]`
/// (the marks of repeated subtrees dropped).
fn resolved_features(args: &[&str]) -> BTreeMap<String, String> {
    let cargo = option_env!("CARGO").unwrap_or("cargo");
    let out = Command::new(cargo)
        .args(["tree", "--offline", "--locked", "--prefix", "none", "--format", "{p} [{f}]"])
        .args(args)
        .current_dir(root())
        .output()
        .expect("cargo tree runs");
    assert!(out.status.success(), "cargo tree failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| {
            let (package, features) = line.trim_end_matches(" (*)").split_once(" [")?;
            // Path packages print their folder after the version; the name and version suffice.
            let package = package.split(" (").next().unwrap_or(package);
            Some((package.to_string(), features.trim_end_matches(']').to_string()))
        })
        .collect()
}

fn one_feature_set(_: &[Package], _: &[(String, Option<String>)]) -> Vec<String> {
    // `cargo build --release` resolves the root package's normal and build dependencies;
    // `cargo test --workspace --release` adds every member's dev-dependencies, whose features
    // unify into the crates both use. A crate built with other features is built again.
    let built = resolved_features(&["--edges", "normal,build"]);
    let tested = resolved_features(&["--workspace", "--edges", "normal,build,dev"]);
    assert!(built.len() > 50, "cargo tree listed {} packages of the build", built.len());
    built
        .iter()
        .filter_map(|(package, features)| {
            let other = tested.get(package)?;
            (other != features).then(|| {
                format!(
                    "{package} is built with [{features}] and tested with [{other}]: name the test build's \
                     features in the root Cargo.toml so the README's two commands compile it once"
                )
            })
        })
        .collect()
}

/// The check names the invariants of ARCHITECTURE.md cite, in order.
fn cited_checks() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let bullets: Vec<&str> = text.split("- **Architecture Invariant:**").skip(1).collect();
    bullets
        .iter()
        .map(|bullet| {
            let (_, after) = bullet
                .split_once("(tidy: `")
                .unwrap_or_else(|| panic!("an invariant names no tidy check: {}", bullet.trim()));
            after.split('`').next().unwrap_or_default().to_string()
        })
        .collect()
}

#[test]
fn every_invariant_has_a_check_and_every_check_an_invariant() {
    let cited: BTreeSet<String> = cited_checks().into_iter().collect();
    let implemented: BTreeSet<String> = CHECKS.iter().map(|(name, _)| name.to_string()).collect();
    assert_eq!(cited, implemented, "ARCHITECTURE.md's invariants and the tidy checks differ");
}

#[test]
fn every_invariant_holds() {
    let packages = packages();
    let files = tracked_files();
    let mut violations: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (name, check) in CHECKS {
        let found = check(&packages, &files);
        if !found.is_empty() {
            violations.insert(name, found);
        }
    }
    let report: Vec<String> =
        violations.iter().map(|(name, found)| format!("{name}:\n  {}", found.join("\n  "))).collect();
    assert!(violations.is_empty(), "architecture invariants broken:\n{}", report.join("\n"));
    // The checks saw the tree: a vacuous pass is a failure too.
    assert!(files.len() > 100 && packages.len() > 5, "tidy saw {} files, {} packages", files.len(), packages.len());
}
