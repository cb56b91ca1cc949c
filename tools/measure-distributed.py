#!/usr/bin/env python3
"""Measures the distributed tier engine (DISTRIBUTED.md's tables): for each board, tiering and
number of ranks, runs dots and boxes' `solve_distributed` example under mpirun and prints one
Markdown row: the slowest rank's wall time, the largest peak resident memory of a rank (GNU
time's maximum RSS), the most table bytes a rank held, the most bytes a rank sent, and the share
of the moves from a rank's positions that lead to positions another rank solves.

Build first:
    cargo build --release -p dots-and-boxes --features mpi --example solve_distributed
Then, e.g.:
    python3 tools/measure-distributed.py 3x3 2x5 --ranks 1 2 4 --rule move-again
Needs Open MPI's mpirun and /usr/bin/time (GNU time)."""

import argparse
import os
import re
import subprocess
import sys
import tempfile

EXAMPLE = "target/release/examples/solve_distributed"
LINE = re.compile(
    r"rank (\d+) of (\d+): (\d+) slices, (\d+) positions, (\d+) bytes sent, (\d+) bytes received, "
    r"peak (\d+) bytes, (\d+) differ, (\d+) of (\d+) moves to another rank's positions.*, ([\d.]+) s$"
)


def default_group(lines):
    """gamesolve's default: tiers of 2^20 positions, at least 4 lines in the group."""
    return max(lines - 20, min(lines, 4))


def run(rows, cols, rule, tiering, ranks):
    with tempfile.TemporaryDirectory() as rss_dir:
        wrapped = (
            f'exec /usr/bin/time -f %M -o {rss_dir}/rss.$OMPI_COMM_WORLD_RANK '
            f'{EXAMPLE} {rows} {cols} {rule} {tiering}'
        )
        out = subprocess.run(
            ["mpirun", "--allow-run-as-root", "--oversubscribe", "--bind-to", "none", "-np", str(ranks), "sh", "-c", wrapped],
            capture_output=True,
            text=True,
            check=False,
        )
        if out.returncode != 0:
            sys.exit(f"{rows}x{cols} {tiering} on {ranks} ranks failed:\n{out.stdout}{out.stderr}")
        rss = [int(open(os.path.join(rss_dir, f)).read().split()[-1]) for f in os.listdir(rss_dir)]
    rows_seen = [LINE.search(line) for line in out.stdout.splitlines()]
    ranks_seen = [m for m in rows_seen if m]
    if len(ranks_seen) != ranks:
        sys.exit(f"expected {ranks} rank lines:\n{out.stdout}")
    wall = max(float(m.group(11)) for m in ranks_seen)
    sent = max(int(m.group(5)) for m in ranks_seen)
    held = max(int(m.group(7)) for m in ranks_seen)
    remote = sum(int(m.group(9)) for m in ranks_seen)
    moves = sum(int(m.group(10)) for m in ranks_seen)
    return wall, max(rss) * 1024, held, sent, remote / max(moves, 1)


def mib(n):
    return f"{n / 2**20:.1f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("boards", nargs="+", help="RxC, e.g. 3x3")
    parser.add_argument("--ranks", nargs="+", type=int, default=[1, 2, 4])
    parser.add_argument("--rule", default="move-again")
    parser.add_argument("--tierings", nargs="+", default=["lines", "group"], help="lines, group (the default G) or group=G")
    args = parser.parse_args()
    print("| board | tiering | ranks | wall s | peak RSS a rank, MiB | tables held a rank, MiB | sent a rank, MiB | moves to another rank |")
    print("|---|---|---|---|---|---|---|---|")
    for board in args.boards:
        rows, cols = map(int, board.split("x"))
        lines = rows * (cols + 1) + cols * (rows + 1)
        for tiering in args.tierings:
            if tiering == "group":
                tiering = f"group={default_group(lines)}"
            for ranks in args.ranks:
                wall, rss, held, sent, share = run(rows, cols, args.rule, tiering, ranks)
                print(
                    f"| {board} | {tiering} | {ranks} | {wall:.2f} | {mib(rss)} | {mib(held)} | {mib(sent)} | {share:.1%} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
