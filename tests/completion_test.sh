#!/usr/bin/env bash
# The bash completion (completions/pyramid.bash) as bash calls it: COMP_WORDS
# and COMP_CWORD set, _pyramid run, COMPREPLY checked. Commands, options per
# command, --format values, variant names (also in a comma list), files.
# usage: completion_test.sh COMPLETION PYRAMID [PYRAMID_MPI]
set -uo pipefail
completion=$(realpath "$1") pyramid=$(realpath "$2") mpi=${3:+$(realpath "$3")}
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
# Every command's options are offered after "-".
for c in $("$pyramid" --help | awk '/^commands:/ { c = 1; next } c && /^  [a-z]/ { print $1 } c && !/^  / { c = 0 }'); do
  expect "$p $c --he" "--help"
done
if [ -n "$mpi" ]; then
  expect "'$mpi' st" "stats"
  expect "'$mpi' stats --sh" "--shard"
fi
exit $fail
