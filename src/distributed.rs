//! `solve --distributed` (cargo feature `mpi`): one game solved by every rank of an MPI job
//! with solver-core's distributed tier engine, each rank writing the tiers it solves as shards
//! of one table ([`table_file::shards`]) into the output directory, which `probe`, `diff`
//! and `verify` then read as one table.
//!
//! Every rank runs the same command and computes the same plan: the game's tiers
//! ([`workbench::solve::SolvableGame::tiers`]), their deal among the ranks
//! ([`deal_tiers`]) and from it the manifest (a shard a slice of a tier). Rank 0 checks the
//! directory (new, or with `--resume` holding the same plan), writes the manifest, and tells
//! the others; an error there ends every rank cleanly. From then on an error on a rank (or a
//! rank killed) aborts the whole job. Each shard is written crash-safe, so after any stop the
//! directory holds whole, checksummed shards and the manifest; `--resume` reads back the
//! shards that check and solves the rest, on the same number of ranks. A shard read back is
//! checked as `verify` checks a table: its checksums, and every value against its children
//! (read from the child tiers' shards, all on disk by then); one altered after it was written,
//! even with its checksums made again, is solved again, not trusted.
//!
//! Rank 0 writes a line to standard error at every tenth of its share solved (or read back).
//!
//! A test hook: `GAMESOLVE_TEST_KILL=R:N` makes rank `R` kill itself (SIGKILL) right after
//! writing its `N`-th shard, the way a lost machine stops a run.

use crate::tables::{self, ProbeReport};
use serde_json::json;
use solver_core::ScoreValue;
use solver_core::tiers_mpi::mpi::datatype::Equivalence;
use solver_core::tiers_mpi::mpi::traits::{Communicator, Root};
use solver_core::tiers_mpi::{RankReport, TierSlice, deal_tiers, solve_tiers_distributed};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;
use table_file::shards::{MANIFEST, Manifest, Shard};
use table_file::{Encoding, TableFile, Value, WriteOptions, write_table_with};
use workbench::solve::{ConsecutiveTiers, SolvableGame, header, read_all};

/// What `solve --distributed` was asked.
pub struct Request<'a> {
    /// The game, opened.
    pub game: &'a dyn SolvableGame,
    /// The tiering's name, or the game's choice.
    pub tiering: Option<&'a str>,
    /// The output directory.
    pub out: &'a Path,
    /// Continue the run in `out`.
    pub resume: bool,
}

/// What the job did, as rank 0 reports it.
pub struct Report {
    tiering: String,
    shards: usize,
    ranks: Vec<RankReport>,
    seconds: f64,
    start: ProbeReport,
}

/// As [`Report::to_json`] says: the start's probe with the run's numbers added.
impl serde::Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&self.to_json(), serializer)
    }
}

impl Report {
    /// The report for people.
    pub fn to_text(&self) -> String {
        let mut out = self.start.to_text();
        out += &format!(
            "solved on {} ranks in {:.2} s, tiering {}, {} shards\n",
            self.ranks.len(),
            self.seconds,
            self.tiering,
            self.shards
        );
        for (rank, r) in self.ranks.iter().enumerate() {
            out += &format!(
                "  rank {rank}: solved {} slices ({} positions), read back {} ({} positions), sent {} bytes, received {}, peak {} table bytes\n",
                r.slices,
                r.positions,
                r.slices_stored,
                r.positions_stored,
                r.bytes_sent,
                r.bytes_received,
                r.peak_table_bytes
            );
        }
        let read_back: u32 = self.ranks.iter().map(|r| r.slices_stored).sum();
        if read_back > 0 {
            out += &format!(
                "read back {read_back} shards of the earlier run, each re-verified: its checksums, and every value \
                 against its children\n"
            );
        }
        out
    }

