#!/usr/bin/env bash
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
  desktop-file-utils appstream-util
  xvfb xauth sqlite3 python3 fonts-dejavu-core
)

# Only for `dev.sh bench`: the real peers of bench (a) and the PDF tools.
bench_packages=(gnome-calculator gnome-text-editor poppler-utils)

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

cmd=${1:-run}
case "$cmd" in
  run)
    install_missing
    configure_and_build
    export GSETTINGS_SCHEMA_DIR="$here/$build/data"
    export MELEE_GM_DATADIR="$here/data"
    exec "$build/src/app/melee-gm" "${@:2}"
    ;;
  test)
    install_missing
    configure_and_build
    status=0
    meson test -C "$build" --print-errorlogs --num-processes 2 || status=$?
    # One plain closing line that any CI reads: "N passed, N failed".
    python3 - "$build/meson-logs/testlog.json" <<'PY'
import json, sys
passed = failed = skipped = 0
for line in open(sys.argv[1]):
    r = json.loads(line).get("result")
    if r in ("OK", "EXPECTEDFAIL"): passed += 1
    elif r == "SKIP": skipped += 1
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
