#!/usr/bin/env python3
"""Chopsticks, all six variants, by plain breadth-first search and fixed-point iteration.

An independent check of the Rust crate: it shares no code with it and uses nothing beyond
the standard library. A position is (mover, opponent), each a sorted pair of hands 0..4; the
game starts at ((1, 1), (1, 1)) and the player whose hands are both 0 has lost.

    python3 chopsticks.py            > summary.txt   # one line per variant
    python3 chopsticks.py --values   > values.txt    # every reachable position's value

Values are for the player to move, with remoteness in plies: the winner hurries, the loser
delays, endless play is a draw.
"""

import sys
from collections import deque

RULES = ["cutoff", "rollover"]
SPLITS = ["none", "nosuicide", "any"]


def pair(x, y):
    return (min(x, y), max(x, y))


def hit(rule, attacker, target):
    total = attacker + target
    if rule == "cutoff":
        return 0 if total >= 5 else total
    return total % 5


def moves(rule, splits, position):
    """Every position after one move, seen by the next player to move."""
    mover, other = position
    out = set()
    for i in range(2):
        for j in range(2):
            if mover[i] > 0 and other[j] > 0:
                hands = list(other)
                hands[j] = hit(rule, mover[i], other[j])
                out.add((pair(*hands), mover))
    if splits != "none":
        total = mover[0] + mover[1]
        for left in range(5):
            right = total - left
            if not 0 <= right <= 4:
                continue
            new = pair(left, right)
            if new == mover:
                continue
            had_two = mover[0] > 0 and mover[1] > 0
            has_two = new[0] > 0 and new[1] > 0
            if splits == "nosuicide" and had_two and not has_two:
                continue
            out.add((other, new))
    return out


def finished(position):
    return position[0] == (0, 0)


def solve(rule, splits):
    start = ((1, 1), (1, 1))
    seen = {start}
    queue = deque([start])
    graph = {}
    while queue:
        position = queue.popleft()
        graph[position] = [] if finished(position) else sorted(moves(rule, splits, position))
        for child in graph[position]:
            if child not in seen:
                seen.add(child)
                queue.append(child)
    value = {p: ("loss", 0) for p in graph if finished(p)}
    n = 0
    while True:
        n += 1
        new = {}
        for p, children in graph.items():
            if p in value:
                continue
            known = [value.get(c) for c in children]
            if any(v is not None and v[0] == "loss" for v in known):
                new[p] = ("win", n)
            elif all(v is not None and v[0] == "win" for v in known):
                new[p] = ("loss", n)
        if not new:
            break
        value.update(new)
    for p in graph:
        value.setdefault(p, ("draw", None))
    return graph, value


def text(v):
    return "draw" if v[0] == "draw" else f"{v[0]} in {v[1]}"


def main():
    show_values = sys.argv[1:] == ["--values"]
    for rule in RULES:
        for splits in SPLITS:
            graph, value = solve(rule, splits)
            if show_values:
                for p in sorted(graph):
                    (a, b), (c, d) = p
                    print(f"{rule} {splits} {a} {b} {c} {d} {text(value[p])}")
                continue
            kinds = {k: sum(1 for v in value.values() if v[0] == k) for k in ["win", "loss", "draw"]}
            done = sum(1 for p in graph if finished(p))
            start = text(value[((1, 1), (1, 1))])
            print(
                f"rule={rule} splits={splits} positions={len(graph)} finished={done} "
                f"win={kinds['win']} loss={kinds['loss']} draw={kinds['draw']} start={start}"
            )


if __name__ == "__main__":
    main()
