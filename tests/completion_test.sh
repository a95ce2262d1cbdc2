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
# The ranks follow the deck of the --variant named: the Spanish deck's 1-12
# (no T, J, Q, K), those both decks take after a stats list of both. For
# every preset, the values offered are those `pyramid solve` takes: of both
# decks' values, each offered one is taken, and each other is refused or
# names a rank offered (cards:10 is the standard deck's T: solve's JSON
# names the rank as the deck writes it).
expect "$p solve --variant spanish --challenge cards:1" "cards:1 cards:10 cards:11 cards:12"
expect "$p stats --variant msc,spanish --challenge ''" "$("$generator" challenge msc,spanish)"
[ "$("$generator" challenge spanish)" != "$challenges" ] || { echo "FAIL: spanish's --challenge values are msc's"; fail=1; }
both_decks=$( ("$generator" challenge msc; "$generator" challenge spanish) | tr ' ' '\n' | sort -u)
for v in $("$pyramid" variants | awk '{ print $1 }'); do
  offered=$("$generator" challenge "$v") || { echo "FAIL: $generator challenge $v"; fail=1; }
  expect "$p solve --variant $v --challenge ''" "$offered"
  for c in $both_decks; do
    json=$("$pyramid" solve --variant "$v" --seed 1 --challenge "$c" --max-states 1 --format json 2>/dev/null)
    taken=$([ $? != 2 ] && echo yes || echo no)
    want=$([[ " $offered " == *" $c "* ]] && echo yes || echo no)
    if [ "$taken/$want" = yes/no ] && [[ $c == cards:* ]]; then  # another way to write a rank offered?
      rank=$(sed -n 's/.*"kind":"cards","rank":"\([^"]*\)".*/\1/p' <<<"$json")
      [[ -n $rank && " $offered " == *" cards:$rank "* ]] && want=yes
    fi
    [ "$taken" = "$want" ] || { echo "FAIL: $v --challenge $c: offered $want, taken by solve $taken"; fail=1; }
  done
done
# Every command's options are offered after "-".
for c in $("$pyramid" --help | awk '/^commands:/ { c = 1; next } c && /^  [a-z]/ { print $1 } c && !/^  / { c = 0 }'); do
  expect "$p $c --he" "--help"
done
if [ -n "$mpi" ]; then
  expect "'$mpi' st" "stats"
  expect "'$mpi' stats --sh" "--shard"
fi
exit $fail
