"""The golden corpus's driver of the Python module (pyramid_solver): one
call per run, its answer printed as JSON (tests/golden/golden.py runs it
with PYTHONPATH=BUILD/python for the `python` cases).

    py_driver.py solve SEED_OR_CARDS [key=value ...]   # ps.solve(...): repr, then to_dict()
    py_driver.py solver SEED... [key=value ...]        # one ps.Solver() over several seeds
    py_driver.py deal VARIANT SEED [key=value ...]     # ps.deal(...): repr, rules, text()
    py_driver.py verify VARIANT SEED MOVES             # ps.verify(ps.deal(...), MOVES)
    py_driver.py variants | describe NAME | rules VARIANT [key=value ...]
    py_driver.py study [key=value ...]                 # ps.study(...): every record, in order
    py_driver.py read_records FILE...                  # ps.read_records(...) (pandas), as text

Values: integers, true/false, a,b,c for lists (study), {...} a dict (JSON),
@FILE the text of FILE (a board), else strings.
Several calls in one run (one import): separated by the word "::"; each
call's output ends with "[exit N]" (0, or 1 for a ValueError), and a line
holding only the character U+001E stands between calls.
"""
import json
import sys

import pyramid_solver as ps


def value(s):
    if s.startswith("{"):  # a dict (solve's challenge=): JSON
        return json.loads(s)
    if s.startswith("@"):  # @FILE: the file's text (a board pasted as a deal)
        with open(s[1:]) as f:
            return f.read()
    if s in ("true", "false"):
        return s == "true"
    if "," in s:
        return [value(x) for x in s.split(",")]
    if s.isdigit():
        return int(s)
    return s


def kwargs(words):
    out = {}
    for w in words:
        k, _, v = w.partition("=")
        if k in ("seeds",) and "-" in v:
            out[k] = v
        elif k in ("moves", "cards") :
            out[k] = v
        else:
            out[k] = value(v)
    return out


def show(o):
    print(json.dumps(o, separators=(",", ":")))


def positional(words):
    return [w for w in words if "=" not in w], kwargs([w for w in words if "=" in w])


def main(argv):
    op, rest = argv[0], argv[1:]
    pos, kw = positional(rest)
    try:
        if op == "solve":
            r = ps.solve(value(pos[0]), **kw)
            print(repr(r).split(", seconds=")[0])
            show(r.to_dict())
        elif op == "solver":
            s = ps.Solver()
            for seed in pos:
                show(s.solve(value(seed), **kw).to_dict())
        elif op == "deal":
            d = ps.deal(pos[0], value(pos[1]) if len(pos) > 1 else None, **kw)
            print(repr(d))
            show(d.rules)
            print(d.text())
        elif op == "verify":
            v = ps.verify(ps.deal(pos[0], value(pos[1])), pos[2], **kw)
            print(repr(v))
            show({"valid": v.valid, "legal": v.legal, "won": v.won, "error": v.error, "played": v.played,
                  "tableau_left": v.tableau_left})
        elif op == "variants":
            show(ps.variants())
        elif op == "describe":
            print(ps.describe(pos[0]), end="")
        elif op == "rules":
            show(ps.rules(pos[0], **kw))
        elif op == "study":
            it = ps.study(**kw)
            print("total", it.total)
            show(it.definition)
            for rec in it:
                show(rec)
        elif op == "read_records":
            try:
                import pandas  # noqa: F401
            except ImportError:
                print("(pandas missing)")
                return 77
            df = ps.read_records(pos)
            df["file"] = [f.rsplit("/", 1)[-1] for f in df["file"]]
            print(df.drop(columns=["seconds"]).to_string())
        else:
            print(f"py_driver: unknown op {op}", file=sys.stderr)
            return 2
    except ValueError as e:
        print(f"ValueError: {e}")
        return 1
    return 0


def run_all(argv):
    calls, cur = [], []
    for w in argv:
        if w == "::":
            calls.append(cur)
            cur = []
        else:
            cur.append(w)
    calls.append(cur)
    worst = 0
    for i, call in enumerate(calls):
        if i:
            print("\x1e")
        status = main(call)
        print(f"[exit {status}]")
        sys.stdout.flush()
        worst = max(worst, status)
    return 0 if worst in (0, 1) else worst


if __name__ == "__main__":
    sys.exit(run_all(sys.argv[1:]))
