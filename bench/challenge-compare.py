#!/usr/bin/env python3
"""Compares pyramid_challenge_bench's output with bench/challenge-java's on the
same decks (bench/challenge.md): the maxima and step counts deck by deck, and
the CPU seconds over the decks both finished.

    bench/challenge-compare.py OURS.txt JAVA_SCORE.txt JAVA_ACES.txt
"""
import re
import statistics
import sys


def ours(path):
    out = {}
    for line in open(path):
        m = re.match(r"\s*(\d+)\s+(\d+)\s+(\d+)\s+(yes|no)\s+([\d.]+)\s+\|(.*?)\s+([\d.]+)\s+(\d+)\s*$", line)
        if not m:
            continue
        deal = int(m.group(1))
        lines = {}
        for kind, cards, steps in re.findall(r"(clear|open)\((\d+) (\d+)\)", m.group(6)):
            lines[kind] = (int(cards), int(steps))
        out[deal] = dict(score=(int(m.group(2)), int(m.group(3)), m.group(4) == "yes"), score_cpu=float(m.group(5)),
                         aces=lines, aces_cpu=float(m.group(7)))
    return out


def java(path):
    out = {}
    for line in open(path):
        m = re.match(r"(\d+) wall_ms ([\d.]+) cpu_ms ([\d.]+) (.*)$", line.strip())
        if m:
            out[int(m.group(1))] = (float(m.group(3)) / 1000, m.group(4))
    return out


def java_score(text):
    m = re.search(r"(Clear|Don't clear) the board, gain (\d+) score in (\d+) steps", text)
    return (int(m.group(2)), int(m.group(3)), m.group(1) == "Clear") if m else None


def java_aces(text):
    lines = {}
    for part in text.split(" / "):
        m = re.search(r"(Clear the board|Without clearing the board), remove (\d+) cards? of rank A in (\d+) steps?", part)
        if m:
            lines["clear" if m.group(1).startswith("Clear") else "open"] = (int(m.group(2)), int(m.group(3)))
    return lines


def main():
    o, js, ja = ours(sys.argv[1]), java(sys.argv[2]), java(sys.argv[3])
    for name, jd, get, mine_key, cpu_key in (("score", js, java_score, "score", "score_cpu"),
                                             ("aces", ja, java_aces, "aces", "aces_cpu")):
        both = sorted(d for d in jd if d in o)
        same = 0
        for d in both:
            want = get(jd[d][1])
            mine = o[d][mine_key]
            if name == "aces":
                # The Java solver keeps no line with 0 cards (its counts start at 0, and only a better one is kept).
                mine = {k: v for k, v in mine.items() if v[0] > 0}
            if want == mine:
                same += 1
            else:
                print(f"{name} deal {d}: ours {mine} java {want}")
        if not both:
            continue
        jt = [jd[d][0] for d in both]
        ot = [o[d][cpu_key] for d in both]
        print(f"{name}: {len(both)} decks, same maxima and steps on {same}; CPU s java mean {statistics.mean(jt):.3f} "
              f"median {statistics.median(jt):.3f} max {max(jt):.3f}; ours mean {statistics.mean(ot):.4f} "
              f"median {statistics.median(ot):.4f} max {max(ot):.4f}; ratio of means {statistics.mean(jt) / statistics.mean(ot):.0f}x")


if __name__ == "__main__":
    main()
