#!/usr/bin/env bash
# `pyramid play` on a real terminal (ctest label `tmux`): each scenario runs
# the game inside a private tmux server (100x40, TERM=xterm-256color,
# C.UTF-8), types keys with send-keys and reads the screen with
# capture-pane, polling until it shows what is expected (or a timeout).
#   win VARIANT SEED   the solver's shortest solution, typed as card names and
#                      d/r keys, ends on the win message; after q q the
#                      terminal is restored (normal screen, cursor, no mouse)
#   undo               undo (u, Ctrl+Z) and redo (Ctrl+Y) return to the same screens
#   hint               h names the move `pyramid solve --hint --moves ...` names
#   lost VARIANT FILE  a deal data/known/FILE says is lost shows the lost verdict
#   budget             a search budget too small says unknown (and the hint says why none)
#   small              a small terminal says how big it must be; resizing redraws;
#                      Ctrl+C quits and restores the terminal
#   mouse              a click selects a card, a second click pairs it
#   narrow             at 80 and 78 columns the keys line still ends with q q:quit;
#                      the help's long lines, the message and the verdict wrap
#                      instead of being cut; at 78 x 18 o's message takes the spare third line,
#                      and the help, taller than the screen, is shown a page at a time
#   pipe               a non-terminal stdin gets a clear error and exit status 2
#   dumb               TERM=dumb (no cursor addressing) gets a clear error and exit status 2
#   help               play --help calls a search past its limit what play shows: unknown
#   fair               --fair hides the exact verdict and hint; o shows the no-peek hint (the
#                      optimum's bracket at a deal's start, and the planner's move);
#                      on a hard game o counts the orders solved, the screen stays live, Esc stops it
#   optimum            o on msc 1 pass deal 2 with 7 cards not seen: the exact chance with best
#                      play without peeking (281/360) and odds --optimal's best move, framed
#   unknown            a deal with cards not seen (??): the odds line (solve's) in place of the
#                      verdict, h refusing with its reason, the drawn card typed in shrinking the
#                      cards not seen and changing the odds to solve's for the named deal, o the
#                      no-peek optimum of the ?? cards (solve --nopeek-optimum's), and no ?? card
#                      ever named
#   challenge          --challenge: h names the first move of the challenge's line (solve
#                      --challenge --format json), from the start and from a position off it
#   pointed            the game in hand with the waste's top and the stock's both not seen: a
#                      click on the waste's ?? makes play ask for that card, not the stock's
#   carry              a challenge carried over three deals ("12 Aces in 2 deals"): what is made
#                      so far and the chance from each position as solve --challenge gives it on
#                      the position's board; n starts the next deal with made so far and deals
#                      left updated (deal 1 ends without a clear: a deal used up; deal 2 clears:
#                      free); the screens into $SHOTS when set
# usage: play_tmux_test.sh PATH/TO/pyramid DATA_DIR SCENARIO [ARGS]  (exit 77, skipped, without tmux)
set -euo pipefail
pyramid=$1 data=$2 scenario=$3
shift 3
export LANG=C.UTF-8 LC_ALL=C.UTF-8

if [ "$scenario" = pipe ]; then
  set +e
  err=$(echo | "$pyramid" play --seed 1 2>&1 >/dev/null)
  status=$?
  set -e
  echo "$err"
  [ $status -eq 2 ] || { echo "FAIL: exit status $status, not 2"; exit 1; }
  grep -q "needs a terminal, but standard input is not one" <<<"$err" || { echo "FAIL: no clear error"; exit 1; }
  exit 0
fi

if [ "$scenario" = help ]; then
  out=$("$pyramid" play --help)
  echo "$out" | grep -i -e unknown -e intractable
  grep -q "'unknown'" <<<"$out" || { echo "FAIL: play --help does not say 'unknown'"; exit 1; }
  ! grep -qi intractable <<<"$out" || { echo "FAIL: play --help says intractable, play shows unknown"; exit 1; }
  exit 0
fi

if ! command -v tmux >/dev/null; then
  echo "tmux is not installed (scripts/setup --test installs it): skipped"
  exit 77
fi
sock="pyramid_play_test_$$"
T() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'T kill-server 2>/dev/null || true' EXIT

