#!/bin/sh
# Builds mchung94/solitaire-player's Pyramid solvers from a checkout (its
# src/main/java/.../solvers/pyramid sources only, and its Pyramid.json; they
# need trove4j and Jackson: Debian's libtrove3-java, libjackson2-databind-java) with bench/challenge-java/ChallengeBench.java, and
# runs it on a deck file for the score and the Aces challenges, one thread.
#   bench/challenge-java.sh CHECKOUT [DECKS] [OUT_DIR]
# CHECKOUT: a work tree of the public repository (git clone, or
# `git -C MIRROR worktree add DIR`); DECKS: default data/msc-100.txt.
set -eu
src=$1
decks=${2:-data/msc-100.txt}
out=${3:-build/challenge-java}
jar=/usr/share/java/trove4j.jar:/usr/share/java/jackson-databind.jar:/usr/share/java/jackson-core.jar:/usr/share/java/jackson-annotations.jar
for j in $(echo "$jar" | tr : ' '); do
  [ -f "$j" ] || { echo "needs $j (apt-get install libtrove3-java libjackson2-databind-java)" >&2; exit 1; }
done
mkdir -p "$out/classes"
javac -nowarn -d "$out/classes" -cp "$jar" \
  "$src"/src/main/java/com/secondthorn/solitaireplayer/solvers/pyramid/*.java \
  "$(dirname "$0")/challenge-java/ChallengeBench.java"
# Its own JVM settings (build.gradle's applicationDefaultJvmArgs), on one processor.
run() { java -Xmx8G -XX:+UseG1GC -XX:MaxGCPauseMillis=5000 -XX:ActiveProcessorCount=1 -cp "$out/classes:$jar:$src/src/main/resources" ChallengeBench "$@"; }
# WHICH: score, aces (the maxima), or any question ChallengeBench takes
# (score:1000, cards:A:4, board: the fewest steps to a goal), each to
# OUT_DIR/<question>.txt (colons as dashes).
which=${WHICH:-score aces}
for w in $which; do
  case $w in
    score) run score "$decks" > "$out/score.txt" ;;
    aces) run cards:A "$decks" > "$out/aces.txt" ;;
    *) run "$w" "$decks" > "$out/$(echo "$w" | tr : -).txt" ;;
  esac
done
for w in $which; do
  case $w in score|aces) f=$w ;; *) f=$(echo "$w" | tr : -) ;; esac
  tail -n 1 "$out/$f.txt"
done
