#!/usr/bin/env python3
"""The moonshot's numbers from its records (bench/nopeek-moonshot.sh):
per run the deals, the mean of the lower and upper bounds with the Wilson
interval of a mean (the summary's) and the normal interval from the
sample variance (valid for large n; narrower where values are fractional),
the bracket (lower interval's bottom to upper interval's top), the CPU
per deal (from the runs' /usr/bin/time files), and the paired difference of
the upper bounds of two runs on the same deals."""
import json, math, os, sys

Z = 1.959963984540054
D = os.path.join(os.path.dirname(os.path.abspath(__file__)), "moonshot")


def records(name):
    out = {}
    path = os.path.join(D, name + ".jsonl")
    if not os.path.exists(path):
        return out
    for line in open(path):
        try:
            r = json.loads(line)
        except ValueError:
            continue  # a torn last line
        if "study" in r:
            continue
        out[r["seed"]] = r
    return out


def wilson(p, n):
    d = 1 + Z * Z / n
    c = (p + Z * Z / (2 * n)) / d
    h = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def normal(xs):
    n = len(xs)
    m = sum(xs) / n
    v = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0
    h = Z * math.sqrt(v / n)
    return m - h, m + h


def cpu(name):
    path = os.path.join(D, name + ".time")
    if not os.path.exists(path):
        return None
    t = 0.0
    for line in open(path):
        parts = line.split()
        if len(parts) == 3:
            try:
                t += float(parts[0]) + float(parts[1])
            except ValueError:
                pass
    return t


def pct(x):
    return "%.2f%%" % (100 * x)


def report(name, label):
    rs = records(name)
    n = len(rs)
    if n == 0:
        print(f"{label}: no records yet")
        return rs
    lo = [r["optimum_lower"] for r in rs.values()]
    hi = [r["optimum_upper"] for r in rs.values()]
    ml, mh = sum(lo) / n, sum(hi) / n
    wl, wh = wilson(ml, n), wilson(mh, n)
    nl, nh = normal(lo), normal(hi)
    sl = math.sqrt(sum((x - ml) ** 2 for x in lo) / max(1, n - 1))
    sh = math.sqrt(sum((x - mh) ** 2 for x in hi) / max(1, n - 1))
    c = cpu(name)
    played = sum(1 for r in rs.values() if r.get("player_moves") is not None)
    wins = sum(1 for r in rs.values() if r.get("verdict") == "win")
    print(f"{label}: {n} deals ({wins} thoughtful wins, {played} games played)")
    print(f"  lower {pct(ml)}  Wilson {pct(wl[0])} - {pct(wl[1])}  normal {pct(nl[0])} - {pct(nl[1])}")
    print(f"  upper {pct(mh)}  Wilson {pct(wh[0])} - {pct(wh[1])}  normal {pct(nh[0])} - {pct(nh[1])}")
    print(f"  bracket (Wilson) {pct(wl[0])} - {pct(wh[1])}: width {100 * (wh[1] - wl[0]):.2f} points;"
          f" (normal) {pct(nl[0])} - {pct(nh[1])}: width {100 * (nh[1] - nl[0]):.2f} points")
    print(f"  per-deal sd: lower {sl:.3f}, upper {sh:.3f}; deals for the two normal half-widths to sum to"
          f" 1 point: {math.ceil((Z * (sl + sh) / 0.01) ** 2)}")
    if c is not None:
        print(f"  CPU {c:.0f} s over the runs' time files ({c / n:.3f} s a deal; records resumed from"
              " runs without a time file are not counted)")
    return rs


def paired(a, b, label):
    common = sorted(set(a) & set(b))
    if len(common) < 2:
        return
    diff = [b[s]["optimum_upper"] - a[s]["optimum_upper"] for s in common]
    m = sum(diff) / len(diff)
    l, h = normal(diff)
    print(f"{label}: {len(common)} deals in both: mean difference of the upper bounds {100 * m:+.3f} points"
          f" (95% normal {100 * l:+.3f} to {100 * h:+.3f})")


if __name__ == "__main__":
    a = report("a", "A optimal:0:8:0 (hybrid:8 lower, clairvoyant share over 16 orders upper)")
    b = report("b", "B optimal:0:8:1 (hybrid:8 lower, reveal d=1 upper)")
    c = report("c", "C optimal:0:8:2 (hybrid:8 lower, reveal d=2 upper)")
    paired(a, b, "B - A (d=1 against d=0, same deals)")
    paired(a, c, "C - A (d=2 against d=0, same deals)")
    paired(b, c, "C - B (d=2 against d=1, same deals)")
    d = records("d")
    common = sorted(set(a) & set(d))
    if common:
        h = sum(1 for s in common if a[s].get("player_verdict") == "win")
        p = sum(1 for s in common if d[s].get("player_verdict") == "win")
        ho = sum(1 for s in common if a[s].get("player_verdict") == "win" and d[s].get("player_verdict") != "win")
        po = sum(1 for s in common if d[s].get("player_verdict") == "win" and a[s].get("player_verdict") != "win")
        print(f"hybrid:8 (A) against planner:64 (D) on {len(common)} same deals: hybrid {h} wins"
              f" ({pct(h / len(common))}), planner:64 {p} ({pct(p / len(common))}); won by the hybrid only {ho},"
              f" by planner:64 only {po}")
