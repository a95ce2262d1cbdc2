#!/usr/bin/env bash
# The zsh completion (build/completions/_pyramid, written from
# completions/_pyramid.in and the rule schema): its syntax (zsh -n), and its
# logic with zsh's completion builtins replaced by stubs that print what
# would be offered (compadd filtered by PREFIX, _describe, _files,
# _sequence): commands, options per command, --format values, variant names,
# files, every rule override's values (the schema's, as the generator lists
# them). Skipped (77) without zsh.
# usage: zsh_completion_test.sh COMPLETION GENERATOR PYRAMID
set -uo pipefail
command -v zsh >/dev/null || { echo "zsh not installed: skipped"; exit 77; }
completion=$(realpath "$1") generator=$(realpath "$2") pyramid=$(realpath "$3")
rules=$("$generator" values) || { echo "FAIL: $generator values"; exit 1; }
zsh -n "$completion" || { echo "FAIL: zsh -n $completion"; exit 1; }
fail=0
expect() {  # "WORDS" "EXPECTED" (the last word is the one being completed)
  local got want
  got=$(zsh -f -c '
    compadd() {
      local -a out; local arrays=0
      while (( $# )); do
        case $1 in
          -a) arrays=1 ;;
          --) shift; out+=("$@"); break ;;
          -*) ;;
          *) if (( arrays )); then out+=(${(P)1}); else out+=("$1"); fi ;;
        esac
        shift
      done
      print -l -- ${(M)out:#${PREFIX}*}
    }
    _describe() { local -a c; c=(${(P)4}); compadd -- ${c%%:*}; }
    _files() { print -l -- ${PREFIX}*(N); }
    _sequence() { "$@"; }
    words=(${(z)1}); words=("${(@Q)words}"); CURRENT=${#words}; PREFIX=${words[CURRENT]}
    source "$0"' "$completion" "$1" | sort | tr '\n' ' ')
  want=$(tr ' ' '\n' <<<"$2" | grep -v '^$' | sort | tr '\n' ' ')
  if [ "$got" = "$want" ]; then echo "ok: [$1] -> $got"; else echo "FAIL: [$1]: got '$got', want '$want'"; fail=1; fi
}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" && touch study-a.jsonl study-b.jsonl
p="'$pyramid'"
expect "$p sol" "solve"
expect "$p s" "solve stats"
expect "$p --v" "--version"
expect "$p stats --dea" "--deals --deals-file"
expect "$p solve --variant gi" "giza"
expect "$p solve --variant ''" "$("$pyramid" variants | awk '{ print $1 }' | tr '\n' ' ')"
expect "$p deal --format ''" "text compact json svg"
expect "$p stats --list ''" "win lose intractable"
expect "$p stats --out study-" "study-a.jsonl study-b.jsonl"
expect "$p merge st" "study-a.jsonl study-b.jsonl"
expect "$p solve --seed ''" ""
expect "$p solve --seed 3 --opt" "--optimal"
expect "$p variants tu" "tuts-tomb"
# Every rule override of the schema: its values; one that stands alone
# (--overlap) takes no value outside stats (then the command's options follow).
[ "$(wc -l <<<"$rules")" -ge 5 ] || { echo "FAIL: the schema's rules: $rules"; fail=1; }
while read -r key implicit values; do
  expect "$p stats --$key ''" "$values"
  [ "$implicit" = - ] && expect "$p solve --$key ''" "$values"
done <<<"$rules"
# --challenge's values (the generator's list, from solver/challenge.h), for
# every command that takes --challenge.
challenges=$("$generator" challenge) || { echo "FAIL: $generator challenge"; exit 1; }
[ "$(wc -w <<<"$challenges")" -ge 15 ] || { echo "FAIL: --challenge's values: $challenges"; fail=1; }
for c in solve stats play; do expect "$p $c --challenge ''" "$challenges"; done
expect "$p solve --challenge cards:" "$(tr ' ' '\n' <<<"$challenges" | grep '^cards:' | tr '\n' ' ')"
# The ranks follow the deck of the --variant named (tests/completion_test.sh
# checks that solve takes exactly the values offered).
for names in spanish msc,spanish giza; do
  expect "$p stats --variant $names --challenge ''" "$("$generator" challenge $names)"
done
expect "$p solve --variant spanish --challenge cards:1" "cards:1 cards:10 cards:11 cards:12"
exit $fail
