#!/usr/bin/env bash
# The pages as a browser shows them (ctest label `chromium`): solution pages
# of msc, giza, apophis and triangle, and a study report, rendered by
# headless Chromium.
#  - a screenshot is not blank (tests/png_check.py counts the pixels that are
#    not background, and the red of the red suits);
#  - the page's self-test ("#selftest": it presses the buttons and arrow keys
#    through every step), read back with --dump-dom, visited every step, and
#    the last step shows no tableau card: the empty pyramid;
#  - the report's DOM, as Chromium parsed it, has every chart: a win-rate
#    point per rule set, a histogram and an effort panel per rule set, the
#    ten hardest deals and the summary table.
# usage: chromium_test.sh PATH/TO/pyramid   (exit 77, skipped, without chromium)
set -euo pipefail
pyramid=$1
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v chromium >/dev/null; then
  echo "chromium is not installed (scripts/setup --test installs it): skipped"
  exit 77
fi
work=$(mktemp -d /tmp/pyramid_chromium_test.XXXXXX)
trap 'rm -rf "$work"' EXIT

# Every picture and DOM is taken by one browser (chromium_pages.mjs) once the
# files are written: the jobs are listed first, the checks run after.
jobs=$work/jobs.txt
: >"$jobs"
shot() { echo "shot file://$1 $2 $3 $4" >>"$jobs"; }  # FILE PNG WIDTH HEIGHT
dom() { echo "dom file://$1 $2 1000 720" >>"$jobs"; }  # FILE[#HASH] OUT
run_browser() {
  if ! command -v node >/dev/null; then
    echo "node is not installed (scripts/setup --test installs it): skipped"
    exit 77
  fi
  node "$here/chromium_pages.mjs" "$jobs"
}

fail=0
pages=()
make_page() {  # NAME ARGS...: solve to a page; its screenshot and self-test are taken later
  local name=$1
  shift
  local page=$work/$name.html
  "$pyramid" solve "$@" --format html -o "$page"
  "$pyramid" solve "$@" --format json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["solution"]))' \
    >"$work/$name.moves"
  shot "$page" "$work/$name.png" 1000 720
  dom "$page#selftest" "$work/$name.dom"
  pages+=("$name")
}
check_page() {  # NAME: the screenshot is not blank; the self-test stepped through every move
  local name=$1 moves result
  moves=$(cat "$work/$name.moves")
  python3 "$here/png_check.py" "$work/$name.png" 0.10 0.002 || fail=1
  result=$(python3 - "$work/$name.dom" <<'EOF'
import html, re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<pre id="selftest"[^>]*>(.*?)</pre>', dom, re.S)
print(html.unescape(m.group(1)) if m else "no selftest output")
EOF
)
  echo "$name: $moves moves; page says: $(echo "$result" | tr '\n' '|')"
  grep -qx "selftest ok" <<<"$result" || { echo "FAIL: $name: self-test did not pass"; fail=1; }
  grep -qx "steps $moves" <<<"$result" || { echo "FAIL: $name: expected $moves steps"; fail=1; }
  grep -qx "visited $moves" <<<"$result" || { echo "FAIL: $name: not every step was shown"; fail=1; }
  grep -qx "tableau cards at the end 0" <<<"$result" || { echo "FAIL: $name: the last step is not an empty pyramid"; fail=1; }
  grep -q "^last caption .*Won: " <<<"$result" || { echo "FAIL: $name: the last step does not say won"; fail=1; }
}

make_page msc --variant msc --seed 1
make_page giza --variant giza --seed 2
make_page apophis --variant apophis --seed 1
make_page triangle --variant triangle --seed 1 --optimal

# The drawn deal alone (deal --format svg) renders too.
"$pyramid" deal --variant msc --seed 3 --format svg -o "$work/deal.svg"
shot "$work/deal.svg" "$work/deal.png" 640 420

# A study report: 4 rule sets.
"$pyramid" stats --variant msc,pharaohs --passes 1,3 --deals 100 --quiet --out "$work/study.jsonl" >/dev/null
"$pyramid" report "$work/study.jsonl" -o "$work/report.html"
shot "$work/report.html" "$work/report.png" 1000 900
dom "$work/report.html" "$work/report.dom"

run_browser || fail=1
for name in "${pages[@]}"; do check_page "$name"; done
python3 "$here/png_check.py" "$work/deal.png" 0.25 0.005 || fail=1
python3 "$here/png_check.py" "$work/report.png" 0.05 || fail=1
python3 - "$work/report.dom" <<'PY' || fail=1
import re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
def section(name):
    m = re.search(r'<(figure|table) id="%s".*?</\1>' % name, dom, re.S)
    return m.group(0) if m else ""
checks = {
    "win-rate points": (section("chart-win-rate").count('<g class="rate"'), 4),
    "length histograms": (section("chart-lengths").count("<svg"), 4),
    "effort panels": (section("chart-effort").count("<svg") - 1, 4),  # and the legend's
    "hardest deals": (section("hardest").count("<tr>") - 1, 10),
    "summary rows": (section("summary-table").count("<tr>") - 1, 4),
}
print("report DOM: " + ", ".join("%s %d" % (k, got) for k, (got, want) in checks.items()))
bad = [k for k, (got, want) in checks.items() if got != want]
if bad:
    print("FAIL: report DOM: " + ", ".join(bad))
    sys.exit(1)
PY

exit $fail
