#!/usr/bin/env python3
"""The golden corpus: every answer of the program, recorded once and checked.

    tests/golden/golden.py record BUILD_DIR   # (re)writes tests/golden/expected/*.txt
    tests/golden/golden.py check BUILD_DIR    # reruns every case, diffs; exit 1 on any difference
    tests/golden/golden.py check BUILD_DIR -k solve-   # only the cases whose name contains "solve-"

The cases are in tests/golden/cases.txt (its header says how to write one);
each case's output is one plain text file, tests/golden/expected/NAME.txt.
Outputs are compared byte for byte after the normalisation below, which
blanks only what varies from run to run (timings, provenance, temp paths).
Standard library only. docs/testing.md says when to record again.

Exit status: 0 all cases equal; 1 a case differs, is missing or failed to
run; 2 bad usage or no `pyramid` in BUILD_DIR; 77 everything run was equal
but the Python, web or MPI cases were skipped (module, driver or
pyramid-mpi not built).
"""
import argparse
import concurrent.futures
import difflib
import json
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE.parents[1]
CASES = HERE / "cases.txt"
EXPECTED = HERE / "expected"
TIMEOUT = 300
PY_SEPARATOR = "\x1e"  # py_driver.py prints it between the calls of one run

# ---------------------------------------------------------------------------
# Normalisation: the whole list. Everything else is compared byte for byte.
# 1. Timings: the values of these JSON keys and CSV columns; in text "N s"
#    after "in" or "time:", "N deals/s" (and the like: _RATE), "N s summed",
#    and the last column of a text table whose header ends with "deals/s"
#    or "s/deal".
TIMING_KEYS = ("seconds", "wall_seconds", "deals_per_second", "player_seconds", "optimum_seconds")
# 2. Provenance: which build ran (version, commit, build type, compiler,
#    cores): the JSON object "program" (and each of "records_made_by") keeps
#    its keys but blanks those values (the bench signature stays); in text
#    "pyramid 0.1, commit abc, Release, GNU 12.2.0, bench signature N, 2 cores"
#    reads "pyramid <prov>, bench signature N" wherever it is written
#    (PROVENANCE_TEXT: "program:", "records made by", merge's warning, pages).
PROVENANCE_KEYS = ("version", "commit", "build_type", "compiler", "cores")
# 3. Dates (a report's "last written", "finished"): <date>.
# 4. HTML tables (reports): the cells under a <th> named "seconds" or "deals/s".
# 5. Record files shown with `cat`: their records sorted by seed (workers
#    append them in the order they finish; see sort_records).
# 6. Paths: this run's scratch directory -> {tmp}, the source tree -> {src},
#    the build directory -> {build}.
# ---------------------------------------------------------------------------

NUM = r"-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
_timing_json = re.compile(r'"(%s)"(\s*:\s*)(%s|null)' % ("|".join(TIMING_KEYS), NUM))
_prov_json = re.compile(r'"(%s)"(\s*:\s*)("(?:[^"\\]|\\.)*"|%s)' % ("|".join(PROVENANCE_KEYS), NUM))
_program_obj = re.compile(r'"(program|records_made_by)"\s*:\s*')
_in_seconds = re.compile(r"\b(in|time:|took|solver time:?|wall) (%s) ?(s|ms|seconds)\b" % NUM)
_RATE = re.compile(r"\b(%s) (deals/s|states/s|positions/s|solves/s|games/s)" % NUM)
PROVENANCE_TEXT = re.compile(r"\b(pyramid[\w-]*) [^\s,]+, commit [^,<]+, [^,<]+, [^,<(]+?(, bench signature \d+)?(, \d+ cores?)?(?=[,:<\n]| \(|$)")
_DATE = re.compile(r"\b\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?( ?UTC|Z)?")
_SUMMED = re.compile(r"\b(%s) s (summed|solver)" % NUM)
HTML_TIMING_COLUMNS = ("seconds", "deals/s")


