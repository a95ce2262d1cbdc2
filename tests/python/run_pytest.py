#!/usr/bin/env python3
"""ctest's entry to the Python module's tests (label python): pytest on the
files given; exit 77 (skipped) when pytest or pandas is missing
(scripts/setup --test installs python3-pytest and python3-pandas)."""
import sys

try:
    import pandas  # noqa: F401
    import pytest
except ImportError as e:
    print(f"skipped: {e} (scripts/setup --test installs python3-pytest and python3-pandas)")
    sys.exit(77)

sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", *sys.argv[1:]]))
