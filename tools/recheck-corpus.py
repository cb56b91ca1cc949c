#!/usr/bin/env python3
"""Re-derive a problem's corpus answers with an outside program, such as a seed's accepted
solution, and report every case where the program's output differs from the committed one.

Usage: python3 tools/recheck-corpus.py PROBLEM [--all] -- PROGRAM [ARGS...]

PROBLEM is a judge problem id; its cases are read from games/*/corpus/PROBLEM.toml. By default
only the cases whose provenance names a `seed document` are rerun (the ones that
solution produced); --all reruns every case with an expected output. Each case's input goes to
PROGRAM on standard input. Exit status: 0 when every rerun case matches, 1 otherwise.

Example, with the cf919f seed's solution compiled outside the tree:
    g++ -O2 -o /some/dir/seed_cf919f seed_cf919f.cpp
    python3 tools/recheck-corpus.py cf919f -- /some/dir/seed_cf919f
"""

import pathlib
import subprocess
import sys
import tomllib


def main(argv):
    if "--" not in argv or argv.index("--") < 1 or argv.index("--") == len(argv) - 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    split = argv.index("--")
    options, program = argv[:split], argv[split + 1:]
    problem, every = options[0], "--all" in options[1:]
    root = pathlib.Path(__file__).resolve().parent.parent
    files = sorted(root.glob(f"games/*/corpus/{problem}.toml"))
    if not files:
        print(f"no corpus file games/*/corpus/{problem}.toml", file=sys.stderr)
        return 2
    checked = failed = 0
    for path in files:
        for case in tomllib.loads(path.read_text())["case"]:
            if "output" not in case or not (every or "seed document" in case["provenance"]):
                continue
            checked += 1
            run = subprocess.run(program, input=case["input"], capture_output=True, text=True)
            if run.returncode != 0 or run.stdout != case["output"]:
                failed += 1
                print(f"{problem}/{case['name']}: the program's output differs (exit {run.returncode})")
    print(f"{problem}: {checked} cases rerun, {failed} differ")
    return 1 if failed or not checked else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