def _blank_program(text):
    """Blanks the provenance fields inside every "program"/"records_made_by" value."""
    out, i = [], 0
    for m in _program_obj.finditer(text):
        if m.start() < i:
            continue
        start = m.end()
        if start >= len(text) or text[start] not in "{[":
            continue
        end = _match_bracket(text, start)
        out.append(text[i:start])
        out.append(_prov_json.sub(lambda k: '"%s"%s"<prov>"' % (k.group(1), k.group(2)), text[start:end]))
        i = end
    out.append(text[i:])
    return "".join(out)


def _match_bracket(text, start):
    depth, j, in_str = 0, start, False
    while j < len(text):
        c = text[j]
        if in_str:
            if c == "\\":
                j += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c in "{[":
            depth += 1
        elif c in "}]":
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return len(text)


class CsvTimings:
    """Blanks the timing columns of CSV tables: a header line naming one of
    TIMING_KEYS sets the columns, blanked in the rows after it that have
    the header's number of fields."""

    def __init__(self):
        self.cols, self.width = None, 0

    def line(self, s):
        if "," not in s or s.startswith("{"):
            self.cols = None
            return s
        fields = _split_csv(s)
        names = [f.strip() for f in fields]
        hits = [i for i, n in enumerate(names) if n in TIMING_KEYS]
        if hits and all(re.fullmatch(r"[a-z_0-9]+", n) for n in names):
            self.cols, self.width = hits, len(fields)
            return s
        if self.cols and len(fields) == self.width:
            for i in self.cols:
                if re.fullmatch(NUM, fields[i].strip()):
                    fields[i] = "<t>"
            return ",".join(fields)
        return s


def _split_csv(s):
    """Splits one CSV line into its raw fields (quotes kept), so that joining
    them with ',' gives the line back."""
    fields, cur, q = [], [], False
    for c in s:
        if c == '"':
            q = not q
        if c == "," and not q:
            fields.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    fields.append("".join(cur))
    return fields


def normalise(text, paths):
    for real, name in paths:
        if real:
            text = text.replace(real, name)
    text = _blank_program(text)
    text = _timing_json.sub(lambda m: '"%s"%s"<t>"' % (m.group(1), m.group(2)), text)
    text = _in_seconds.sub(lambda m: "%s <t> %s" % (m.group(1), m.group(3)), text)
    text = _RATE.sub(lambda m: "<t> " + m.group(2), text)
    text = _SUMMED.sub(lambda m: "<t> s " + m.group(2), text)
    text = _DATE.sub("<date>", text)
    text = PROVENANCE_TEXT.sub(lambda m: m.group(1) + " <prov>" + (m.group(2) or ""), text)
    csv = CsvTimings()
    lines, rate_table, html_cols = [], False, None
    for line in text.split("\n"):
        if line.startswith("<tr><th"):
            heads = re.findall(r"<th[^>]*>(.*?)</th>", line)
            html_cols = [i for i, h in enumerate(heads) if h in HTML_TIMING_COLUMNS] or None
        elif line.startswith("</table>"):
            html_cols = None
        elif html_cols and line.startswith("<tr><td"):
            cells = re.split(r"(<td[^>]*>.*?</td>)", line)
            tds = [i for i, c in enumerate(cells) if c.startswith("<td")]
            for k in html_cols:
                if k < len(tds):
                    cells[tds[k]] = re.sub(r">%s<" % NUM, "><t><", cells[tds[k]])
            line = "".join(cells)
        if re.match(r"variant\s.*\s(deals/s|s/deal)$", line):  # a text table whose last column is a timing
            rate_table = True
        elif not line.strip():
            rate_table = False
        elif rate_table:
            line = re.sub(r"\s+(%s)$" % NUM, "  <t>", line)
        lines.append(csv.line(line))
    return "\n".join(lines)


def sort_records(text):
    """A record file's records in (seed, text) order: workers append them as
    they finish, so their order varies with the threads; study lines, CSV
    headers and comments stay where they are, and so each record stays
    between the same study lines."""
    lines, out, run = text.split("\n"), [], []

    def key(line):
        m = re.match(r'\{"seed":(\d+)|(\d+),', line)
        return (int(m.group(1) or m.group(2)) if m else -1, line)

    for line in lines:
        if re.match(r'\{"seed"|\d+,', line):
            run.append(line)
        else:
            out += sorted(run, key=key) + [line]
            run = []
    return "\n".join(out + sorted(run, key=key))


