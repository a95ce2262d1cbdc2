#!/usr/bin/env bash
# The bash completion (build/completions/pyramid.bash, written from
# completions/pyramid.bash.in and the rule schema) as bash calls it: COMP_WORDS
# and COMP_CWORD set, _pyramid run, COMPREPLY checked. Commands, options per
# command, --format values, variant names (also in a comma list), files, and
# every rule override's values (the schema's, as the generator lists them)
# and --challenge's.
# usage: completion_test.sh COMPLETION GENERATOR PYRAMID [PYRAMID_MPI]
set -uo pipefail
completion=$(realpath "$1") generator=$(realpath "$2") pyramid=$(realpath "$3") mpi=${4:+$(realpath "$4")}
rules=$("$generator" values) || { echo "FAIL: $generator values"; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" && touch study-a.jsonl study-b.jsonl notes.txt
fail=0
# expect "WORDS..." -- "EXPECTED": completing the last word of WORDS.
expect() {
  local words=$1 want=$2 got
  got=$(bash -c 'source "$0"; eval "COMP_WORDS=($1)"; COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _pyramid
                 ((${#COMPREPLY[@]})) && printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' "$completion" "$words" 2>&1)
  want=$(tr ' ' '\n' <<<"$want" | grep -v '^$' | sort | tr '\n' ' ')
  if [ "$got" = "$want" ]; then echo "ok: [$words] -> $got"; else echo "FAIL: [$words]: got '$got', want '$want'"; fail=1; fi
}
p="'$pyramid'"
expect "$p sol" "solve"
expect "$p s" "solve stats"
expect "$p ver" "verify version"
expect "$p --v" "--version"
expect "$p stats --var" "--variant"
expect "$p stats --dea" "--deals --deals-file"
expect "$p solve --variant ''" "$("$pyramid" variants | awk '{ print $1 }' | tr '\n' ' ')"
expect "$p solve --variant gi" "giza"
expect "$p stats --variant msc,ch" "msc,cheops"
expect "$p solve --format ''" "text json html"
expect "$p stats --format ''" "text json csv"
expect "$p stats --list ''" "win lose intractable"
expect "$p stats --reserves ''" "top open"
expect "$p stats --out study-" "study-a.jsonl study-b.jsonl"
expect "$p merge st" "study-a.jsonl study-b.jsonl"
expect "$p report study-a.jsonl ''" "notes.txt study-a.jsonl study-b.jsonl"
expect "$p solve --seed ''" ""
expect "$p solve --seed 5 --op" "--optimal"
expect "$p variants tu" "tuts-tomb"
expect "$p play -" "$("$pyramid" play --help | awk '/options:$/ {o=1; next} o && /^  -/ {s=substr($0,3); sub(/  .*/,"",s); print s}' | grep -oE -- '(^|[ [])--?[A-Za-z][A-Za-z0-9-]*' | tr -d ' [' | tr '\n' ' ')"
# Every rule override of the schema: its values (stats: in a comma list too);
# one that stands alone (--overlap) takes no value outside stats.
[ "$(wc -l <<<"$rules")" -ge 5 ] || { echo "FAIL: the schema's rules: $rules"; fail=1; }
while read -r key implicit values; do
  expect "$p stats --$key ''" "$values"
  first=${values%% *}
  expect "$p stats --$key $first," "$(for v in $values; do printf '%s ' "$first,$v"; done)"
  if [ "$implicit" = - ]; then expect "$p solve --$key ''" "$values"; else expect "$p solve --$key ''" ""; fi
done <<<"$rules"
# --challenge's values (the generator's list, from solver/challenge.h), for
# every command that takes --challenge.
challenges=$("$generator" challenge) || { echo "FAIL: $generator challenge"; exit 1; }
[ "$(wc -w <<<"$challenges")" -ge 15 ] || { echo "FAIL: --challenge's values: $challenges"; fail=1; }
for c in solve stats play; do expect "$p $c --challenge ''" "$challenges"; done
expect "$p solve --challenge cards:" "$(tr ' ' '\n' <<<"$challenges" | grep '^cards:' | tr '\n' ' ')"
# Every command's options are offered after "-".
for c in $("$pyramid" --help | awk '/^commands:/ { c = 1; next } c && /^  [a-z]/ { print $1 } c && !/^  / { c = 0 }'); do
  expect "$p $c --he" "--help"
done
if [ -n "$mpi" ]; then
  expect "'$mpi' st" "stats"
  expect "'$mpi' stats --sh" "--shard"
fi
exit $fail