    /// The report as JSON: probe's, with `{tiering, shards, seconds, ranks: [{slices_solved,
    /// positions_solved, slices_read_back, positions_read_back, bytes_sent, bytes_received,
    /// peak_table_bytes}]}` added.
    pub fn to_json(&self) -> serde_json::Value {
        let mut out = self.start.to_json();
        let ranks: Vec<_> = self
            .ranks
            .iter()
            .map(|r| {
                json!({
                    "slices_solved": r.slices, "positions_solved": r.positions,
                    "slices_read_back": r.slices_stored, "positions_read_back": r.positions_stored,
                    "bytes_sent": r.bytes_sent, "bytes_received": r.bytes_received,
                    "peak_table_bytes": r.peak_table_bytes,
                })
            })
            .collect();
        out["tiering"] = json!(self.tiering);
        out["shards"] = json!(self.shards);
        out["seconds"] = json!(self.seconds);
        out["ranks"] = json!(ranks);
        out
    }
}

/// Why the job stopped.
pub enum Failure {
    /// Before any work, the same on every rank or told by rank 0 to all: every rank ends
    /// without aborting the job, once rank 0 has said why.
    Clean(String),
    /// During the work, on this rank: the job must be aborted.
    Abort(String),
}

/// The shard file of a slice: `tier-T.table` for a whole tier, `tier-T-S.table` from index S.
fn shard_file(slice: &TierSlice, tier_len: u64) -> String {
    match (slice.start, slice.end) {
        (0, end) if end == tier_len => format!("tier-{}.table", slice.tier),
        (start, _) => format!("tier-{}-{start}.table", slice.tier),
    }
}

/// What every rank computes alike before the work.
struct Plan {
    manifest: Manifest,
    /// The shard of each slice, by its tier and first index.
    shards: BTreeMap<(u32, u64), Shard>,
    /// The positions dealt to each rank.
    share: Vec<u64>,
}

/// The plan of `tiers` dealt to `ranks`: the manifest and each slice's shard.
fn plan(game: &dyn SolvableGame, tiers: &dyn ConsecutiveTiers, ranks: u32) -> Result<Plan, String> {
    let deal = deal_tiers(tiers, ranks).map_err(|e| e.to_string())?;
    let mut shards: Vec<(TierSlice, Shard)> = Vec::new();
    let mut share = vec![0; ranks as usize];
    for slice in deal.into_iter().flatten() {
        share[slice.rank as usize] += slice.end - slice.start;
        let first = tiers.first_position(slice.tier) + slice.start;
        let file = shard_file(&slice, tiers.tier_len(slice.tier));
        shards.push((slice, Shard::new(file, first, slice.end - slice.start)));
    }
    shards.sort_by_key(|(_, shard)| shard.first);
    let engine = format!("distributed tiers ({})", tiers.name());
    let header = header(game, &engine, tiers.encoding(), &tables::writer());
    let plan = BTreeMap::from([("tiering".to_string(), tiers.name()), ("ranks".to_string(), ranks.to_string())]);
    let by_slice = shards.iter().map(|(s, shard)| ((s.tier, s.start), shard.clone())).collect();
    let manifest = Manifest::new(header, shards.into_iter().map(|(_, shard)| shard).collect(), plan)
        .map_err(|e| format!("the plan's manifest: {e}"))?;
    Ok(Plan { manifest, shards: by_slice, share })
}