def reindent(line):
    """A one-line JSON object spread over lines for readable diffs: a newline
    and indent after '{', '[' and ',' and before '}', ']' outside strings;
    every character of the line is kept, in order."""
    out, depth, in_str, esc = [], 0, False, False
    for c in line:
        if in_str:
            out.append(c)
            if esc:
                esc = False
            elif c == "\\":
                esc = True
            elif c == '"':
                in_str = False
            continue
        if c == '"':
            in_str = True
            out.append(c)
        elif c in "{[":
            depth += 1
            out.append(c + "\n" + " " * depth)
        elif c in "}]":
            depth -= 1
            out.append("\n" + " " * depth + c)
        elif c == ",":
            out.append(",\n" + " " * depth)
        else:
            out.append(c)
    return "".join(out)


def pretty(stdout):
    """JSON objects printed on one line (longer than 200 characters) are
    spread out; other lines stay as they are."""
    lines = []
    for line in stdout.split("\n"):
        if len(line) > 200 and line[:1] in "{[":
            try:
                json.loads(line)
                line = reindent(line)
            except ValueError:
                pass
        lines.append(line)
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Cases


class Case:
    def __init__(self, name, line):
        self.name, self.line, self.steps = name, line, []

    @property
    def kinds(self):
        return {s[0] for s in self.steps}


