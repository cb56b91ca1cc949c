//! What every command shares for printing: the report formats, the one `render`, writing to a
//! standard output that may be closed, and progress bars on standard error.
//!
//! Everything gamesolve prints passes through this module (or `gamesolve::terminal::note`), and through
//! [`terminal_safe`] on the way (see `gamesolve::terminal` for why).

use anyhow::Context;
use clap::ValueEnum;
use gamesolve::terminal::{json_safe, terminal_safe};
use indicatif::{ProgressBar, ProgressStyle};
use std::borrow::Cow;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

/// How results are printed.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people.
    Text,
    /// One JSON document on standard output, for scripts (schemas in the README).
    Json,
}

/// A command's report: serialized for `--format json`, in words for `--format text`.
pub trait Report: serde::Serialize {
    /// The report for people.
    fn text(&self) -> Cow<'_, str>;

    /// The report as one pretty-printed JSON document. Through a `serde_json::Value`, whose
    /// maps keep their keys sorted: the documents' keys come out in the order scripts (and the
    /// README's schemas) have always seen, whatever the order of a type's fields.
    fn json(&self) -> String {
        pretty(&serde_json::to_value(self).expect("a report serializes"))
    }
}

/// Prints `report` in `format`.
pub fn render(report: &impl Report, format: Format) -> anyhow::Result<()> {
    match format {
        Format::Text => emit(&report.text()),
        Format::Json => write_out(&json_safe(&report.json())),
    }
}

/// A JSON value pretty-printed, with a final newline.
pub fn pretty(value: &serde_json::Value) -> String {
    serde_json::to_string_pretty(value).expect("a JSON value serializes") + "\n"
}

/// Standard output was closed by its reader.
#[derive(Debug, thiserror::Error)]
#[error("standard output was closed")]
pub struct OutputClosed;

/// Whether standard output was closed when gamesolve started. Rust's runtime then opens
/// `/dev/null` in its place, read-write, so writes succeed and the answer is lost; a shell's
/// `> /dev/null` opens it write-only, and stays a success. (Linux; elsewhere false.)
pub fn stdout_was_closed() -> bool {
    #[cfg(target_os = "linux")]
    {
        use nix::fcntl::{FcntlArg, OFlag, fcntl};
        use nix::sys::stat::{SFlag, fstat, major, minor};
        let stdout = std::io::stdout();
        let Ok(stat) = fstat(&stdout) else { return false };
        let dev_null = SFlag::from_bits_truncate(stat.st_mode) & SFlag::S_IFMT == SFlag::S_IFCHR
            && (major(stat.st_rdev), minor(stat.st_rdev)) == (1, 3);
        let read_write = fcntl(&stdout, FcntlArg::F_GETFL)
            .is_ok_and(|flags| OFlag::from_bits_truncate(flags) & OFlag::O_ACCMODE == OFlag::O_RDWR);
        dev_null && read_write
    }
    #[cfg(not(target_os = "linux"))]
    false
}

/// Writes `text` for people, made [`terminal_safe`], to standard output; a closed pipe is
/// [`OutputClosed`], not a panic.
pub fn emit(text: &str) -> anyhow::Result<()> {
    write_out(&terminal_safe(text))
}

/// Writes `text` as it is to standard output; a closed pipe is [`OutputClosed`].
fn write_out(text: &str) -> anyhow::Result<()> {
    if stdout_was_closed() {
        anyhow::bail!("cannot write to standard output: it was closed when gamesolve started (`>&-`)");
    }
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(OutputClosed.into()),
        written => written.context("cannot write to standard output"),
    }
}

/// Writes `output` and succeeds.
pub fn print_all(output: &str) -> anyhow::Result<ExitCode> {
    emit(output)?;
    Ok(ExitCode::SUCCESS)
}

/// A progress bar on standard error, or a hidden one when standard error is not a terminal.
pub fn progress_bar(len: Option<u64>, template: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = match len {
        Some(len) => ProgressBar::new(len),
        None => ProgressBar::new_spinner(),
    };
    bar.set_style(ProgressStyle::with_template(template).expect("a valid template"));
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

/// `n` with its digits grouped by three: `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A phase shown by its name and the time so far.
const NAMED: &str = "{spinner} {msg} {elapsed}";
/// A phase shown by its share done and the time left.
const SHARE: &str = "{spinner} {msg} {wide_bar} {percent}% ({elapsed} so far, {eta} left)";

/// Steps done of a total, the share and the time left at that pace.
fn counted_template(unit: &str) -> String {
    format!(
        "{{spinner}} {{msg}} {{wide_bar}} {{human_pos}}/{{human_len}} {unit}, {{percent}}% ({{elapsed}} so far, {{eta}} left)"
    )
}

/// The progress of work in named phases, on standard error when it is a terminal: a phase whose
/// steps are counted ([`PhasesBar::step`], e.g. `verify`'s reading and verifying, `stats`'
/// engines, `diff`'s comparing) shows its share done and the time left; one whose steps are
/// the engine's own units ([`PhasesBar::share`], an engine solving) the share and the time
/// left only; one that cannot count them (an engine that does not report from inside) its name
/// and the time it has taken ([`PhasesBar::phase`]). A new phase starts the bar over.
pub struct PhasesBar {
    bar: ProgressBar,
    counted: String,
    /// The phase now shown, and how its steps are shown.
    now: std::sync::Mutex<(String, Shown)>,
}

/// How a phase's steps are shown.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shown {
    /// Not counted: the name and the time so far.
    Named,
    /// Counted in the bar's unit: done of all, the share and the time left.
    Counted,
    /// Counted in units of their own: the share and the time left.
    Share,
}

impl PhasesBar {
    /// A bar whose counted steps are `unit` (`positions`, `engines`).
    pub fn new(unit: &str) -> PhasesBar {
        let bar = progress_bar(None, NAMED);
        PhasesBar { bar, counted: counted_template(unit), now: std::sync::Mutex::new((String::new(), Shown::Named)) }
    }

    /// A phase whose steps are not counted.
    pub fn phase(&self, name: &str) {
        self.start(name, Shown::Named);
    }

    /// More about the phase now shown, beside its name: the engine `stats` runs, or a search's
    /// positions where they have no total (`searching: 1,234 positions`).
    pub fn detail(&self, text: &str) {
        let now = self.now.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        self.bar.set_message(terminal_safe(&format!("{}: {text}", now.0)).into_owned());
    }

    /// `done` steps of `total` in phase `name`.
    pub fn step(&self, name: &str, done: u64, total: u64) {
        self.advance(name, Shown::Counted, done, total);
    }

    /// `done` of `total` in phase `name`, in units that mean nothing to the reader (an engine's
    /// own, told through solver-core's `Progress`): shown as a share only.
    pub fn share(&self, name: &str, done: u64, total: u64) {
        self.advance(name, Shown::Share, done, total);
    }

    fn advance(&self, name: &str, shown: Shown, done: u64, total: u64) {
        self.start(name, shown);
        self.bar.set_length(total);
        self.bar.set_position(done);
    }

    fn start(&self, name: &str, shown: Shown) {
        let mut now = self.now.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if now.0 == name && now.1 == shown {
            return;
        }
        *now = (name.to_string(), shown);
        let template = match shown {
            Shown::Named => NAMED,
            Shown::Counted => self.counted.as_str(),
            Shown::Share => SHARE,
        };
        self.bar.set_style(ProgressStyle::with_template(template).expect("a valid template"));
        self.bar.set_message(terminal_safe(name).into_owned());
        self.bar.reset();
    }

    /// Clears the bar, before the report is printed.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
