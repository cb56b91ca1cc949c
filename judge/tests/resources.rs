//! The resource model's arithmetic and its process-wide settings. The settings are global, so
//! one test sets and restores them, alone in this binary.

use judge::explanation_bytes;
use judge::resources::{
    DEFAULT_WORK, OutOfMemory, OverBudget, Work, check_memory, memory_limit, set_max_memory, set_work_budget,
    show_bytes, work_budget,
};
use judge::{Explanation, MoveValue};

#[test]
fn bytes_are_shown_in_the_largest_unit_below_them() {
    assert_eq!(show_bytes(1023), "1023 bytes");
    assert_eq!(show_bytes(1024), "1.0 KiB");
    assert_eq!(show_bytes(1536), "1.5 KiB");
    assert_eq!(show_bytes(3 << 30), "3.0 GiB");
    assert_eq!(show_bytes(u64::MAX), "16777216.0 TiB");
}

#[test]
fn dense_steps_cost_a_unit_per_32_rounded_up() {
    let mut work = Work::new(10);
    work.spend_dense(33).unwrap();
    assert_eq!(work.left(), 8);
    let declined = work.spend_dense(8 * 32 + 1).unwrap_err();
    assert_eq!(declined, OverBudget { what: "the engine".into(), budget: 10 });
    assert_eq!(work.left(), 8, "a refused spend spends nothing");
    work.spend_dense(8 * 32).unwrap();
    assert_eq!(work.left(), 0);
}

#[test]
fn an_explanation_counts_every_byte_of_its_text() {
    let bare = Explanation::default();
    let mv = |play: &str, value: &str| MoveValue { play: play.into(), value: value.into() };
    let full = Explanation {
        title: "case 1".into(),
        picture: "..\n".into(),
        verdict: "win".into(),
        value: "win in 3".into(),
        moves: vec![mv("a1", "loss in 2")],
        line: vec![mv("a1", "loss in 2"), mv("b", "")],
        notes: vec!["note".into()],
    };
    let text = 6 + 3 + 3 + 8;
    let moves = 3 * size_of::<MoveValue>() as u64 + (2 + 9) * 2 + 1;
    let notes = size_of::<String>() as u64 + 4;
    assert_eq!(explanation_bytes(&bare), size_of::<Explanation>() as u64);
    assert_eq!(explanation_bytes(&full), size_of::<Explanation>() as u64 + text + moves + notes);
}

#[test]
fn the_process_settings_reach_every_budget_and_limit() {
    set_work_budget(5);
    assert_eq!(work_budget(), 5);
    let declined = Work::for_input("the hdu1730 oracle").spend(6).unwrap_err();
    assert_eq!(declined, OverBudget { what: "the hdu1730 oracle".into(), budget: 5 });
    set_work_budget(DEFAULT_WORK);
    assert_eq!(Work::for_input("x").left(), DEFAULT_WORK);

    // The machine has more than a kilobyte available, so --max-memory is the least limit.
    set_max_memory(1000);
    assert_eq!(memory_limit(), Some((1000, "--max-memory allows")));
    assert_eq!(check_memory("a table", 1000), Ok(()));
    let refused = check_memory("a table", 1001).unwrap_err();
    let expected =
        OutOfMemory { what: "a table".into(), needed: 1001, limit: 1000, source_of_limit: "--max-memory allows" };
    assert_eq!(refused, expected);
    assert_eq!(refused.to_string(), "a table needs about 1001 bytes, more than the 1000 bytes --max-memory allows");
    set_max_memory(0);
    assert_ne!(memory_limit().map(|(_, source)| source), Some("--max-memory allows"), "0 is no limit");
}

/// Run as a child of [`the_address_space_limit_is_a_memory_limit`] under `ulimit -v`: the
/// limit it leaves is the least one. Alone it has nothing to check.
#[test]
fn address_space_child() {
    if std::env::var_os("TESTKIT_ULIMIT_CHILD").is_none() {
        return;
    }
    let (limit, source) = memory_limit().unwrap();
    assert_eq!(source, "bytes the address-space limit (ulimit -v) leaves");
    assert!(limit < 4 << 30, "{limit}");
}

#[test]
fn the_address_space_limit_is_a_memory_limit() {
    if judge::resources::available_memory().is_none_or(|bytes| bytes < 5 << 30) {
        return; // Not Linux, or too little memory for 4 GiB to be the least limit.
    }
    let me = std::env::current_exe().unwrap();
    let script = format!("ulimit -v {} && exec \"$0\" --exact address_space_child", 4 << 20);
    let status = std::process::Command::new("sh")
        .args(["-c", &script])
        .arg(&me)
        .env("TESTKIT_ULIMIT_CHILD", "1")
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
}
