#!/usr/bin/env python3
"""The across-deals odds' table (data/challenge-distributions.txt) from the
records of `pyramid stats --challenge` studies of msc deals (issue 38, items 4
and 14):

    pyramid stats --variant msc --seeds 1-4000 --challenge score   --threads 1 --out score.jsonl
    pyramid stats --variant msc --seeds 1-4000 --challenge cards:A --threads 1 --out aces.jsonl
    pyramid stats --variant msc --seeds 1-4000 --challenge cards:K --threads 1 --out kings.jsonl
    bench/challenge-table.py score.jsonl aces.jsonl kings.jsonl > data/challenge-distributions.txt

Each record (docs/challenges.md, "Studies") gives a deal's best line with the
tableau cleared and the best at an end without a clear
(challenge_clear_score/_cards, challenge_open_score/_cards; null: no line of
that kind). A table is made for each of score, cards:A and cards:K from the
deals whose record is complete; a record whose search ran out of its budget
(challenge_complete false) is left out, and the header says how many. Every
record must be of msc's rules (the variant msc, the same rule fields in every
record), each seed at most once per challenge (a record met twice must agree);
only the seeds every table has are counted, so the tables are of the same deals.
solver/across.cpp reads the result (`table NAME`, `source TEXT`, rows
`CLEAR OPEN DEALS`).

    bench/challenge-table.py --outcomes data/challenge-distributions-deals.tsv RECORDS...

also counts the deals of an earlier study's per-deal outcomes (the TSV of
bench/challenge_outcomes.cpp: the same exact searches, seed, then the best
with a clear and without for score, cards:A and cards:K, then positions),
for the seeds no record has; where a record has the seed too, the two must
agree (the records are checked against it, and the header says how many
seeds were)."""
import collections
import json
import sys

TABLES = ["score", "cards:A", "cards:K"]
# A record's fields that are not its rules: the deal's own outcomes and figures.
NOT_RULES = {"seed", "deal", "verdict", "moves", "states", "seconds", "memory", "complete", "optimal"}


def seed_ranges(seeds):
    out, start, prev = [], None, None
    for s in sorted(seeds):
        if start is None:
            start = prev = s
        elif s == prev + 1:
            prev = s
        else:
            out.append((start, prev))
            start = prev = s
    if start is not None:
        out.append((start, prev))
    return ",".join(f"{a}-{b}" if a != b else str(a) for a, b in out)


def rules_of(record):
    return tuple(sorted((k, json.dumps(v)) for k, v in record.items()
                        if k not in NOT_RULES and not k.startswith("challenge") and k not in MEASURE_KEYS))


MEASURE_KEYS = set()


def read_outcomes(path):
    """The earlier study's outcomes: {table: {seed: (complete, clear, open, states, seconds)}}."""
    out = {name: {} for name in TABLES}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) != 8:
                sys.exit(f"{path}: not an outcome line: {line!r}")
            seed = int(cols[0])
            for i, name in enumerate(TABLES):
                clear, open_ = cols[1 + 2 * i], cols[2 + 2 * i]
                if "?" in (clear, open_):
                    out[name][seed] = (False, None, None, 0, 0)
                else:
                    out[name][seed] = (True, None if clear == "-" else int(clear), None if open_ == "-" else int(open_),
                                       0, 0)
    return out, path


