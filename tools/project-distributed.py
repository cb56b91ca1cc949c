#!/usr/bin/env python3
"""The plan of a distributed dots-and-boxes solve by the last G lines (DISTRIBUTED.md): what
solver-core's `tiers_mpi` does with its tiers, computed without solving, for boards past this
machine.

It repeats the engine's schedule exactly: tiers are the 2^G patterns of the group, a tier's
children have one more group line drawn, its wave is the number of group lines still free; in
each wave the tiers, by number, go to the rank with the fewest positions of the wave so far
(round robin, as every tier has 2^(L-G) positions); a tier is sent whole to every other rank
that owns one of its parents. From that, per rank: the most table bytes held at once (the
children its tiers of a wave read, the tables of the wave it needs next, and its own tiers of
the wave, as `RankReport::peak_table_bytes` counts them) and the bytes it sends. The same
figures for boards solved here are what `solve_distributed` reports, so the model is checked
against the measurements (`--check` prints them for 3x3 and 2x5).

Time, from a measured rate of positions a core-second at L0 lines (a position's work grows with
its lines): every wave's tiers spread over every core (one tier a thread), so a wave takes
ceil(tiers / (ranks * cores)) tier-times; the exchange, as `tiers_mpi` does it now, is one
blocking send at a time across the whole job (all of a wave's bytes over one link), and would
take a rank's own bytes over its link if the sends of different ranks overlapped.

    python3 tools/project-distributed.py --rows 4 --cols 4 --group 16 --ranks 16 64 256 \\
        --rate 9.3e6 --rate-lines 31 --cores 16 --gbit 100
"""

import argparse
from math import comb


def lines_of(rows, cols):
    return rows * (cols + 1) + cols * (rows + 1)


def plan(lines, group, ranks, value_bytes=1):
    """Per rank: (peak table bytes, bytes sent), and per wave the tiers and bytes exchanged."""
    tiers = 1 << group
    tier_bytes = (1 << (lines - group)) * value_bytes
    wave_of = [group - bin(t).count("1") for t in range(tiers)]
    waves = [[t for t in range(tiers) if wave_of[t] == w] for w in range(group + 1)]
    owner = [0] * tiers
    for wave in waves:
        for i, t in enumerate(wave):
            owner[t] = i % ranks
    # The parents of a tier: one group line fewer drawn.
    parents = [[t & ~(1 << j) for j in range(group) if t >> j & 1] for t in range(tiers)]
    needed_by = [{owner[p] for p in parents[t]} for t in range(tiers)]
    sent = [0] * ranks
    wave_bytes = []
    for wave in waves:
        total = 0
        for t in wave:
            copies = len(needed_by[t] - {owner[t]})
            sent[owner[t]] += copies * tier_bytes
            total += copies * tier_bytes
        wave_bytes.append(total)
    peak = [0] * ranks
    for r in range(ranks):
        needs = [sum(1 for t in wave if r in needed_by[t]) for wave in waves]
        for k, wave in enumerate(waves):
            mine = sum(1 for t in wave if owner[t] == r)
            before = needs[k - 1] if k > 0 else 0
            peak[r] = max(peak[r], (before + needs[k] + mine) * tier_bytes)
    return peak, sent, [len(w) for w in waves], wave_bytes, tier_bytes


def mib(n):
    return f"{n / 2**20:,.1f} MiB" if n < 2**30 else f"{n / 2**30:,.1f} GiB"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=4)
    parser.add_argument("--cols", type=int, default=4)
    parser.add_argument("--group", type=int, default=16)
    parser.add_argument("--ranks", type=int, nargs="+", default=[16, 64, 256])
    parser.add_argument("--rate", type=float, help="positions a core-second, measured")
    parser.add_argument("--rate-lines", type=int, default=31, help="the lines of the board the rate was measured on")
    parser.add_argument("--cores", type=int, default=16, help="cores a rank (one rank a node)")
    parser.add_argument("--gbit", type=float, default=100, help="link bandwidth of a node, Gbit/s")
    parser.add_argument("--check", action="store_true", help="print the model for the boards measured here")
    args = parser.parse_args()
    if args.check:
        for rows, cols, group in [(3, 3, 4), (2, 5, 7), (3, 4, 11)]:
            for ranks in [1, 2, 4]:
                peak, sent, *_ = plan(lines_of(rows, cols), group, ranks)
                print(f"{rows}x{cols} group={group} on {ranks}: held {mib(max(peak))}, sent {mib(max(sent))} a rank (most)")
        return
    lines = lines_of(args.rows, args.cols)
    positions = 1 << lines
    print(f"{args.rows}x{args.cols}: {lines} lines, 2^{lines} positions, table {mib(positions)} at one byte a position")
    for ranks in args.ranks:
        peak, sent, wave_sizes, wave_bytes, tier_bytes = plan(lines, args.group, ranks)
        line = (
            f"group={args.group} on {ranks} ranks: {1 << args.group} tiers of {mib(tier_bytes)}, "
            f"largest wave {max(wave_sizes)} tiers; a rank holds at most {mib(max(peak))} of tables, "
            f"sends at most {mib(max(sent))}; all ranks send {mib(sum(sent))}"
        )
        if args.rate:
            rate = args.rate * args.rate_lines / lines
            tier_seconds = (1 << (lines - args.group)) / rate
            compute = sum(-(-n // (ranks * args.cores)) * tier_seconds for n in wave_sizes)
            link = args.gbit * 1e9 / 8
            serial = sum(wave_bytes) / link
            overlapped = max(sent) / link
            line += (
                f"; compute {compute / 3600:.2f} h, exchange {serial / 3600:.2f} h one send at a time "
                f"({overlapped / 60:.1f} min overlapped)"
            )
        print(line)


if __name__ == "__main__":
    main()