fail() {
  echo "FAIL: $*"
  echo "--- screen:"
  screen || true
  exit 1
}
# start ARGS...: pyramid play ARGS in a fresh 100x40 pane; when it ends the
# pane says "[exit N]" and stays. After a kill-session the server may still
# be exiting ("server exited unexpectedly"): then it tries again.
start() {
  local args try
  printf -v args ' %q' "$@"
  for try in 1 2 3 4 5 6 7 8 9 10; do
    T new-session -d -s play -x "${WIDTH:-100}" -y "${HEIGHT:-40}" \
      "env TERM=${PLAY_TERM:-xterm-256color} $(printf %q "$pyramid") play$args; echo \"[exit \$?]\"; sleep 600" && break
    [ $try -lt 10 ] || fail "tmux could not start a session"
    sleep 0.2
  done
  T set-option -t play remain-on-exit on >/dev/null
}
screen() { T capture-pane -p -t play; }
keys() { T send-keys -t play "$@"; }
typed() { T send-keys -t play -l "$1"; }
# wait_for TEXT [SECONDS]: until the screen shows TEXT.
wait_for() {
  local deadline=$((SECONDS + ${2:-30}))
  until screen | grep -qF -- "$1"; do
    [ $SECONDS -lt $deadline ] || fail "timed out waiting for: $1"
    sleep 0.05
  done
}
# joined: the screen's lines run together (a message that wraps is one line).
joined() { screen | tr '\n' ' ' | tr -s ' '; }
# wait_joined F|E TEXT SECONDS MESSAGE: until the joined screen holds TEXT
# (grep -F or -E), else the test fails with MESSAGE.
wait_joined() {
  local deadline=$((SECONDS + $3))
  until joined | grep -q"$1" -- "$2"; do
    [ $SECONDS -lt $deadline ] || fail "$4"
    sleep 0.05
  done
}
# settled: the screen once the verdict is in and two captures agree.
settled() {
  local deadline=$((SECONDS + 30)) a b
  a=$(screen)
  while :; do
    sleep 0.1
    b=$(screen)
    if [ "$a" = "$b" ] && grep -q "^ verdict: " <<<"$b" && ! grep -q "searching" <<<"$b"; then
      printf '%s\n' "$b"
      return
    fi
    [ $SECONDS -lt $deadline ] || fail "the screen did not settle"
    a=$b
  done
}
# The screen without the message line (the line after the counts), which
# says what the last key did.
board_of() { awk 'skip { skip = 0; next } /^ moves [0-9]+ / { skip = 1 } { print }'; }
# settled_board_not PREV: the settled board once it differs from PREV (the
# keys just sent have been handled: under load a capture can come first).
settled_board_not() {
  local deadline=$((SECONDS + 30)) b
  while :; do
    b=$(settled | board_of)
    [ "$b" != "$1" ] && { printf '%s\n' "$b"; return; }
    [ $SECONDS -lt $deadline ] || fail "the keys changed nothing on the screen"
    sleep 0.1
  done
}
# settles_to BOARD MESSAGE: the settled board becomes BOARD (keys still being
# handled may show a screen in between), or the test fails with MESSAGE.
settles_to() {
  local deadline=$((SECONDS + 30))
  until [ "$(settled | board_of)" = "$1" ]; do
    [ $SECONDS -lt $deadline ] || fail "$2"
    sleep 0.1
  done
}
# keys_of MOVE: what a player types for it (lowercase names; a Queen's q goes
# through the quit key's "q then a suit").
keys_of() {
  case $1 in
    draw) echo d ;;
    redeal) echo r ;;
    *) tr -d '+' <<<"$1" | tr '[:upper:]' '[:lower:]' ;;
  esac
}
solution() {  # VARIANT SEED: the shortest solution's moves, one a line
  "$pyramid" solve --variant "$1" --seed "$2" --optimal --format json |
    grep -o '"solution":\[[^]]*\]' | sed 's/"solution":\[//; s/\]$//' | tr -d '"' | tr ',' '\n'
}
# The terminal is as it was: the normal screen, the cursor shown, no mouse
# reporting, and the exit status 0.
check_restored() {
  wait_for "[exit 0]" 10
  [ "$(T display -p -t play '#{alternate_on}')" = 0 ] || fail "still on the alternate screen"
  [ "$(T display -p -t play '#{cursor_flag}')" = 1 ] || fail "the cursor is still hidden"
  [ "$(T display -p -t play '#{mouse_any_flag}')" = 0 ] || fail "mouse reporting is still on"
  [ "$(T display -p -t play '#{keypad_flag}')" = 0 ] || fail "the keypad is still in application mode"
}

