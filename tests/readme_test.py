#!/usr/bin/env python3
"""The README's examples run as written (ctest readme_examples).

    tests/readme_test.py SOURCE_DIR BUILD_DIR [--no-web]

Reads the first ```sh block under "## Examples" in README.md and runs each
line as a user would after the quick start, from a scratch folder, with
BUILD_DIR on the PATH (so `pyramid` is the built binary) and `scripts/` the
source tree's. Every command must exit 0, or with the status its comment
names ("# exit 1: ..."). Only the counts change, so that the test takes
seconds (the README says how long the real ones take): --deals N becomes at
most 300 (a multiple of 2, for the shards) and --count N at most 2.
`pyramid play` runs in tmux (typed q q; skipped without tmux);
`scripts/web build && scripts/web serve` builds the site into BUILD_DIR/web
and serves it on a free port for one request (skipped without emscripten,
or with --no-web: the sanitizer builds, which have no web tests).
Exit status 0 when every line ran or was skipped (said on its line), 1
when one failed.
"""
import glob
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

SRC, BUILD = (os.path.abspath(p) for p in sys.argv[1:3])
MAX_DEALS, MAX_COUNT = 300, 2


def examples():
    text = open(os.path.join(SRC, "README.md"), encoding="utf-8").read()
    m = re.search(r"^## Examples\n.*?^```sh\n(.*?)^```", text, re.S | re.M)
    if not m:
        sys.exit("FAIL: no ```sh block under '## Examples' in README.md")
    return [line for line in m.group(1).splitlines() if line.strip()]


def smaller(words):
    out = list(words)
    for i, w in enumerate(out[:-1]):
        if w == "--deals" and int(out[i + 1]) > MAX_DEALS:
            out[i + 1] = str(MAX_DEALS)
        if w == "--count" and int(out[i + 1]) > MAX_COUNT:
            out[i + 1] = str(MAX_COUNT)
    return out


def resolve(words, cwd):
    """The words as the shell gives them: globs expanded, scripts/ the source tree's."""
    out = []
    for w in words:
        if w.startswith("scripts/"):
            w = os.path.join(SRC, w)
        if any(c in w for c in "*?["):
            matches = sorted(glob.glob(os.path.join(cwd, w)))
            out.extend(os.path.relpath(p, cwd) for p in matches) if matches else out.append(w)
        else:
            out.append(w)
    return out


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def play_in_tmux(words, env, cwd):
    if not shutil.which("tmux"):
        return "skipped (no tmux)"
    sock = "pyramid_readme_%d" % os.getpid()
    tmux = ["tmux", "-L", sock, "-f", "/dev/null"]
    cmd = " ".join(shlex.quote(w) for w in words) + '; echo "[exit $?]"; sleep 60'
    subprocess.run(tmux + ["new-session", "-d", "-s", "r", "-x", "100", "-y", "40", "-c", cwd,
                           "env TERM=xterm-256color PATH=%s %s" % (shlex.quote(env["PATH"]), cmd)], check=True)
    try:
        def screen():
            return subprocess.run(tmux + ["capture-pane", "-p", "-t", "r"], capture_output=True, text=True).stdout
        deadline = time.time() + 60
        while "verdict: winnable" not in screen():
            if time.time() > deadline:
                return "FAIL: no verdict on the screen:\n" + screen()
            time.sleep(0.1)
        subprocess.run(tmux + ["send-keys", "-t", "r", "-l", "qq"], check=True)
        deadline = time.time() + 20
        while "[exit " not in screen():
            if time.time() > deadline:
                return "FAIL: q q did not quit:\n" + screen()
            time.sleep(0.1)
        return None if "[exit 0]" in screen() else "FAIL: " + screen().strip().splitlines()[-1]
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)


def web(line, env, cwd):
    build = resolve(["scripts/web", "build", "--build-dir", os.path.join(BUILD, "web")], cwd)
    r = subprocess.run(build, env=env, cwd=cwd, capture_output=True, text=True)
    if r.returncode == 77:
        return "skipped (no emscripten)"
    if r.returncode != 0:
        return "FAIL: scripts/web build: " + r.stderr.strip()[-500:]
    port = free_port()
    serve = subprocess.Popen(resolve(["scripts/web", "serve", "--port", str(port), os.path.join(BUILD, "web", "site")], cwd),
                             env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 30
        while True:
            try:
                page = urllib.request.urlopen("http://127.0.0.1:%d/" % port, timeout=5).read().decode()
                break
            except OSError:
                if time.time() > deadline or serve.poll() is not None:
                    return "FAIL: scripts/web serve answered nothing"
                time.sleep(0.2)
        return None if "Pyramid solver" in page else "FAIL: the served page is not the site's"
    finally:
        serve.terminate()
        serve.wait(10)


def main():
    lines = examples()
    env = dict(os.environ, PATH=BUILD + os.pathsep + os.environ.get("PATH", ""), LC_ALL="C.UTF-8")
    failures = 0
    with tempfile.TemporaryDirectory(prefix="pyramid_readme.") as cwd:
        for line in lines:
            comment = line.split("#", 1)[1] if "#" in line and not line.lstrip().startswith("#") else ""
            words = smaller(shlex.split(line, comments=True))
            want = int(re.search(r"\bexit (\d+)", comment).group(1)) if re.search(r"\bexit (\d+)", comment) else 0
            shown = " ".join(words)
            if words[:2] == ["pyramid", "play"]:
                problem = play_in_tmux(words, env, cwd)
            elif words[0] == "scripts/web":
                problem = "skipped (--no-web)" if "--no-web" in sys.argv[3:] else web(line, env, cwd)
            else:
                if "&&" in words:
                    print("FAIL: an example the test cannot run: " + line)
                    failures += 1
                    continue
                r = subprocess.run(resolve(words, cwd), env=env, cwd=cwd, capture_output=True, text=True)
                problem = None
                if r.returncode != want:
                    problem = "FAIL: exit %d, not %d: %s" % (r.returncode, want, (r.stderr or r.stdout).strip()[-400:])
                elif not r.stdout.strip() and "--out" not in words and "-o" not in words:
                    problem = "FAIL: printed nothing"
            if problem and problem.startswith("FAIL"):
                failures += 1
                print(problem + "\n  in: " + shown)
            else:
                print(("ok: " if not problem else problem + ": ") + shown)
        made = sorted(os.listdir(cwd))
        print("files made: " + " ".join(made))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
