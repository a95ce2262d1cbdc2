#!/usr/bin/env python3
"""Two `pyramid` binaries on the same challenge questions: the answers diffed,
the CPU time summed per question (issue 37, item 2: the challenges moved onto
the shared core must give the same answers).

    bench/challenge-answers.py BASE_PYRAMID NEW_PYRAMID [--decks FILE] [--first N] [--last M]
                               [--question 'cards:A --target 4' ...] [--lines] [--repeat N]

FILE holds one deal a line (its first 52 cards; the rest is ignored), deals
numbered from 1; default data/msc-1500-1411-1418.txt with --first 1411 --last
1418. The answer compared is everything the JSON's "challenge" object says
but the states and seconds: the kind, target, whether it is reached, and each
line's cleared, score, cards, steps and reaches_target; with --lines the moves
of each line too (a search that finds another line of the same length, e.g.
with a stronger bound, differs there only). With --repeat N each command
runs N times and its least CPU time counts (the steadiest estimate on a
shared machine; the answers of every run must agree). Exit 1 on any
difference.
Standard library only.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_DECKS = HERE.parent / "data" / "msc-1500-1411-1418.txt"
DEFAULT_QUESTIONS = [
    "score",
    "cards:A",
    "cards:A --target 4",
    "cards:K --target 4",
    "score --target 1000",
    "score --target 2000",
    "board",
]


def read_decks(path):
    """{number: compact deal} from a deck file (number = line number, or the
    line's leading `#N` when the file is an excerpt)."""
    out = {}
    for i, line in enumerate(Path(path).read_text().splitlines(), 1):
        words = line.split()
        if not words or words[0].startswith("%"):
            continue
        n = i
        if words[0].startswith("#"):
            n = int(words[0][1:])
            words = words[1:]
        out[n] = "".join(words[:52])
    return out


def run(binary, deal, question):
    cmd = [binary, "solve", "--deal", deal, "--challenge", *question.split(), "--format", "json"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if p.returncode != 0:
        return {"error": p.returncode, "stderr": p.stderr.strip()}, cpu
    return json.loads(p.stdout)["challenge"], cpu


def answer(ch, lines):
    out = {k: v for k, v in ch.items() if k not in ("states", "seconds", "lines")}
    out["lines"] = [
        {k: v for k, v in l.items() if lines or k != "solution"} for l in ch.get("lines", [])
    ]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base")
    ap.add_argument("new")
    ap.add_argument("--decks", default=str(DEFAULT_DECKS))
    ap.add_argument("--first", type=int, default=1411)
    ap.add_argument("--last", type=int, default=1418)
    ap.add_argument("--question", action="append", help="the --challenge words and options (repeatable)")
    ap.add_argument("--lines", action="store_true", help="compare the lines' moves too")
    ap.add_argument("--repeat", type=int, default=1, help="runs per command; the least CPU time counts")
    a = ap.parse_args()
    decks = read_decks(a.decks)
    questions = a.question or DEFAULT_QUESTIONS
    differ = 0
    same_lines = total_lines = 0
    print("%-24s %10s %10s %8s %12s %12s" % ("question", "base cpu", "new cpu", "speedup", "base states", "new states"))
    for q in questions:
        cpu = [0.0, 0.0]
        states = [0, 0]
        for n in range(a.first, a.last + 1):
            if n not in decks:
                sys.exit("no deal %d in %s" % (n, a.decks))
            got = []
            for i, b in enumerate((a.base, a.new)):
                ch, t = run(b, decks[n], q)
                for _ in range(a.repeat - 1):
                    again, u = run(b, decks[n], q)
                    if answer(again, True) != answer(ch, True):
                        differ += 1
                        print("DIFF deal %d '%s': two runs of %s answer differently" % (n, q, b))
                    t = min(t, u)
                cpu[i] += t
                states[i] += ch.get("states", 0)
                got.append(ch)
            if "error" in got[0] or "error" in got[1]:
                if got[0] != got[1]:
                    differ += 1
                    print("DIFF deal %d '%s': %s / %s" % (n, q, got[0], got[1]))
                continue
            x, y = answer(got[0], a.lines), answer(got[1], a.lines)
            if x != y:
                differ += 1
                print("DIFF deal %d '%s':\n  base %s\n  new  %s" % (n, q, json.dumps(x), json.dumps(y)))
            for l0, l1 in zip(got[0].get("lines", []), got[1].get("lines", [])):
                total_lines += 1
                same_lines += l0.get("solution") == l1.get("solution")
        print("%-24s %10.2f %10.2f %7.1fx %12d %12d" % (q, cpu[0], cpu[1], cpu[0] / max(cpu[1], 1e-9), states[0], states[1]))
    print("answers: %s; lines with the same moves: %d of %d" % ("all equal" if not differ else "%d differ" % differ, same_lines, total_lines))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