case $scenario in
  dumb)
    # A terminal that cannot move the cursor: a clear error, exit status 2.
    PLAY_TERM=dumb start --seed 1
    wait_for "[exit 2]" 10
    screen | grep -qF "pyramid play: cannot drive this terminal (TERM=dumb: it cannot move the cursor)" ||
      fail "no clear error for TERM=dumb"
    ;;
  win)
    variant=$1 seed=$2
    mapfile -t moves < <(solution "$variant" "$seed")
    [ ${#moves[@]} -gt 0 ] || fail "solve found no solution for $variant $seed"
    start --variant "$variant" --seed "$seed"
    wait_for "verdict: winnable in ${#moves[@]} moves"
    for m in "${moves[@]}"; do typed "$(keys_of "$m")"; done
    wait_for "You won!"
    out=$(settled)
    grep -q "^ moves ${#moves[@]} " <<<"$out" || fail "not ${#moves[@]} moves"
    grep -q "verdict: won" <<<"$out" || fail "no won verdict"
    [ -z "${SHOTS:-}" ] || printf '%s\n' "$out" >"$SHOTS/play-win-$variant-$seed.txt"
    typed qq
    check_restored
    ;;
  undo)
    mapfile -t moves < <(solution msc 1)
    start --seed 1
    wait_for "verdict: winnable"
    declare -a shots
    shots[0]=$(settled | board_of)
    for i in 0 1 2 3 4 5; do
      typed "$(keys_of "${moves[$i]}")"
      shots[$((i + 1))]=$(settled_board_not "${shots[$i]}")
    done
    [ "${shots[6]}" != "${shots[0]}" ] || fail "the moves changed nothing"
    keys u C-z u
    settles_to "${shots[3]}" "three undos do not show the screen after three moves"
    keys C-y C-y
    settles_to "${shots[5]}" "two redos do not show the screen after five moves"
    keys s
    settles_to "${shots[0]}" "restart does not show the first screen"
    for i in 1 2 3 4 5 6; do keys C-y; done
    settles_to "${shots[6]}" "redo after restart does not replay every move"
    ;;
  hint)
    mapfile -t moves < <(solution msc 1)
    start --seed 1
    wait_for "verdict: winnable"
    # After a few moves, and again at the start of the next deal.
    played=""
    for i in 0 1 2 3; do
      typed "$(keys_of "${moves[$i]}")"
      played+="${moves[$i]} "
    done
    for round in 1 2; do
      keys h
      wait_for "shortest solution from here: " 30
      shown=$(screen | grep -o 'hint: [^ ]*' | head -1)
      if [ $round = 1 ]; then
        want=$("$pyramid" solve --seed 1 --moves "$played" --hint | grep '^hint: ')
      else
        want=$("$pyramid" solve --seed 2 --hint | grep '^hint: ')
      fi
      echo "play: '$shown'   solve: '$want'"
      [ -n "$shown" ] && [ "$shown" = "$want" ] || fail "the hint is not solve --hint's"
      grep -q "shortest solution from here: " <<<"$(screen)" || fail "no length with the hint"
      [ -z "${SHOTS:-}" ] || [ $round = 2 ] || settled >"$SHOTS/play-hint.txt"
      if [ $round = 1 ]; then
        keys n
        wait_for "   deal 2"
      fi
    done
    ;;
  lost)
    variant=$1 file=$2
    seed=$(grep -m1 ' lose # seed ' "$data/known/$file" | sed 's/.*# seed //')
    [ -n "$seed" ] || fail "no lost deal in $file"
    start --variant "$variant" --seed "$seed"
    case $variant in pyramid | cheops | pharaohs | giza | apophis) goal="every card" ;; triangle) goal="the triangle" ;; *) goal="the pyramid" ;; esac
    wait_for "verdict: lost: no way to clear $goal from here"
    ;;
  fair)
    # --fair hides the exact verdict and hint; o gives the no-peek hint.
    start --variant msc --passes 1 --seed 3 --fair
    wait_for "verdict: hidden (--fair"
    keys h
    wait_for "hint: hidden (--fair"
    keys o
    # At a deal's start (23 cards not seen) the optimum is a bracket within
    # play's 50,000 states: odds --optimal's bounds within as many, and the planner's move.
    wait_joined F "the planner's move (planner:32, not proved best): " 180 "no planner's move"
    bounds=$("$pyramid" odds --variant msc --passes 1 --seed 3 --optimal --optimal-states 50000 --optimal-max-unseen 32 --policy-orders 0 --samples 1 --format json |
      python3 -c 'import json,math,sys; o=json.load(sys.stdin)["optimal"]; print("%.1f%% and %.1f%%" % (math.floor(o["lower"]*1000)/10, math.ceil(o["upper"]*1000)/10))')
    # proven bounds are rounded outward (report/format.h bound_text): never more than was proved
    joined | grep -qF "your chance with best play without peeking: not computed within 50000 states (proven bounds: between $bounds); the planner's move (planner:32, not proved best): " ||
      fail "the bracket is not odds --optimal's ($bounds)"
    joined | grep -qF "; if you could see the stock: about " || fail "no share seeing the stock"
    screen | grep -q "winnable in [0-9]* moves" && fail "the exact verdict shows with --fair"
    [ -z "${SHOTS:-}" ] || screen >"$SHOTS/play-fair.txt"
    typed qq
    check_restored
    # On a hard game the no-peek hint takes a while (Tut's Tomb, every card
    # to clear, with overlap, deal 41: about 0.1 s an order natively, 200
    # orders): the message line counts the orders solved, the screen stays
    # live (? shows the help meanwhile), and Esc stops it.
    T kill-session -t play
    start --variant tuts-tomb --goal all --overlap --seed 41 --fair
    wait_for "verdict: hidden (--fair"
    keys o
    wait_for " of 200 orders solved" 30
    keys '?'
    wait_for "Press any key to go back to the game."
    keys Space
    # the count grows past 0 while the keys work
    deadline=$((SECONDS + 60))
    until screen | grep -qE 'no-peek hint: [1-9][0-9]* of 200 orders solved'; do
      [ $SECONDS -lt $deadline ] || fail "the count of orders solved did not grow"
      sleep 0.05
    done
    counting=$(screen | grep -oE 'no-peek hint: [0-9]+ of 200 orders solved')
    [ -z "${SHOTS:-}" ] || screen >"$SHOTS/play-fair-progress.txt"
    keys Escape
    wait_for "no-peek hint: stopped (" 10
    stopped=$(screen | grep -o 'no-peek hint: stopped ([0-9]* of 200 orders solved)')
    [ -n "$stopped" ] || fail "no count of the orders solved when stopped"
    echo "while it ran: '$counting'; then '$stopped'"
    typed qq
    check_restored
    ;;
  optimum)
    # msc 1 pass, deal 2, along its solution until 7 cards are not seen (20
    # moves): o gives the exact chance with best play without peeking,
    # odds --optimal's (bench/nopeek-optimal.md: 281/360), and its best move, framed.
    mapfile -t moves < <("$pyramid" solve --variant msc --passes 1 --seed 2 --format json |
      grep -o '"solution":\[[^]]*\]' | sed 's/"solution":\[//; s/\]$//' | tr -d '"' | tr ',' '\n')
    played="${moves[*]:0:20}"
    opt=$("$pyramid" odds --variant msc --passes 1 --seed 2 --moves "$played" --optimal --samples 1 --format json |
      python3 -c 'import json,sys; d=json.load(sys.stdin); o=d["optimal"]; print(d["hidden"], o["fraction"], o["best_move"])')
    read -r hidden fraction best <<<"$opt"
    [ "$hidden" = 7 ] && [ "$fraction" = 281/360 ] || fail "odds --optimal: $opt"
    start --variant msc --passes 1 --seed 2 --ascii
    wait_for "verdict: winnable"
    for m in "${moves[@]:0:20}"; do typed "$(keys_of "$m")"; done
    wait_for "moves 20 " 20
    keys o
    wait_joined F "your chance with best play without peeking: 281/360 (78.1%); if you could see the stock: about " 120 \
      "no exact chance 281/360"
    joined | grep -qF "; best move: $best" || fail "o's best move is not odds --optimal's ($best)"
    # the move is framed on the board as the hint (a draw frames the stock)
    if [ "$best" = draw ]; then
      screen | grep -qF "stock {" || fail "the stock is not framed as the hint"
    else
      for c in ${best//+/ }; do screen | grep -qF "{$c}" || fail "$c is not framed as the hint"; done
    fi
    [ -z "${SHOTS:-}" ] || screen >"$SHOTS/play-optimum.txt"
    typed qq
    check_restored
    ;;
  budget)
    start --seed 1 --max-states 10
    wait_for "verdict: unknown: search budget reached"
    keys h
    wait_for "hint: none, the search budget ran out"
    ;;
  small)
    WIDTH=60 HEIGHT=15 start --seed 1
    wait_for "The terminal is too small for pyramid play:"
    wait_for "it needs at least 78 columns and 18 lines"
    T resize-window -t play -x 100 -y 40
    wait_for "verdict: winnable"
    T resize-window -t play -x 70 -y 40
    wait_for "too small"
    T resize-window -t play -x 90 -y 30
    wait_for "verdict: winnable"
    keys C-c
    check_restored
    ;;
  narrow)
    WIDTH=80 start --seed 1
    wait_for "verdict: winnable"
    keybar() { screen | grep -v '^ *$' | tail -1; }
    for w in 80 78; do
      T resize-window -t play -x $w -y 40
      wait_for "verdict: winnable"
      bar=$(keybar)
      echo "$w columns: '$bar'"
      [[ $bar == " ?:help "*"q q:quit" ]] || fail "the keys line at $w columns is cut: '$bar'"
    done
    keys '?'
    wait_for "Press any key to go back to the game."
    wait_for "(it knows the stock's order)"
    screen | grep -q "^  h  *hint: the next move" || fail "the hint's help line is missing"
    keys Space
    wait_for "verdict: winnable"
    typed qq
    check_restored
    # The message and the verdict line take a second line rather than lose their ends.
    T kill-session -t play
    WIDTH=80 start --seed 1 --fair
    wait_for "verdict: hidden (--fair"
    joined | grep -qF "o: odds without peeking" || fail "the verdict line lost its end"
    keys o
    wait_for "your chance with best play without peeking: " 120
    wait_joined E "the planner's move \(planner:32, not proved best\): [^ ]+; if you could see the stock: about [0-9.]+%" 60 \
      "the message lost its end"
    [ -z "${SHOTS:-}" ] || screen >"$SHOTS/play-80-columns.txt"
    # At the smallest screen (78 x 18) with a one-line verdict and no
    # challenge, the line under the verdict is spare: o's message takes it
    # rather than lose its move.
    T kill-session -t play
    WIDTH=78 HEIGHT=18 start --seed 3
    wait_for "verdict: winnable"
    keys o
    wait_for "your chance with best play without peeking: " 120
    wait_joined E "the planner's move \(planner:32, not proved best\): [^ ]+; if you could see the stock: about [0-9.]+%" 60 \
      "the message lost its move at 78 x 18"
    # The help is taller than 18 lines: a page at a time, Space turning it,
    # down to the quit key and the way back; then a key goes back to the game.
    keys '?'
    wait_for "Space: the next page (1 of "
    screen | grep -q "^  q q" && fail "the first page of the help already shows the quit key"
    keys Space
    wait_for "q q (or q y)"
    until screen | grep -qF "Press any key to go back to the game. (page "; do
      screen | grep -qF "Space: the next page" || fail "the help's last page does not say how to go back"
      keys Space
      sleep 0.2
    done
    keys Space
    wait_for "verdict: winnable"
    ;;
  mouse)
    start --seed 1
    wait_for "verdict: winnable"
    # 10♠ and 3♣ both lie on the bottom row of deal 1: click each (SGR mouse
    # reports, as xterm sends them; coordinates are 1-based).
    click() {  # CARD: a press and a release on the card's name
      local row line prefix col
      row=$(screen | grep -n -- "$1" | head -1 | cut -d: -f1)
      line=$(screen | sed -n "${row}p")
      prefix=${line%%"$1"*}
      col=$((${#prefix} + 1))  # characters, in the UTF-8 locale
      typed $'\e'"[<0;${col};${row}M"
      typed $'\e'"[<0;${col};${row}m"
    }
    click "10♠"
    wait_for "10♠ selected"
    click "3♣"
    wait_for "moves 1 "
    ;;
  unknown)
    # Deal 1 of msc with its last stock cards not seen: the tableau and the
    # first stock cards named, ?? for the rest (compact form: 2 characters a card).
    full=$("$pyramid" deal --seed 1 --format compact)
    seen=34 n=18
    deal=${full:0:$((2 * seen))}$(printf '??%.0s' $(seq $n))
    # the odds of a deal and moves as solve gives them: "62.3% (58.1%-66.2%)  623/1000"
    odds_of() { "$pyramid" solve --deal "$1" --moves "$2" --ascii | sed -n 's/^winnable: \(.*\) orders$/\1/p'; }
    odds_shown() {  # ODDS WHAT: the screen's odds line becomes solve's
      wait_joined F "odds: winnable in $(tr -s ' ' <<<"$1")" 30 "no odds line '$1' ($2)"
    }
    # Along the full deal's shortest solution until a move shows a card not
    # seen (msc turns the stock's next card up): play asks for it.
    mapfile -t moves < <(solution msc 1)
    start --deal "$deal" --ascii --optimum-states 300
    wait_for "odds: " 10
    played="" i=0
    while :; do
      typed "$(keys_of "${moves[$i]}")"
      i=$((i + 1))
      wait_for "moves $i " 10
      screen | grep -qF "the next card is ...?" && break
      played+="${moves[$i - 1]} "
      [ $i -lt ${#moves[@]} ] || fail "no card not seen was shown"
    done
    last=${moves[$i - 1]}
    joined | grep -qF "odds: once the card is named; $n cards not seen" || fail "no odds line while the card is named"
    # The card not seen shows as ??, and no card not seen is named anywhere.
    shown=$(screen)
    grep -qF "??" <<<"$shown" || fail "no ?? on the board"
    for k in $(seq "$seen" 51); do
      c=${full:$((2 * k)):2}
      ! grep -qE "(^|[^A-Z0-9])$c([^A-Z0-9]|\$)" <<<"$shown" || fail "$c, a card not seen, is named on the screen"
    done
    # One move back: the odds line is solve's, h says why it is off, o is solve's best move without peeking.
    keys u
    wait_for "moves $((i - 1)) " 10
    odds_shown "$(odds_of "$deal" "$played")" "solve's after $played"
    joined | grep -qF "$n cards not seen" || fail "the cards not seen are not counted ($n)"
    joined | grep -q "verdict: winnable" && fail "an exact verdict shows with cards not seen"
    keys h
    wait_for "hint: off while cards are not seen" 10
    # o: the no-peek optimum of the ?? cards, as solve --nopeek-optimum gives it within play's budget.
    # (play --optimum-states 300 below: on msc's 3 passes each state costs far more than at 1 pass)
    said=$("$pyramid" solve --deal "$deal" --moves "$played" --ascii --nopeek-optimum --nopeek-optimum-states 300)
    chance=$(sed -n 's/^your chance with best play without peeking: \([^;]*\);.*/\1/p' <<<"$said")
    move=$(sed -n "s/^the planner's move (planner:32, not proved best): //p; s/^best move with best play without peeking: //p" <<<"$said")
    [ -n "$chance" ] || fail "solve --nopeek-optimum said no chance: $said"
    keys o
    wait_for "your chance with best play without peeking: " 120
    joined | grep -qF "your chance with best play without peeking: $chance;" || fail "o's chance is not solve's ($chance)"
    if [ -n "$move" ]; then
      wait_joined E "(best move|the planner's move \(planner:32, not proved best\)): ${move//+/\\+}(;| |\$)" 10 \
        "o's move is not solve's ($move)"
    fi
    echo "o: $chance, $move (solve --nopeek-optimum's)"
    # Redo the move and type the card shown: the cards not seen shrink, the odds are solve's for the deal named.
    keys C-y
    wait_for "the next card is ...?" 10
    next=$("$pyramid" solve --seed 1 --moves "$played$last" --ascii | sed -n 's/^stock ([0-9]*, next card first): \([^ ]*\).*/\1/p')
    [ -n "$next" ] || fail "no next card in solve's board"
    typed "$(keys_of "$next")"
    wait_for "the next card is $next" 10
    slot=$(($(grep -bo "$next" <<<"$full" | head -1 | cut -d: -f1) / 2))  # (a card's name never straddles two)
    named="${deal:0:$((2 * slot))}$next${deal:$((2 * slot + 2))}"
    odds_shown "$(odds_of "$named" "$played$last")" "solve's with $next named"
    joined | grep -qF "$((n - 1)) cards not seen" || fail "the cards not seen did not shrink to $((n - 1))"
    [ -z "${SHOTS:-}" ] || screen >"$SHOTS/play-unknown.txt"
    typed qq
    check_restored
    ;;
  challenge)
    # cards:A on deal 1: the line for the most Aces (solve --challenge's
    # first line), not the shortest clear.
    first_move() {  # solve ARGS... --format json: the first move of the challenge's first line
      "$pyramid" solve "$@" --format json |
        python3 -c 'import json,sys; print(json.load(sys.stdin)["challenge"]["lines"][0]["solution"][0])'
    }
    start --seed 1 --challenge cards:A --ascii
    wait_for "verdict: winnable" 10
    keys h
    want=$(first_move --seed 1 --challenge cards:A)
    shortest=$("$pyramid" solve --seed 1 --hint --ascii | sed -n 's/^hint: //p')
    echo "challenge line: $want; shortest solution: $shortest"
    # (on this deal they differ, so the hint shown tells them apart)
    [ "$want" != "$shortest" ] || fail "the challenge's first move is the shortest solution's: pick another deal"
    wait_for "hint: $want (line (cards:A): " 30
    # A move off the line (a draw when the line does not draw first): the line from there.
    if [ "$want" = draw ]; then off=$(keys_of "$shortest") moved=$shortest; else off=d moved=draw; fi
    typed "$off"
    wait_for "moves 1 " 10
    keys h
    board=$("$pyramid" solve --seed 1 --moves "$moved" --ascii)
    want=$(first_move --variant msc --deal-file - --challenge cards:A <<<"$board")
    wait_for "hint: $want (line (cards:A): " 30
    [ -z "${SHOTS:-}" ] || screen >"$SHOTS/play-challenge.txt"
    typed qq
    check_restored
    ;;
  pointed)
    # msc deal 1 after QH+AS TS+3C draw draw: the waste (4H AC) with its top not
    # seen, the stock not seen, the gone cards named.
    tmp=$(mktemp -d)
    trap 'T kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT
    board=$("$pyramid" solve --seed 1 --moves "QH+AS TS+3C draw draw" --ascii | sed -n '3,9p')
    printf '%s\nwaste: 4H ??\nstock: 22\ngone (4): QH AS TS 3C\n' "$board" >"$tmp/pointed.txt"
    start --deal-file "$tmp/pointed.txt" --ascii
    wait_for "the next card is ...?" 10
    # A click on the waste's ?? (SGR mouse reports, 1-based): its row, the column after "waste (2)".
    row=$(screen | grep -n "waste (2)" | head -1 | cut -d: -f1)
    line=$(screen | sed -n "${row}p")
    prefix=${line%%"waste (2)"*}
    rest=${line#*"waste (2)"}
    upto=${rest%%"??"*}
    col=$((${#prefix} + 9 + ${#upto} + 1))
    typed $'\e'"[<0;${col};${row}M"
    typed $'\e'"[<0;${col};${row}m"
    wait_for "the card at waste card 2 is ...?" 10
    typed ac
    wait_for "the card at waste card 2 is AC; the next card is ...?" 10
    [ -z "${SHOTS:-}" ] || screen >"$SHOTS/play-pointed.txt"
    ;;
  carry)
    # challenge ARGS...: solve --challenge cards:A --target 12 ARGS --format json's challenge, as Python reads it
    challenge() { "$pyramid" solve "$@" --challenge cards:A --target 12 --format json; }
    pick() {  # PYTHON-EXPRESSION on the challenge object c
      python3 -c 'import json,sys; c=json.load(sys.stdin)["challenge"]; print('"$1"')'
    }
    # chance_text: the challenge's chance as play shows it ("91.2% (90.2%-92.1%)"),
    # taken from solve's text answer on standard input ("chance of completing the
    # challenge: 91.2% (95% interval 90.2%-92.1%) playing line 1"): both come from
    # report/challenge.cpp's chance_text, so the percent rule is written once.
    chance_text() {
      local t
      t=$(sed -nE '/chance of completing the challenge: /{s/.*challenge: ([^ ]+%)( \(95% interval ([^)]*)\))?.*/\1 (\3)/;s/ \(\)$//;p;q;}')
      [ -n "$t" ] || fail "solve printed no chance of completing the challenge"
      printf '%s\n' "$t"
    }
    chance_of() { "$pyramid" solve "$@" --challenge cards:A --target 12 --format text | chance_text; }
    # The chance at a position: its board as solve prints it, read back as a deal that begins there.
    chance_at() {  # SEED MOVES CURRENT DEALS
      local board
      board=$("$pyramid" solve --seed "$1" --moves "$2" --ascii)
      chance_of --variant msc --deal-file - --current "$3" --deals-left "$4" <<<"$board"
    }
    shown() {  # TEXT: the screen shows it, its lines run together
      wait_joined F "$1" 60 "no '$1' on the screen"
    }
    type_line() { for m in "$@"; do typed "$(keys_of "$m")"; done; }
    start --seed 1 --challenge cards:A --target 12 --deals-left 2 --ascii
    # Deal 1: its line that does not clear the board.
    json=$(challenge --seed 1 --current 0 --deals-left 2)
    shown "challenge cards:A (target 12 Aces): 0 made in this deal; 2 deals left, this one included; chance $(chance_of --seed 1 --current 0 --deals-left 2) from here"
    mapfile -t line < <(pick '"\n".join(next(l for l in c["lines"] if not l["cleared"])["solution"])' <<<"$json")
    aces=$(pick 'next(l for l in c["lines"] if not l["cleared"])["cards"]' <<<"$json")
    type_line "${line[@]:0:6}"
    shown "moves 6 "
    shown "made in this deal; 2 deals left, this one included; chance $(chance_at 1 "${line[*]:0:6}" 0 2) from here"
    type_line "${line[@]:6}"
    shown "moves ${#line[@]} "
    shown "challenge cards:A (target 12 Aces): $aces made in this deal; 2 deals left, this one included; chance $(chance_at 1 "${line[*]}" 0 2) from here"
    [ -z "${SHOTS:-}" ] || screen >"$SHOTS/play-challenge-deal1.txt"
    # Deal 2 starts with the Aces made and one deal left; its clearing line keeps the deal.
    keys n
    shown "deal 2; challenge cards:A carried: $aces made so far, 1 deal left"
    json=$(challenge --seed 2 --current "$aces" --deals-left 1)
    shown "challenge cards:A (target 12 Aces): $aces made ($aces before this deal, 0 in it); 1 deal left, this one included; chance $(chance_of --seed 2 --current "$aces" --deals-left 1) from here"
    mapfile -t line < <(pick '"\n".join(next(l for l in c["lines"] if l["cleared"])["solution"])' <<<"$json")
    more=$(pick 'next(l for l in c["lines"] if l["cleared"])["cards"]' <<<"$json")
    type_line "${line[@]}"
    shown "You won!"
    shown "$((aces + more)) made ($aces before this deal, $more in it); 1 deal left, this one included (the board is cleared: this deal is free); chance $(chance_at 2 "${line[*]}" "$aces" 1) from here"
    [ -z "${SHOTS:-}" ] || screen >"$SHOTS/play-challenge-deal2.txt"
    # Deal 3: still one deal left.
    keys n
    aces=$((aces + more))
    shown "deal 3; challenge cards:A carried: $aces made so far, 1 deal left (the cleared board's deal was free)"
    json=$(challenge --seed 3 --current "$aces" --deals-left 1)
    mapfile -t line < <(pick '"\n".join(c["lines"][c["recommended"]]["solution"])' <<<"$json")
    shown "chance $(chance_of --seed 3 --current "$aces" --deals-left 1) from here"
    type_line "${line[@]:0:4}"
    shown "moves 4 "
    shown "1 deal left, this one included; chance $(chance_at 3 "${line[*]:0:4}" "$aces" 1) from here"
    [ -z "${SHOTS:-}" ] || screen >"$SHOTS/play-challenge-deal3.txt"
    screen
    typed qq
    check_restored
    ;;
  *)
    echo "unknown scenario $scenario"
    exit 2
    ;;
esac
echo "ok: $scenario $*"