/// Rank 0's look at the output directory: a new or empty one gets the manifest; with
/// `resume`, one holding the same plan keeps its shards (temporary files of writes that never
/// finished are removed).
fn prepare(out: &Path, manifest: &Manifest, resume: bool) -> Result<(), String> {
    let shown = out.display();
    // Any file there, even one no reader takes (a FIFO), which Manifest::read then refuses.
    let existing = std::fs::symlink_metadata(out.join(MANIFEST)).is_ok();
    if resume {
        if !existing {
            return Err(format!("{shown}: no {MANIFEST}: nothing to resume (run without --resume to start)"));
        }
        let old = Manifest::read(out).map_err(|e| e.to_string())?;
        if old.header.writer != manifest.header.writer {
            return Err(format!(
                "{shown}: the run there was written by {}, this is {}: its shards are not resumed by another version",
                old.header.writer, manifest.header.writer
            ));
        }
        if old.plan != manifest.plan || old.header != manifest.header || old.shards != manifest.shards {
            return Err(format!(
                "{shown}: the run there is not this one: it solved {} {:?} with {:?}, this is {} {:?} with {:?} \
                 (resume it with the same game, parameters, tiering and number of ranks)",
                old.header.game,
                old.header.params,
                old.plan,
                manifest.header.game,
                manifest.header.params,
                manifest.plan
            ));
        }
        for entry in std::fs::read_dir(out).map_err(|e| format!("{shown}: {e}"))? {
            let name = entry.map_err(|e| format!("{shown}: {e}"))?.file_name();
            let name_text = name.to_string_lossy();
            if name_text.starts_with(".tier-") && name_text.contains(".partial") {
                std::fs::remove_file(out.join(&name)).map_err(|e| format!("{shown}: removing {name:?}: {e}"))?;
            }
        }
        return Ok(());
    }
    if existing {
        return Err(format!("{shown} holds a table's {MANIFEST}: give --resume to continue that run"));
    }
    std::fs::create_dir_all(out).map_err(|e| format!("{shown}: {e}"))?;
    if std::fs::read_dir(out).map_err(|e| format!("{shown}: {e}"))?.next().is_some() {
        return Err(format!("{shown} is not empty: the shards go into a new or empty directory"));
    }
    manifest.write(out).map_err(|e| e.to_string())
}

/// The values of a shard written by an earlier run, every checksum checked, its header the
/// plan's.
fn read_shard<V: ScoreValue>(path: &Path, manifest: &Manifest, shard: &Shard) -> Result<Vec<V>, String> {
    let table = TableFile::open(path).map_err(|e| e.to_string())?;
    if *table.header() != manifest.shard_header(shard) {
        return Err("its header is not the plan's".into());
    }
    // Every block's checksum and the shard's, as `verify` reads a table.
    let score = |v| match v {
        Value::Score(s) => V::try_from(s).ok(),
        _ => None,
    };
    read_all(&table, V::default(), score, &|_, _| {}).map_err(|e| e.to_string())
}

/// What a shard read back is checked against: the plan, where the shards are, and the tiers.
struct Resume<'a> {
    out: &'a Path,
    manifest: &'a Manifest,
    shards: &'a BTreeMap<(u32, u64), Shard>,
    tiers: &'a dyn ConsecutiveTiers,
}

