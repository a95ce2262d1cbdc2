#!/usr/bin/env bash
# The Debian package, as a user gets it: built by `cpack -G DEB` from this
# build (into a scratch folder), checked by lintian (no error, no warning;
# the informational tags accepted are listed in docs/install.md), unpacked
# with `dpkg -x`, and run from there: the unpacked pyramid solves deal 1 and
# names this build's version, pyramid-mpi answers --version, the man pages
# and completions are where Debian looks, Depends names the libraries, and
# the Python module (when packaged) imports and solves from the unpacked
# tree. Skipped (77) without dpkg-deb, dpkg-shlibdeps, lintian or cpack.
# usage: package_test.sh BUILD_DIR PYRAMID [PYTHON_MODULE: yes|no]
set -uo pipefail
build=$(realpath "$1") pyramid=$(realpath "$2") want_python=${3:-no}
for tool in dpkg-deb dpkg-shlibdeps lintian cpack; do
  command -v "$tool" >/dev/null || { echo "$tool not installed: skipped"; exit 77; }
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# 1. The package.
(cd "$build" && cpack -G DEB -B "$scratch/out" >"$scratch/cpack.log" 2>&1) || { cat "$scratch/cpack.log"; bad "cpack"; exit 1; }
version=$("$pyramid" --version | head -n 1 | cut -d' ' -f2)
deb="$scratch/out/pyramid-solver_${version}_amd64.deb"
[ -f "$deb" ] || { ls "$scratch/out"; bad "no $deb"; exit 1; }
echo "ok: $(basename "$deb"), $(stat -c %s "$deb") bytes"

# 2. lintian: no error, no warning (informational tags are printed, not failed).
lintian --display-info "$deb" >"$scratch/lintian.txt" 2>/dev/null
cat "$scratch/lintian.txt"
grep -E '^[EW]: ' "$scratch/lintian.txt" && bad "lintian reports errors or warnings (above)"
echo "ok: lintian: $(grep -c '^E: ' "$scratch/lintian.txt") errors, $(grep -c '^W: ' "$scratch/lintian.txt") warnings, $(grep -c '^I: ' "$scratch/lintian.txt") infos"

