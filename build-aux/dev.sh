#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# dev.sh — one entry point for a fresh Debian 12 machine (as root) or a developer's checkout:
#   dev.sh run    install what is missing, build, start the app
#   dev.sh test   install what is missing, build, run every test suite (unit, CLI, UI under xvfb)
#   dev.sh bench  install what is missing, build, run the benchmarks in bench/
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
build=${MG_BUILD_DIR:-build}

# Build and test dependencies, all from Debian 12.
packages=(
  meson ninja-build pkg-config gcc gettext
  libglib2.0-dev libglib2.0-bin libgtk-4-dev libadwaita-1-dev
  libjson-c-dev libsqlite3-dev libcairo2-dev libpango1.0-dev
  nettle-dev      # SHA-256 of the journal's chain (src/core/mg-chain.c)
  desktop-file-utils appstream-util
  xvfb xauth sqlite3 python3 fonts-dejavu-core
  poppler-utils   # pdftotext, pdftoppm: the export tests read the PDF and keep its first page as a PNG
  libxtst-dev     # the UI tests turn a mouse wheel through the X server (XTest) under Xvfb
  clang libclang-rt-14-dev
  libsoup-3.0-dev libqrencode-dev   # the table server (src/server/) and the seats' QR codes
  libgnutls28-dev glib-networking   # its HTTPS: a self-signed certificate made, and GIO's TLS
  chromium chromium-driver          # the table server's browser test (tests/server/test-table-browser.py)
  python3-pyatspi at-spi2-core dbus-daemon   # the AT-SPI tests (tests/ui/atspi-probe.py, issue 44)
)

# Only for `dev.sh bench`: the real peers of bench (a), and node and git for (d)'s peer,
# melee-sim-js (its source is exported from a git directory given in $MG_MELEE_SIM_JS_GIT);
# xdotool, and metacity with x11-utils (xprop): the action bench's keys and a desktop's window
# manager on its Xvfb (issue 43).
bench_packages=(gnome-calculator gnome-text-editor nodejs git xdotool metacity x11-utils)