impl Resume<'_> {
    /// The whole of tier `tier`, read from its shards (each checked as [`read_shard`] does).
    /// The tiers a slice's moves lead to are solved in earlier waves, and every rank writes a
    /// slice before it sends it on, so they are all on disk when the slice is read back.
    fn tier<V: ScoreValue>(&self, tier: u32) -> Result<Vec<V>, String> {
        let len = self.tiers.tier_len(tier);
        let mut whole = Vec::new();
        whole.try_reserve_exact(len as usize).map_err(|e| format!("tier {tier}'s {len} values: {e}"))?;
        for shard in self.shards.range((tier, 0)..=(tier, u64::MAX)).map(|(_, shard)| shard) {
            let path = self.out.join(&shard.file);
            let values =
                read_shard::<V>(&path, self.manifest, shard).map_err(|e| format!("{}: {e}", path.display()))?;
            whole.extend(values);
        }
        if whole.len() as u64 != len {
            return Err(format!("tier {tier}'s shards hold {} values, the tier {len}", whole.len()));
        }
        Ok(whole)
    }

    /// Whether each value of the slice of `tier` from `start` is its best move's, as the
    /// verifier checks a table (the move's gain plus the next position's value if the mover
    /// moves again, minus it otherwise; 0 without moves), the next positions' values read from
    /// the child tiers' shards (or the slice itself, for a move within a tier, whose tier is
    /// then whole).
    ///
    /// Time O(the slice's moves) over rayon's pool, plus reading the child tiers; memory their
    /// values.
    fn check<V: ScoreValue>(&self, tier: u32, start: u64, values: &[V]) -> Result<(), String> {
        use rayon::prelude::*;
        use solver_core::tiers::TierMove;
        let mut children = BTreeMap::new();
        for child in self.tiers.child_tiers(tier) {
            if child != tier {
                children.insert(child, self.tier::<V>(child)?);
            }
        }
        let value_at = |to: solver_core::tiers::TierPosition| -> Option<i64> {
            let v = match to.tier == tier {
                true => values.get(usize::try_from(to.index.checked_sub(start)?).ok()?)?,
                false => children.get(&to.tier)?.get(usize::try_from(to.index).ok()?)?,
            };
            Some((*v).into())
        };
        let wrong = (0..values.len()).into_par_iter().find_first(|&j| {
            let index = start + j as u64;
            let (mut best, mut unknown) = (None::<i64>, false);
            self.tiers.tier_moves(tier, index, &mut |m: TierMove| match value_at(m.to) {
                Some(next) => {
                    let v = i64::from(m.gain) + if m.again { next } else { -next };
                    best = Some(best.map_or(v, |b| b.max(v)));
                }
                None => unknown = true,
            });
            unknown || best.unwrap_or(0) != values[j].into()
        });
        match wrong {
            None => Ok(()),
            Some(j) => Err(format!(
                "position {} of tier {tier} holds {}, which does not follow from its children: \
                 the shard was altered after it was written",
                start + j as u64,
                values[j].into()
            )),
        }
    }
}

/// A shard written by an earlier run, read back with every checksum checked and every value
/// re-verified against its children ([`Resume::check`]); `None` when it is not there, or is
/// damaged or its values do not follow (then removed, to be solved again).
fn read_back<V: ScoreValue>(resume: &Resume<'_>, tier: u32, start: u64, shard: &Shard) -> Option<Vec<V>> {
    let path = resume.out.join(&shard.file);
    if !path.is_file() {
        return None;
    }
    let read = || -> Result<Vec<V>, String> {
        let values = read_shard::<V>(&path, resume.manifest, shard)?;
        resume.check(tier, start, &values)?;
        Ok(values)
    };
    match read() {
        Ok(values) => Some(values),
        Err(e) => {
            crate::terminal::note(&format!("{}: not taken ({e}); solving it again", path.display()));
            let _ = std::fs::remove_file(&path);
            None
        }
    }
}

/// The test hook's `(rank, shards)`, from `GAMESOLVE_TEST_KILL=R:N`.
fn kill_hook() -> Option<(u32, u32)> {
    let hook = std::env::var("GAMESOLVE_TEST_KILL").ok()?;
    let (rank, shards) = hook.split_once(':')?;
    Some((rank.parse().ok()?, shards.parse().ok()?))
}

/// Runs the request on this rank of `world`; rank 0 gets the report, the others `None`.
pub fn run(request: &Request<'_>, world: &impl Communicator) -> Result<Option<Report>, Failure> {
    let tiers = request.game.tiers(request.tiering).map_err(Failure::Clean)?;
    match tiers.encoding() {
        Encoding::Score8 => run_as::<i8>(request, &*tiers, world),
        Encoding::Score16 => run_as::<i16>(request, &*tiers, world),
        Encoding::Score32 => run_as::<i32>(request, &*tiers, world),
        other => Err(Failure::Clean(format!("tiers of {} values: the tier engine solves scores", other.name()))),
    }
}