def main(argv):
    outcomes = None
    if argv[:1] == ["--outcomes"]:
        if len(argv) < 2:
            sys.exit("--outcomes needs a file")
        outcomes = read_outcomes(argv[1])
        argv = argv[2:]
    paths = argv
    records = {name: {} for name in TABLES}
    rules = None
    for path in paths:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                r = json.loads(line)
                if "study" in r:  # a study line (the run's definition), not a deal
                    continue
                where = f"{path}:{number}"
                if r.get("variant") != "msc":
                    sys.exit(f"{where}: not an msc record (variant {r.get('variant')!r})")
                name = r.get("challenge")
                if name not in records:
                    sys.exit(f"{where}: not a record of a study with --challenge score, cards:A or cards:K")
                these = rules_of(r)
                if rules is None:
                    rules = these
                elif these != rules:
                    sys.exit(f"{where}: its rules differ from the first record's ({dict(these)} against {dict(rules)})")
                seed = r["seed"]
                if not isinstance(seed, int):
                    sys.exit(f"{where}: the seed {seed!r} is not a number")
                outcome = (r["challenge_complete"],
                           r["challenge_clear_" + ("score" if name == "score" else "cards")],
                           r["challenge_open_" + ("score" if name == "score" else "cards")],
                           r["challenge_states"], r["seconds"])
                old = records[name].get(seed)
                if old is not None and old[:3] != outcome[:3]:
                    sys.exit(f"{where}: seed {seed} of {name} disagrees with an earlier record")
                records[name][seed] = outcome
    if not any(records.values()):
        sys.exit("no records")
    # The earlier study's deals where no record has them; where one has, they agree.
    from_outcomes = {name: set() for name in TABLES}
    checked = {name: 0 for name in TABLES}
    if outcomes:
        table, opath = outcomes
        for name in TABLES:
            for seed, o in table[name].items():
                mine = records[name].get(seed)
                if mine is None:
                    records[name][seed] = o
                    from_outcomes[name].add(seed)
                elif o[0] and mine[0]:
                    if o[1:3] != mine[1:3]:
                        sys.exit(f"seed {seed} of {name}: the records say {mine[1:3]}, {opath} {o[1:3]}")
                    checked[name] += 1
    # The same deals in every table (a study stopped part way has a few more seeds in one).
    present = [set(recs) for recs in records.values() if recs]
    common = set.intersection(*present)
    for name in TABLES:
        records[name] = {seed: o for seed, o in records[name].items() if seed in common}
    print("# The per-deal challenge outcomes of random msc deals (issues 34, 38): for each")
    print("# table, how many deals could make each pair (the most with the tableau")
    print("# cleared, the most without; '-': no line of that kind), exact (the")
    print("# challenge searches of solver/challenge.h, every line replayed by the verifier).")
    print("# Made by bench/challenge-table.py from the records of")
    print("# `pyramid stats --variant msc --seeds ... --challenge NAME` (each table's source);")
    print("# read by solver/across.cpp (embedded at build time): the across-deals odds,")
    print("# each chance with a 95% interval from a bootstrap over these deals.")
    print("# cards:A serves every rank that pairs (any such rank is an Ace by relabelling")
    print("# the ranks), cards:K the Kings; the board table is cards:A's, a clear or not.")
    for name in TABLES:
        recs = records[name]
        if not recs:
            continue
        complete = {s: o for s, o in recs.items() if o[0]}
        left_out = sorted(s for s, o in recs.items() if not o[0])
        states = sum(o[3] for o in recs.values())
        seconds = sum(o[4] for o in recs.values())
        rows = collections.Counter(("-" if o[1] is None else str(o[1]), "-" if o[2] is None else str(o[2]))
                                   for o in complete.values())
        recorded = [s for s in recs if s not in from_outcomes[name]]
        print()
        print(f"# {name}: records of seeds {seed_ranges(recorded)} ({len(recorded)} deals, {states} positions "
              f"searched, {seconds:.0f} s of search)" + (f"; {len(left_out)} left out, out of budget: "
                                                          f"{' '.join(map(str, left_out))}" if left_out else ""))
        if outcomes:
            print(f"# and from {outcomes[1]} (bench/challenge_outcomes.cpp) seeds {seed_ranges(from_outcomes[name])} "
                  f"({len(from_outcomes[name])} deals; {checked[name]} seeds in both agree)")
        print(f"table {name}")
        made = (f"stats --challenge {name} records and bench/challenge_outcomes.cpp's" if from_outcomes[name]
                else f"stats --challenge {name} records")
        print(f"source msc seeds {seed_ranges(complete)} ({len(complete)} deals: {made}, bench/challenge-table.py)")
        key = lambda kv: tuple(-1 if x == "-" else int(x) for x in kv[0])
        for (clear, open_), n in sorted(rows.items(), key=key):
            print(f"{clear} {open_} {n}")


if __name__ == "__main__":
    main(sys.argv[1:])