def read_cases(path=CASES):
    cases, seen = [], set()
    for n, raw in enumerate(path.read_text().splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if raw[0].isspace():
            if not cases:
                sys.exit(f"{path}:{n}: a continuation line before any case")
            cases[-1].steps.append(parse_step(raw.strip(), path, n))
            continue
        name, sep, rest = raw.partition(":")
        name = name.strip()
        if not sep or not re.fullmatch(r"[a-z0-9][a-z0-9._-]*", name):
            sys.exit(f"{path}:{n}: expected 'NAME: STEP' (name of a-z0-9._-), got {raw!r}")
        if name in seen:
            sys.exit(f"{path}:{n}: case {name} twice")
        seen.add(name)
        cases.append(Case(name, n))
        cases[-1].steps.append(parse_step(rest.strip(), path, n))
    return cases


STEP_KINDS = ("pyramid", "mpi", "cat", "python", "web", "copy", "sed", "keep", "drop-program")


def parse_step(text, path, n):
    words = shlex.split(text)
    if not words or words[0] not in STEP_KINDS:
        sys.exit(f"{path}:{n}: a step starts with one of {', '.join(STEP_KINDS)}: {text!r}")
    return (words[0], words[1:], text)


class Runner:
    def __init__(self, build, web_driver, python, mpiexec):
        self.build = Path(build).resolve()
        self.pyramid = self.build / "pyramid"
        self.python_dir = self.build / "python"
        self.have_python = (self.python_dir / "pyramid_solver").is_dir() and any(
            (self.python_dir / "pyramid_solver").glob("_core*.so"))
        self.python = python
        self.web_driver = Path(web_driver) if web_driver else self.build / "tests" / "golden" / "pyramid_golden_web"
        self.have_web = self.web_driver.is_file() and os.access(self.web_driver, os.X_OK)
        self.times = {}
        self.mpi = self.build / "pyramid-mpi"
        self.mpiexec = mpiexec or shutil.which("mpirun") or shutil.which("mpiexec")
        self.have_mpi = os.access(self.mpi, os.X_OK) and self.mpiexec is not None

    def skipped(self, case):
        if "python" in case.kinds and not self.have_python:
            return "the Python module is not built"
        if "web" in case.kinds and not self.have_web:
            return f"no web driver {self.web_driver}"
        if "mpi" in case.kinds and not self.have_mpi:
            return f"no {self.mpi} or no mpirun"
        return None

    def run(self, case):
        t0, c0 = time.monotonic(), _children_cpu()
        try:
            return self._run(case)
        finally:
            self.times[case.name] = (time.monotonic() - t0, _children_cpu() - c0)

    def _run(self, case):
        tmp = Path(tempfile.mkdtemp(prefix="golden-"))
        try:
            paths = [(str(tmp), "{tmp}"), (str(self.build), "{build}"), (str(SRC), "{src}")]
            out, steps = [], [(k, [self.expand(a, tmp) for a in args], text) for k, args, text in case.steps]
            i = 0
            while i < len(steps):
                kind, args, text = steps[i]
                if kind == "python":  # consecutive python steps: one interpreter (an import costs ~1 s of CPU)
                    j = i
                    while j < len(steps) and steps[j][0] == "python":
                        j += 1
                    calls = []
                    for _, a, _ in steps[i:j]:
                        calls += (["::"] if calls else []) + a
                    parts = self.step("python", calls, tmp).split(PY_SEPARATOR + "\n")
                    if len(parts) != j - i:
                        parts = [PY_SEPARATOR.join(parts)] + [""] * (j - i - 1)
                    for (_, _, t), part in zip(steps[i:j], parts):
                        out += ["$ " + t, part.rstrip("\n")]
                    i = j
                    continue
                out.append("$ " + text)
                out.append(self.step(kind, args, tmp))
                i += 1
            return normalise("\n".join(out) + "\n", paths)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    @staticmethod
    def expand(a, tmp):
        return a.replace("{tmp}", str(tmp)).replace("{src}", str(SRC)).replace("{golden}", str(HERE))

    def step(self, kind, args, tmp):
        env = dict(os.environ, LC_ALL="C.UTF-8", TZ="UTC", NO_COLOR="1", COLUMNS="100")
        env.pop("PYRAMID_MAX_MEMORY", None)
        if kind == "cat":
            text = Path(args[0]).read_text(errors="replace")
            if args[0].endswith((".jsonl", ".csv")):
                text = sort_records(text)
            return text + "[end of file]"
        if kind == "copy":  # copy SRC DST [SKIP]: a fixture into the scratch directory, less its first SKIP bytes
            data = Path(args[0]).read_bytes()[int(args[2]) if len(args) > 2 else 0:]
            Path(args[1]).write_bytes(data)
            return "[copied]"
        if kind == "sed":  # sed FILE FROM TO: replaces every FROM by TO in the file
            p = Path(args[0])
            p.write_text(p.read_text().replace(args[1], args[2]))
            return "[edited]"
        if kind == "keep":  # keep FILE N: the first N lines and half of the next (a torn line: a killed study)
            lines = Path(args[0]).read_text().split("\n")
            n = int(args[1])
            Path(args[0]).write_text("\n".join(lines[:n]) + "\n" + lines[n][: len(lines[n]) // 2])
            return "[kept %d lines and a torn one]" % n
        if kind == "drop-program":  # an older version's file: study lines without "program"
            p = Path(args[0])
            lines = []
            for line in p.read_text().splitlines():
                if line.startswith('{"study"'):
                    o = json.loads(line)
                    o.pop("program", None)
                    line = json.dumps(o, separators=(",", ":"))
                lines.append(line)
            p.write_text("\n".join(lines) + "\n")
            return "[program dropped]"
        if kind == "pyramid":
            cmd = [str(self.pyramid)] + args
        elif kind == "mpi":  # mpirun -np 2 pyramid-mpi ARGS, as root in a container too (tests/test_study.cpp)
            cmd = [self.mpiexec, "-np", "2", str(self.mpi)] + args
            env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                       OMPI_MCA_rmaps_base_oversubscribe="1", OMPI_MCA_btl_vader_single_copy_mechanism="none")
        elif kind == "python":
            cmd = [self.python, str(HERE / "py_driver.py")] + args
            env["PYTHONPATH"] = str(self.python_dir)
        else:  # web: requests one a line from the arguments
            cmd = [str(self.web_driver)] + args
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace", env=env, cwd=tmp,
                           timeout=TIMEOUT)
        text = pretty(p.stdout)
        if p.stderr:
            text += ("" if text.endswith("\n") or not text else "\n") + "[stderr]\n" + p.stderr
        if text and not text.endswith("\n"):
            text += "\n[no newline at end]\n"
        return text + f"[exit {p.returncode}]"


def _children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def expected_path(case):
    return EXPECTED / (case.name + ".txt")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mode", choices=["record", "check", "list"])
    ap.add_argument("build", help="the build directory holding `pyramid`")
    ap.add_argument("-k", dest="select", default="", help="only the cases whose name contains this (NAME$: only the case NAME)")
    ap.add_argument("-j", dest="jobs", type=int, default=2, help="cases run at once (default 2)")
    ap.add_argument("--web-driver", help="the native web driver (default BUILD/tests/golden/pyramid_golden_web)")
    ap.add_argument("--python", default=sys.executable, help="the interpreter the module was built for")
    ap.add_argument("--mpiexec", help="mpirun for the pyramid-mpi cases (default: mpirun on PATH)")
    ap.add_argument("--lines", type=int, default=12, help="differing lines shown per case (default 12)")
    ap.add_argument("--times", type=int, default=0, metavar="N", help="also print the N slowest cases")
    a = ap.parse_args()

    runner = Runner(a.build, a.web_driver, a.python, a.mpiexec)
    if not os.access(runner.pyramid, os.X_OK):
        print(f"golden: no pyramid in {runner.build}", file=sys.stderr)
        return 2
    cases = [c for c in read_cases() if (not a.select.endswith("$") and a.select in c.name) or (a.select.endswith("$") and c.name == a.select[:-1])]
    if a.mode == "list":
        for c in cases:
            print(c.name)
        return 0

    todo, skipped = [], []
    for c in cases:
        why = runner.skipped(c)
        (skipped.append((c, why)) if why else todo.append(c))
    if a.mode == "record" and skipped:
        for c, why in skipped:
            print(f"golden: cannot record {c.name}: {why}", file=sys.stderr)
        return 2

    t0 = time.monotonic()
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
        futures = {pool.submit(runner.run, c): c for c in todo}
        for f in concurrent.futures.as_completed(futures):
            c = futures[f]
            try:
                results[c.name] = (f.result(), None)
            except Exception as e:  # a timeout, a missing file: that case fails
                results[c.name] = (None, f"{type(e).__name__}: {e}")
    took = time.monotonic() - t0
    # (CPU of the case's processes: exact with -j 1, shared between the cases running at once otherwise)
    for name, (wall, cpu) in sorted(runner.times.items(), key=lambda x: -x[1][1])[:a.times]:
        print(f"time {wall:6.2f} s wall {cpu:6.2f} s CPU  {name}")
    if a.times:
        print(f"CPU of every case's processes: {_children_cpu():.1f} s")

    if a.mode == "record":
        EXPECTED.mkdir(exist_ok=True)
        names = {c.name for c in cases}
        failed = 0
        for c in todo:
            out, err = results[c.name]
            if err:
                print(f"golden: {c.name}: {err}", file=sys.stderr)
                failed += 1
                continue
            expected_path(c).write_text(out)
        if not a.select:  # a full record removes the files of cases no longer listed
            for p in EXPECTED.glob("*.txt"):
                if p.stem not in names:
                    p.unlink()
        print(f"golden: recorded {len(todo) - failed} cases in {took:.1f} s")
        return 1 if failed else 0

    bad = 0
    for c in todo:
        out, err = results[c.name]
        exp = expected_path(c)
        if err:
            print(f"FAIL {c.name} (cases.txt:{c.line}): {err}")
            bad += 1
            continue
        if not exp.is_file():
            print(f"FAIL {c.name} (cases.txt:{c.line}): no expected file {exp.relative_to(SRC)} (run record)")
            bad += 1
            continue
        want = exp.read_text()
        if want == out:
            continue
        bad += 1
        print(f"FAIL {c.name} (cases.txt:{c.line}): differs from {exp.relative_to(SRC)}")
        diff = list(difflib.unified_diff(want.splitlines(), out.splitlines(), "expected", "got", n=1, lineterm=""))
        for line in diff[2:2 + a.lines]:
            print("    " + line)
        if len(diff) > 2 + a.lines:
            print(f"    ... ({len(diff) - 2 - a.lines} more diff lines)")
    for c, why in skipped:
        print(f"skip {c.name}: {why}")
    print(f"golden: {len(todo) - bad} of {len(todo)} cases equal, {bad} differ, {len(skipped)} skipped "
          f"({took:.1f} s, {a.jobs} workers)")
    if bad:
        return 1
    return 77 if skipped else 0


if __name__ == "__main__":
    sys.exit(main())
