#!/usr/bin/env python3
"""An independent reference for the mnk crate: plain enumeration and negamax with a memo.

It shares nothing with the Rust code: boards are two bitmasks (X's cells, O's cells), lines
are bitmasks listed by walking every row, column and diagonal, and every reachable position
is visited by a recursive search from the empty board that stops where a line is completed
or the board is full.

Rules: an m x n board (m rows of n cells), k in a row (horizontally, vertically or
diagonally) wins, X moves first, a full board without a line is a tie. A position where the
last mover has completed a line is finished (the player to move has lost); a full board is
finished (a tie if it holds no line).

Values are for the player to move, with remoteness in plies: the winner hurries (the least
remoteness of a win), the loser delays (the most), and a tie is reached as quickly as
possible (the least remoteness of a tie).

For each game it prints one line:

    m n k | value of the empty board | reachable positions | finished: X won, O won, tie | all positions: win, loss, tie for the player to move

Command (from the repository root), whose output is committed next to this script:

    python3 games/mnk/tests/data/reference.py > games/mnk/tests/data/reference.txt

It takes about four minutes and 3 GiB in CPython, most of it for (4,4,4).

With `--judge` it answers a valid judge input of the `mnk` problem on stdin instead (T, then per
case `m n k` and m rows of X, O and .), one value a line, which is how the corpus's expected
answers for positions other than the empty boards were made:

    python3 games/mnk/tests/data/reference.py --judge < input.txt
"""

import sys

sys.setrecursionlimit(10_000)


def lines_of(m, n, k):
    """Every run of k cells in a row, column or diagonal, as a bitmask of cells r * n + c."""
    lines = []
    for r in range(m):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= rr < m and 0 <= cc < n for rr, cc in cells):
                    mask = 0
                    for rr, cc in cells:
                        mask |= 1 << (rr * n + cc)
                    lines.append(mask)
    return lines


def solver(m, n, k):
    """The value function of the game and its finished-position counts, with a shared memo."""
    cells = m * n
    full = (1 << cells) - 1
    lines = lines_of(m, n, k)

    def has_line(mask):
        return any(mask & line == line for line in lines)

    memo = {}  # (x, o) -> (kind, remoteness), kind in "win", "loss", "tie"
    finished = {"X": 0, "O": 0, "tie": 0}

    def value(x, o):
        key = (x, o)
        if key in memo:
            return memo[key]
        x_to_move = bin(x).count("1") == bin(o).count("1")
        # The player who just moved is the only one who can have a line.
        last = o if x_to_move else x
        if has_line(last):
            finished["O" if x_to_move else "X"] += 1
            result = ("loss", 0)
        elif x | o == full:
            finished["tie"] += 1
            result = ("tie", 0)
        else:
            children = []
            for cell in range(cells):
                bit = 1 << cell
                if (x | o) & bit:
                    continue
                children.append(value(x | bit, o) if x_to_move else value(x, o | bit))
            losses = [r for kind, r in children if kind == "loss"]
            ties = [r for kind, r in children if kind == "tie"]
            wins = [r for kind, r in children if kind == "win"]
            if losses:
                result = ("win", 1 + min(losses))
            elif ties:
                result = ("tie", 1 + min(ties))
            else:
                result = ("loss", 1 + max(wins))
        memo[key] = result
        return result

    return value, memo, finished


def solve(m, n, k):
    value, memo, finished = solver(m, n, k)
    kind, r = value(0, 0)
    by_kind = {"win": 0, "loss": 0, "tie": 0}
    for kind_of, _ in memo.values():
        by_kind[kind_of] += 1
    return (
        f"{m} {n} {k} | {kind} in {r} | {len(memo)} | {finished['X']} {finished['O']} {finished['tie']}"
        f" | {by_kind['win']} {by_kind['loss']} {by_kind['tie']}"
    )


def judge(text):
    tokens = text.split()
    cases = int(tokens[0])
    at = 1
    solvers = {}
    for _ in range(cases):
        m, n, k = (int(t) for t in tokens[at:at + 3])
        rows = tokens[at + 3:at + 3 + m]
        at += 3 + m
        x = o = 0
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch == "X":
                    x |= 1 << (r * n + c)
                elif ch == "O":
                    o |= 1 << (r * n + c)
        if (m, n, k) not in solvers:
            solvers[(m, n, k)] = solver(m, n, k)[0]
        kind, r = solvers[(m, n, k)](x, o)
        print(f"{kind} in {r}")


def main():
    if sys.argv[1:] == ["--judge"]:
        judge(sys.stdin.read())
        return
    games = [(3, 3, 3), (4, 3, 3), (4, 4, 3), (4, 4, 4)]
    if len(sys.argv) > 1:
        games = [tuple(int(v) for v in arg.split(",")) for arg in sys.argv[1:]]
    print("# m n k | value of the empty board | reachable positions | finished: X won, O won, tie"
          " | all positions: win, loss, tie for the player to move")
    for m, n, k in games:
        print(solve(m, n, k), flush=True)


if __name__ == "__main__":
    main()
