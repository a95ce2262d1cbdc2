#!/usr/bin/env python3
"""The example commands of docs/*.md run as written (ctest docs_examples).

    tests/docs_test.py SOURCE_DIR BUILD_DIR [PAGE.md ...]

Reads every ```sh block of docs/*.md (or of the pages named) and runs each
example line that starts with `pyramid`, `nice ... pyramid`, a `for` loop of
`pyramid` runs, or `PYTHONPATH=build/python python3`, through bash (pipes,
redirections and globs as a user's shell has them), with BUILD_DIR on the
PATH, from a scratch folder per page (one page's lines in order, so a study
made by one line is read by the next) holding a copy of the source tree's
data/ when the page names it. Every line must exit 0, or with the status its comment names
("# exit 1", "...: exit 1"). Left out, and said so: synopses (a line with
`[` or an upper-case placeholder such as NAME or FILE...), lines that read a
record file no line of the page makes (`shard2.jsonl`), `play` (interactive:
readme_examples plays it in tmux), the full `bench` workload (20 s), and
`pyramid-mpi` when it is not built. Only the counts change, so that the test
takes seconds: --deals N becomes at most 20 (8 in a --challenge study, whose
deals cost a quarter of a second each), --seeds A-B at most as many seeds,
--count N at most 2, the Python example's --deals at most 20.
README.md's examples are readme_test.py's. Exit status 0 when every line ran
or was left out (said on its line), 1 when one failed.
"""
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

SRC, BUILD = (os.path.abspath(p) for p in sys.argv[1:3])
PAGES = sys.argv[3:]
MAX_DEALS, MAX_CHALLENGE_DEALS, MAX_COUNT = 20, 8, 2
PLACEHOLDER = re.compile(r"(?<![\w:/.-])(NAME|FILE|CARDS|PATH|LIST|OPTIONS|RULESET|SIZE|FIRST|SECOND|[NKSDRV])(?![\w:])"
                         r"|\.\.\.")


def blocks(page):
    """The example lines of a page's ```sh blocks, continuations (a trailing \\ or |) joined."""
    text = open(page, encoding="utf-8").read()
    for m in re.finditer(r"^```sh\n(.*?)^```", text, re.S | re.M):
        joined = ""
        for line in m.group(1).splitlines():
            code = line.split(" #", 1)[0].rstrip()
            joined += line + "\n"
            if code.endswith("\\") or code.endswith("|"):
                continue
            if joined.strip():
                yield joined.rstrip("\n")
            joined = ""


def runnable(line):
    """Why a line is left out, or None to run it."""
    code = shlex.split(line, comments=True)
    if not code:
        return ""  # a comment line (the Slurm scripts' headers): not said
    first = code[0]
    if first[0] in "[(":
        return "a synopsis"
    if first == "nice":
        code = code[3:] if code[1:2] == ["-n"] else code[1:]
        first = code[0] if code else ""
    if first.startswith("PYTHONPATH="):
        return None if os.path.isdir(os.path.join(BUILD, "python", "pyramid_solver")) else "no Python module built"
    if first == "for" and "pyramid" in code:
        return None
    if first == "pyramid-mpi":
        return None if os.path.exists(os.path.join(BUILD, "pyramid-mpi")) else "pyramid-mpi not built"
    if first != "pyramid":
        return "not a pyramid command (scripts, sudo, mpirun, sbatch, ...)"
    if "[" in line.split("#", 1)[0] or PLACEHOLDER.search(line.split("#", 1)[0]) or any(w[0] == "(" for w in code):
        return "a synopsis"
    if code[1:2] == ["play"]:
        return "interactive (readme_examples plays it in tmux)"
    if code[1:2] == ["bench"] and "--quick" not in code:
        return "the full bench workload (about 20 s of CPU)"
    if "jq" in code and not shutil.which("jq"):
        return "no jq"
    return None


def smaller(line):
    most = MAX_CHALLENGE_DEALS if "--challenge" in line else MAX_DEALS
    line = re.sub(r"(--deals) (\d+)", lambda m: "%s %d" % (m.group(1), min(int(m.group(2)), most)), line)
    line = re.sub(r"(--count) (\d+)", lambda m: "%s %d" % (m.group(1), min(int(m.group(2)), MAX_COUNT)), line)
    return re.sub(r"(--seeds) (\d+)-(\d+)",
                  lambda m: "%s %s-%d" % (m.group(1), m.group(2),
                                          min(int(m.group(3)), int(m.group(2)) + most - 1)), line)


def missing_input(line, cwd):
    """A record file the line reads that no line of the page made (an illustration such as shard2.jsonl)."""
    words = shlex.split(line, comments=True)
    for i, w in enumerate(words):
        if w.endswith(".jsonl") and not any(c in w for c in "*?$") and words[i - 1] not in ("--out", "-o"):
            if not os.path.exists(os.path.join(cwd, w)):
                return w
    return None


def main():
    pages = [os.path.join(SRC, "docs", p) for p in PAGES] or sorted(glob.glob(os.path.join(SRC, "docs", "*.md")))
    env = dict(os.environ, PATH=BUILD + os.pathsep + os.environ.get("PATH", ""), LC_ALL="C.UTF-8",
               PYTHONPATH=os.path.join(BUILD, "python"))
    env.pop("NO_COLOR", None)
    # The interpreter the module was built for (CMake passes it), as the Python tests run it.
    python = os.environ.get("PYR_PYTHON") or ("/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable)
    failures = ran = 0
    for page in pages:
        lines = list(blocks(page))
        if not lines:
            continue
        name = os.path.relpath(page, SRC)
        with tempfile.TemporaryDirectory(prefix="pyramid_docs.") as cwd:
            if any("data/" in line for line in lines):  # a copy: an example never writes into the source tree
                shutil.copytree(os.path.join(SRC, "data"), os.path.join(cwd, "data"))
            for line in lines:
                shown = " ".join(smaller(line).split("#", 1)[0].replace("\\\n", " ").split())
                why = runnable(line)
                if why is None and missing_input(line, cwd):
                    why = "reads %s, which no example of the page makes" % missing_input(line, cwd)
                if why == "":
                    continue
                if why:
                    print("%s: skipped (%s): %s" % (name, why, shown))
                    continue
                comment = line.split("#", 1)[1] if "#" in line else ""
                m = re.search(r"\bexit (\d+)", comment)
                want = int(m.group(1)) if m else 0
                cmd = smaller(line)
                cmd = cmd.replace("PYTHONPATH=build/python python3", shlex.quote(python))
                cmd = cmd.replace(" python/examples/", " %s/python/examples/" % shlex.quote(SRC))
                start = time.monotonic()
                r = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], cwd=cwd, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
                took = time.monotonic() - start
                ran += 1
                if r.returncode != want:
                    failures += 1
                    print("%s: FAIL (exit %d, the page says %d): %s\n%s" % (name, r.returncode, want, shown,
                                                                             r.stderr.strip()[-800:]))
                else:
                    print("%s: ok (exit %d, %.1f s): %s" % (name, want, took, shown))
    print("%d lines run, %d failed" % (ran, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
