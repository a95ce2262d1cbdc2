#!/usr/bin/env bash
# The man pages (scripts/manpages, built into MANDIR by the pyramid_man
# target) against the programs' --help: pyramid.1 and one pyramid-COMMAND.1
# for every command `pyramid --help` lists (and pyramid-mpi.1 when built),
# each with its NAME line and every option its --help lists.
# usage: man_test.sh MANDIR PYRAMID [PYRAMID_MPI]
set -euo pipefail
mandir=$(realpath "$1") pyramid=$(realpath "$2") mpi=${3:+$(realpath "$3")}
fail=0
# A page as text: roff's \- as -, font changes and \& dropped.
text() { zcat "$1" | sed -e 's/\\-/-/g' -e 's/\\f[BRIP]//g' -e 's/\\&//g' -e 's/\\ / /g'; }
# Every option of a --help text's options section: --name and -x.
options() {
  awk '/options:$/ { o = 1; next } o && /^  -/ { spec = substr($0, 3); sub(/  .*/, "", spec); print spec } o && /^[^ ]/ { o = 0 }' |
    grep -oE -- '(^|[ [])--?[A-Za-z][A-Za-z0-9-]*' | tr -d ' ['
}
check() {  # PAGE NAME HELP-TEXT
  local page=$1 name=$2 help=$3 t n=0
  if [ ! -s "$page" ]; then echo "FAIL: no man page $page"; fail=1; return; fi
  gzip -t "$page" || { echo "FAIL: $page is not gzip"; fail=1; return; }
  t=$(text "$page")
  grep -q "^\.TH ${name^^} 1 " <<<"$t" || { echo "FAIL: $page: no .TH ${name^^} 1"; fail=1; }
  grep -q "^$name - " <<<"$t" || { echo "FAIL: $page: no NAME line '$name - ...'"; fail=1; }
  while read -r opt; do
    [ -n "$opt" ] || continue
    n=$((n + 1))
    grep -qF -- "$opt" <<<"$t" || { echo "FAIL: $page lacks $opt (in its --help)"; fail=1; }
  done < <(options <<<"$help")
  echo "ok: $name ($n options)"
}
commands=$("$pyramid" --help | awk '/^commands:/ { c = 1; next } c && /^  [a-z]/ { print $1 } c && !/^  / { c = 0 }')
[ -n "$commands" ] || { echo "FAIL: pyramid --help lists no commands"; exit 1; }
check "$mandir/pyramid.1.gz" pyramid "$("$pyramid" --help)"
for c in $commands; do
  text "$mandir/pyramid.1.gz" 2>/dev/null | grep -q "pyramid-$c(1)\|pyramid-$c\fR(1)\|pyramid-$c" ||
    { echo "FAIL: pyramid.1 does not name pyramid-$c"; fail=1; }
  check "$mandir/pyramid-$c.1.gz" "pyramid-$c" "$("$pyramid" "$c" --help)"
done
if [ -n "$mpi" ]; then check "$mandir/pyramid-mpi.1.gz" pyramid-mpi "$("$mpi" --help)"; fi
# The pages render without a warning from man/groff, when man is there.
if command -v man >/dev/null; then
  for p in "$mandir"/*.1.gz; do
    w=$(MANWIDTH=80 man --warnings -l "$p" 2>&1 >/dev/null || true)
    [ -z "$w" ] || { echo "FAIL: $p: $w"; fail=1; }
  done
fi
exit $fail