# 2b. Debian's hardening flags (fortify, stack protector, relro with now, PIE)
# in the programs and the Python module: no lintian hardening-* tag, and
# hardening-check (devscripts) when it is installed.
grep -E ' hardening-' "$scratch/lintian.txt" && bad "lintian reports missing hardening flags (above)"
if command -v hardening-check >/dev/null; then
  dpkg -x "$deb" "$scratch/hard" || bad "dpkg -x"
  for f in "$scratch"/hard/usr/bin/* "$scratch"/hard/usr/lib/python3/dist-packages/pyramid_solver/*.so; do
    [ -f "$f" ] || continue
    hardening-check --nocfprotection "$f" >"$scratch/hard.txt" 2>&1 || { cat "$scratch/hard.txt"; bad "hardening-check $(basename "$f")"; }
  done
  echo "ok: hardening-check: PIE, stack protector, fortify, relro, now"
else
  echo "hardening-check not installed (devscripts): only lintian's hardening tags checked"
fi

# 3. The control fields.
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
libs="libtbb12 libboost-program-options1.81.0 libncursesw6 libc6 libstdc++6"
[ -n "$(dpkg-deb -c "$deb" | grep ' ./usr/bin/pyramid-mpi$')" ] && libs+=" libopenmpi3"
names=" $(sed 's/([^)]*)//g; s/|/,/g; s/,/ /g' <<<"$depends" | tr -s ' ') "
for lib in $libs; do [[ $names == *" $lib "* ]] || bad "Depends lacks $lib"; done
[ "$(dpkg-deb -f "$deb" Package)" = pyramid-solver ] || bad "Package is not pyramid-solver"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || bad "Version is not $version"
# python3 only where the Python module needs it (Recommends): the programs install without it.
grep -q python3 <<<"$depends" && bad "Depends names python3 (the programs do not need it): $depends"
if [ "$want_python" = yes ]; then
  recommends=$(dpkg-deb -f "$deb" Recommends)
  echo "Recommends: $recommends"
  grep -q 'python3 (>= 3' <<<"$recommends" || bad "Recommends lacks the module's python3: $recommends"
fi
for f in Maintainer Section Description; do [ -n "$(dpkg-deb -f "$deb" $f)" ] || bad "no $f"; done

# 4. Unpacked, and run from there.
dpkg -x "$deb" "$scratch/root" || bad "dpkg -x"
root=$scratch/root
for f in usr/bin/pyramid usr/share/man/man1/pyramid.1.gz usr/share/man/man1/pyramid-stats.1.gz \
         usr/share/bash-completion/completions/pyramid usr/share/zsh/vendor-completions/_pyramid \
         usr/share/doc/pyramid-solver/copyright usr/share/doc/pyramid-solver/README.md \
         usr/share/doc/pyramid-solver/docs/README.md usr/share/pyramid-solver/msc-100.txt; do
  [ -e "$root/$f" ] || bad "the package lacks /$f"
done
out=$(env -i PATH=/usr/bin:/bin LC_ALL=C "$root/usr/bin/pyramid" solve --variant msc --seed 1 2>&1)
grep -q '^verdict: win$' <<<"$out" && grep -q '^solution: 44 moves$' <<<"$out" ||
  bad "the unpacked pyramid solve --variant msc --seed 1: $out"
echo "ok: unpacked pyramid solve --variant msc --seed 1: $(grep -E '^(verdict|solution):' <<<"$out" | tr '\n' ' ')"
[ "$("$root/usr/bin/pyramid" --version)" = "$("$pyramid" --version)" ] || bad "the unpacked --version differs from the build's"
if [ -x "$root/usr/bin/pyramid-mpi" ]; then
  "$root/usr/bin/pyramid-mpi" --version | grep -q "^pyramid-mpi $version$" || bad "the unpacked pyramid-mpi --version"
fi
# The deals file shipped works as --deals-file.
"$root/usr/bin/pyramid" stats --variant msc --deals-file "$root/usr/share/pyramid-solver/msc-100.txt" --max-states 1000 \
  --threads 1 -q --format json | grep -q '"deals":100' || bad "stats --deals-file /usr/share/pyramid-solver/msc-100.txt"
# The man page renders.
if command -v man >/dev/null; then
  MANWIDTH=80 man -l "$root/usr/share/man/man1/pyramid-stats.1.gz" 2>/dev/null | grep -q -- '--deals-file' ||
    bad "man -l pyramid-stats.1.gz"
fi

# 5. The Python module, from the unpacked tree.
pydir=$root/usr/lib/python3/dist-packages
if [ "$want_python" = yes ] && [ ! -d "$pydir/pyramid_solver" ]; then bad "the Python module is not packaged"; fi
if [ -d "$pydir/pyramid_solver" ]; then
  py=$(cd "$scratch" && env -i PATH=/usr/bin:/bin PYTHONPATH="$pydir" python3 -c '
import pyramid_solver, sys
assert pyramid_solver.__file__.startswith(sys.argv[1]), pyramid_solver.__file__
assert pyramid_solver.__version__ == sys.argv[2], (pyramid_solver.__version__, sys.argv[2])
r = pyramid_solver.solve(pyramid_solver.deal("msc", 1), variant="msc")
recs = list(pyramid_solver.study("msc", deals=20, threads=1, out=sys.argv[3]))
assert len(recs) == 20, len(recs)
try:
    import pandas
except ImportError:
    pandas = None
if pandas is not None:  # read_records needs python3-pandas (Recommends)
    assert len(pyramid_solver.read_records(sys.argv[3])) == 20
print(r.verdict, len(r.moves))' "$pydir" "$version" "$scratch/py.jsonl" 2>&1)
  [ "$py" = "win 44" ] || bad "the unpacked Python module: $py"
  echo "ok: unpacked Python module: __version__ $version, solve(deal('msc', 1)) -> $py, study of 20 deals, read_records"
fi
exit $fail