fn run_as<V: ScoreValue + Equivalence>(
    request: &Request<'_>,
    tiers: &dyn ConsecutiveTiers,
    world: &impl Communicator,
) -> Result<Option<Report>, Failure> {
    let (me, ranks) = (world.rank() as u32, world.size() as u32);
    let Plan { manifest, shards, share } = plan(request.game, tiers, ranks).map_err(Failure::Clean)?;
    // Rank 0 alone touches the directory first; every rank learns whether it may go on.
    let mut prepared = Ok(());
    if me == 0 {
        prepared = prepare(request.out, &manifest, request.resume);
    }
    let mut go: u8 = u8::from(prepared.is_ok());
    world.process_at_rank(0).broadcast_into(&mut go);
    if go == 0 {
        return Err(Failure::Clean(prepared.err().unwrap_or_else(|| "rank 0 found an error".into())));
    }
    let options = WriteOptions { block_records: manifest.block_records, ..WriteOptions::default() };
    let resume = Resume { out: request.out, manifest: &manifest, shards: &shards, tiers };
    let shard_of = |tier: u32, start: u64| shards.get(&(tier, start)).ok_or("a slice outside the plan");
    let kill = kill_hook().filter(|&(rank, _)| rank == me);
    let mut written = 0u32;
    let started = Instant::now();
    // Rank 0 says how far its share is, at every tenth: a line on standard error, which mpirun
    // passes on (no terminal to draw a bar on).
    let (done, tenths) = (std::cell::Cell::new(0u64), std::cell::Cell::new(0u64));
    let advance = |positions: u64| {
        done.set(done.get() + positions);
        let now = done.get() * 10 / share[0].max(1);
        if me == 0 && now > tenths.get() {
            tenths.set(now);
            let seconds = started.elapsed().as_secs_f64();
            crate::terminal::note(&format!(
                "gamesolve: rank 0 of {ranks}: {}0% of its {} positions ({seconds:.1} s)",
                now, share[0]
            ));
        }
    };
    let report = solve_tiers_distributed::<V, _, _>(
        tiers,
        world,
        |slice| {
            let shard = shard_of(slice.tier, slice.start)?;
            let stored = request.resume.then(|| read_back::<V>(&resume, slice.tier, slice.start, shard)).flatten();
            if stored.is_some() {
                advance(shard.positions);
            }
            Ok(stored)
        },
        |tier, start, values| {
            let shard = shard_of(tier, start)?;
            let path = request.out.join(&shard.file);
            let record = |i: u64| Value::Score(values[i as usize].into());
            write_table_with(&path, &manifest.shard_header(shard), &record, true, &|_, _| {}, options)
                .map_err(|e| e.to_string())?;
            written += 1;
            advance(shard.positions);
            if kill == Some((me, written)) {
                #[cfg(unix)]
                let _ = nix::sys::signal::kill(nix::unistd::Pid::this(), nix::sys::signal::Signal::SIGKILL);
                std::process::abort();
            }
            Ok(())
        },
    )
    .map_err(|e| Failure::Abort(e.to_string()))?;
    let seconds = started.elapsed().as_secs_f64();
    // Every rank's figures to rank 0, which then reads the finished table's start.
    let mine = [
        u64::from(report.slices),
        report.positions,
        u64::from(report.slices_stored),
        report.positions_stored,
        report.bytes_sent,
        report.bytes_received,
        report.peak_table_bytes,
    ];
    let root = world.process_at_rank(0);
    if me != 0 {
        root.gather_into(&mine[..]);
        return Ok(None);
    }
    let mut all = vec![0u64; mine.len() * ranks as usize];
    root.gather_into_root(&mine[..], &mut all[..]);
    let ranks = all
        .chunks_exact(mine.len())
        .map(|r| RankReport {
            slices: r[0] as u32,
            positions: r[1],
            slices_stored: r[2] as u32,
            positions_stored: r[3],
            bytes_sent: r[4],
            bytes_received: r[5],
            peak_table_bytes: r[6],
        })
        .collect();
    let start = format!("#{}", request.game.start());
    let start = tables::probe(request.out, &start, None).map_err(Failure::Abort)?;
    Ok(Some(Report { tiering: tiers.name(), shards: manifest.shards.len(), ranks, seconds, start }))
}
