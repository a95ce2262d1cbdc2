#!/bin/sh
# Stands in for node when it is missing: the web tests are skipped.
echo "node is not installed (scripts/setup --web installs it with emscripten): skipped"
exit 77
