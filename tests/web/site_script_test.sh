#!/usr/bin/env bash
# scripts/web build SITE (ctest web_script_site, label web): the site is
# copied into SITE this once; the web build's own site stays in
# BUILD_DIR/site, where later builds (no folder, the `web` target, the test
# suite's web_build) and the page tests look for it. A cache that an earlier
# script stored another folder in is put back.
#   site_script_test.sh SOURCE_DIR WEB_BUILD_DIR   (exit 77 without emscripten)
set -euo pipefail
root=$1 build=$(realpath -m "$2")
command -v em++ >/dev/null || { echo "emscripten is not installed: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cached() { sed -n 's/^PYR_WEB_SITE:PATH=//p' "$build/CMakeCache.txt"; }

"$root/scripts/web" build --build-dir "$build" "$tmp/copy" 2>"$tmp/err"
cat "$tmp/err"
grep -qF "site in $tmp/copy" "$tmp/err" || fail "the script does not name the folder asked for"
for f in index.html app.js style.css pyramid-web.js pyramid-web.wasm; do
  cmp -s "$build/site/$f" "$tmp/copy/$f" || fail "$f is not in $tmp/copy as built"
done
echo "ok: the site copied into the folder asked for"
[ "$(cached)" = "$build/site" ] || fail "the cache now sends the site to $(cached)"
"$root/scripts/web" build --build-dir "$build" 2>"$tmp/err"
grep -qF "site in $build/site" "$tmp/err" || fail "a later build without a folder: $(cat "$tmp/err")"
echo "ok: a later build puts the site in $build/site"

# A cache sent elsewhere by the old script: the next build puts it back.
cmake -DPYR_WEB_SITE="$tmp/elsewhere" "$build" >/dev/null
"$root/scripts/web" build --build-dir "$build" 2>"$tmp/err"
[ "$(cached)" = "$build/site" ] || fail "the cache still sends the site to $(cached)"
[ ! -e "$tmp/elsewhere/pyramid-web.wasm" ] || fail "the site went to the old folder"
grep -qF "site in $build/site" "$tmp/err" || fail "after a stale cache: $(cat "$tmp/err")"
echo "ok: a cache sent elsewhere is put back"
