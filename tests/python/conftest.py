# Shared by the pytest tests of the Python module (tests/python/test_*.py).
# ctest runs them (label python) with PYTHONPATH=build/python and PYRAMID_CLI
# the `pyramid` binary of the same build, which the tests compare against.
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = os.environ.get("PYRAMID_CLI", str(ROOT / "build" / "pyramid"))


def run_cli(*args, check=True):
    """Runs `pyramid ARGS...`; returns the CompletedProcess (text)."""
    p = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True, timeout=600)
    if check and p.returncode != 0:
        raise AssertionError(f"pyramid {' '.join(map(str, args))}: exit {p.returncode}: {p.stderr}")
    return p


def cli_json(*args):
    return json.loads(run_cli(*args).stdout)


def read_jsonl(path):
    """(study lines, records) of a record file."""
    studies, records = [], []
    for line in pathlib.Path(path).read_text().splitlines():
        o = json.loads(line)
        (studies if "study" in o else records).append(o)
    return studies, records


def without_timing(o):
    """A record or answer without its timings (the only fields that vary between runs)."""
    return {k: v for k, v in o.items() if k != "seconds"}


@pytest.fixture(scope="session")
def cli():
    if not os.access(CLI, os.X_OK):
        pytest.fail(f"the pyramid binary is missing: {CLI} (set PYRAMID_CLI)")
    return CLI
