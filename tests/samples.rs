//! Snapshots of the published samples: every corpus case tagged `sample` is answered by its
//! problem's default engine, must equal the published output, and is snapshotted with insta (so
//! a snapshot is only ever accepted when it equals the published answer). Where ../shared is
//! present, the corpus copy must match the published files byte for byte.

mod common;

use common::corpus::load;
use gamesolve::problems;
use std::path::Path;

#[test]
fn published_samples_are_answered_exactly_and_snapshotted() {
    for (problem_id, case) in load().into_iter().filter(|(_, c)| c.has_tag("sample")) {
        let problem = problems::find(&problem_id).expect("a registered problem");
        let expected = case.output.as_deref().expect("a sample has an output");
        let out = problem
            .judge(&case.input, problem.engines()[0])
            .unwrap_or_else(|e| panic!("{problem_id}/{}: {e}", case.name));
        assert_eq!(out, expected, "{problem_id}/{} differs from the published output", case.name);
        insta::assert_snapshot!(format!("{problem_id}-{}", case.name), out);
    }
}

#[test]
fn corpus_copies_of_samples_match_the_published_files() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/problems");
    if !shared.is_dir() {
        eprintln!("../shared/problems is absent: nothing to compare the corpus copies with");
        return;
    }
    for (problem_id, case) in load() {
        let Some(published) = &case.published else { continue };
        let read = |ext: &str| {
            let path = shared.join(format!("{published}.{ext}"));
            std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{problem_id}/{}: {}: {e}", case.name, path.display()))
        };
        assert_eq!(case.input, read("in"), "{problem_id}/{}: input differs from {published}.in", case.name);
        assert_eq!(
            case.output.as_deref(),
            Some(read("out").as_str()),
            "{problem_id}/{}: output differs from {published}.out",
            case.name
        );
    }
}

#[test]
fn every_published_sample_of_a_registered_problem_is_in_the_corpus() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/problems");
    let cases = load();
    for problem in problems::PROBLEMS {
        for kind in ["sample", "example"] {
            let published = format!("{}/{kind}", problem.id());
            if shared.join(format!("{published}.in")).is_file() {
                assert!(
                    cases.iter().any(|(_, c)| c.published.as_deref() == Some(published.as_str())),
                    "../shared/problems/{published}.in has no corpus case with published = \"{published}\""
                );
            }
        }
    }
}