install_missing() {
  local missing=()
  for p in "${packages[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "dev.sh: missing Debian packages: ${missing[*]} (run as root, or: sudo apt-get install ${missing[*]})" >&2
    exit 1
  fi
  echo "dev.sh: installing ${missing[*]}"
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

configure_and_build() {
  if [ -f "$build/build.ninja" ]; then
    meson setup --reconfigure "$build" >/dev/null
  else
    meson setup "$build"
  fi
  meson compile -C "$build"
}

# Builds only what the chosen tests need in a separate build dir, then runs them (the table
# server's own tests too; its load and browser tests measure time and stay in the plain build).
# sanitize_setup sets up the build dir and names the tests (asan_names) and what they need built
# (asan_targets); sanitize_tests builds those (nothing left to do when prebuild made them) and runs them.
asan_names=""
asan_targets=""
sanitize_setup() {
  local asan=${MG_ASAN_BUILD_DIR:-build-asan}
  [ -f "$asan/build.ninja" ] || CC=gcc meson setup "$asan" -Db_sanitize=address,undefined \
    -Db_lundef=false -Dbuildtype=debugoptimized >/dev/null
  local names targets
  # Every game's own suite (its id), from the games list of meson.build: no list of games here.
  local games
  games=$(python3 -c 'import re, sys
print(" ".join(re.findall(r"\x27(\w+)\x27", re.search(r"^games\s*=\s*\[([^\]]*)\]", open(sys.argv[1]).read(), re.M).group(1))))' "$here/meson.build")
  export MG_GAMES="$games"
  names=$(meson introspect "$asan" --tests | python3 -c '
import json, os, sys
keep = {"rules", "core", "contract", "cli", "fuzz"} | set(os.environ["MG_GAMES"].split())
for t in json.load(sys.stdin):
    if (keep & {s.split(":")[-1] for s in t["suite"]} and t["name"] != "test-crash") or t["name"] == "test-table-server":
        print(t["name"])')
  targets=$(meson introspect "$asan" --tests | python3 -c '
import json, os, sys
b = sys.argv[1]
keep = {"rules", "core", "contract", "cli", "fuzz"} | set(os.environ["MG_GAMES"].split())
out = {"src/cli/melee-gm-cli", "src/cli/melee-gm-cli-pdf"}
for t in json.load(sys.stdin):
    if (keep & {s.split(":")[-1] for s in t["suite"]} and t["name"] != "test-crash") or t["name"] == "test-table-server":
        out.add(os.path.relpath(t["cmd"][0], os.path.abspath(b)))
print(" ".join(sorted(out)))' "$asan")
  # The tests that read French (test-narrate) need the catalogue built in the tree.
  asan_targets="$targets melee-gm-gmo"
  asan_names=$names
}

sanitize_tests() {
  local asan=${MG_ASAN_BUILD_DIR:-build-asan}
  [ -n "$asan_targets" ] || sanitize_setup
  ninja -C "$asan" -j2 $asan_targets
  # test-damage's random variants: 4 a game here (16 in the plain build), its heaviest part.
  MG_DAMAGE_FLIPS=4 \
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
  LSAN_OPTIONS="suppressions=$here/build-aux/lsan.supp:print_suppressions=0" \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    meson test -C "$asan" --no-rebuild --print-errorlogs --num-processes 2 -t 4 $asan_names
}

# libFuzzer (clang) over every registered engine, from its sample and tests/fuzz/corpus (kept in
# the repo, only read here); the inputs that reach new paths land in the build folder's
# corpus-new/, not in the source tree. MG_FUZZ_SECONDS bounds each run.
fuzz_build() {
  local fz=${MG_FUZZ_BUILD_DIR:-build-fuzz}
  [ -f "$fz/build.ninja" ] || CC=clang meson setup "$fz" -Db_sanitize=address,undefined \
    -Db_lundef=false -Dc_args=-fsanitize=fuzzer-no-link -Dbuildtype=debugoptimized >/dev/null
  ninja -C "$fz" -j2 tests/fuzz/fuzz-engines-libfuzzer
}

fuzz_engines() {
  local fz=${MG_FUZZ_BUILD_DIR:-build-fuzz}
  fuzz_build
  mkdir -p "$fz/corpus-new"
  ASAN_OPTIONS=detect_leaks=1 \
  LSAN_OPTIONS="suppressions=$here/build-aux/lsan.supp:print_suppressions=0" \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  MG_SOURCE_ROOT="$here" \
    "$fz/tests/fuzz/fuzz-engines-libfuzzer" -max_total_time="${MG_FUZZ_SECONDS:-45}" \
      -max_len=4096 -print_final_stats=1 -dict=tests/fuzz/actions.dict "$fz/corpus-new" tests/fuzz/corpus
}

cmd=${1:-run}
case "$cmd" in
  run)
    install_missing
    configure_and_build
    export GSETTINGS_SCHEMA_DIR="$here/$build/data"
    export MELEE_GM_DATADIR="$here/data"
    # The translations built in the tree (po/), so a French desktop gets the app in French.
    export MG_LOCALEDIR="$here/$build/po"
    exec "$build/src/app/melee-gm" "${@:2}"
    ;;
  test)
    install_missing
    configure_and_build
    status=0
    # The sanitizer and fuzz builds are made meanwhile, at the lowest priority: the UI tests run
    # one at a time and leave a core idle (a clean-clone run: 31 min with them made after, over
    # CI's 30). Their output is in the log below; any error shows again when sanitize_tests and
    # fuzz_engines build what is left, in the foreground.
    sanitize_setup || true
    prebuild_log="$build/meson-logs/prebuild.log"
    prebuild=""
    if [ -n "$asan_targets" ]; then
      (renice -n 19 -p "$BASHPID" >/dev/null
       ninja -C "${MG_ASAN_BUILD_DIR:-build-asan}" -j2 $asan_targets && fuzz_build) > "$prebuild_log" 2>&1 &
      prebuild=$!
    fi
    meson test -C "$build" --print-errorlogs --num-processes 2 || status=$?
    if [ -n "$prebuild" ]; then
      wait "$prebuild" || echo "dev.sh: the sanitizer or fuzz build made alongside failed ($prebuild_log); built again below" >&2
    fi
    # The same unit, engine and CLI tests in an ASan+UBSan build with leak checking (the UI
    # tests stay in the plain build; test-crash kills processes and measures nothing more).
    asan_status=0
    sanitize_tests || asan_status=$?
    [ $asan_status -eq 0 ] || status=$asan_status
    # A bounded libFuzzer run of every engine from its sample (tests/fuzz/README.md).
    fuzz_status=0
    fuzz_engines || fuzz_status=$?
    [ $fuzz_status -eq 0 ] || status=$fuzz_status
    # One plain closing line that any CI reads, last: "N passed, N failed", over the plain
    # build, the sanitizer build (its runs counted apart) and the fuzz run (one test).
    python3 - "$build/meson-logs/testlog.json" "${MG_ASAN_BUILD_DIR:-build-asan}/meson-logs/testlog.json" \
      "$asan_status" "$fuzz_status" <<'PY'
import json, os, sys
passed = failed = skipped = 0
for log in sys.argv[1:3]:
    if not os.path.exists(log):
        failed += 1
        continue
    for line in open(log):
        r = json.loads(line).get("result")
        if r in ("OK", "EXPECTEDFAIL"): passed += 1
        elif r == "SKIP": skipped += 1
        else: failed += 1
if sys.argv[3] != "0" and os.path.exists(sys.argv[2]) and failed == 0:
    failed += 1   # the sanitizer build itself failed to build or run
if sys.argv[4] == "0": passed += 1
else: failed += 1
print(f"tests: {passed} passed, {failed} failed, {skipped} skipped")
PY
    exit $status
    ;;
  bench)
    install_missing "${bench_packages[@]}"
    configure_and_build
    exec python3 bench/run.py --build "$build" "${@:2}"
    ;;
  *)
    echo "usage: build-aux/dev.sh run|test|bench" >&2
    exit 2
    ;;
esac
