#!/usr/bin/env bash
# IsoStar developer entry point: installs what is missing, builds, and runs the game or the tests.
#
#   bash tools/dev.sh run [MAP]   install missing Debian packages, build, start the game
#   bash tools/dev.sh test        install missing Debian packages, build, run every test
#   bash tools/dev.sh sanitize    the same tests in a Debug clang build with
#                                 -fsanitize=address,undefined (LeakSanitizer on, tools/lsan.supp
#                                 names the GL driver's leaks only), then every libFuzzer target
#                                 for FUZZ_SECONDS each (default 4, tests/fuzz/run.sh) beside the
#                                 soak run (tools/soak/soak.sh, about a minute)
#   bash tools/dev.sh fuzz        in that same sanitizer tree, only the fuzzers and the game: the
#                                 fuzzers beside the soak run (CI's second stage, after `test`)
#
# Build trees: build/ (Release) and build-asan/ (sanitizers and fuzzers: one clang build whose
# objects carry -fsanitize=fuzzer-no-link,address,undefined). Programs land in build/bin/.
# docs/TESTING.md describes the modes, the build trees, CI and the other checks.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

# Every package the project needs, from Debian 12's archive.
packages=(
  cmake g++ make pkg-config
  libsfml-dev libgl-dev libimgui-dev fonts-dejavu-core
  catch2 libpugixml-dev zlib1g-dev libzstd-dev libtomlplusplus-dev nlohmann-json3-dev libcli11-dev
  libbenchmark-dev libboost-graph-dev
  xvfb xauth tiled python3
  dpkg-dev desktop-file-utils
  clang libclang-rt-14-dev llvm
)

install_missing() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "dev.sh: installing missing packages: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

jobs=$(nproc 2>/dev/null || echo 2)

build() { # build DIR [--target "T..."] CMAKE_ARGS...   (all targets unless --target is given)
  local dir=$1; shift
  local target=()
  if [ "${1:-}" = "--target" ]; then read -r -a target <<< "$2"; target=(--target "${target[@]}"); shift 2; fi
  cmake -S . -B "$dir" "$@" >/dev/null
  cmake --build "$dir" -j "$jobs" "${target[@]}"
}

sanitizer_tree() { # sanitizer_tree [--target "T..."] : configure and build build-asan
  # One clang tree for the sanitized tests, the fuzzers and the soak run (a tree configured
  # with another compiler starts over: CMake cannot switch compilers in place).
  if [ -f build-asan/CMakeCache.txt ] && ! grep -q '^CMAKE_CXX_COMPILER:.*clang++' build-asan/CMakeCache.txt; then
    rm -rf build-asan
  fi
  # Line tables are all a sanitizer report needs (file:line in every frame); full debug info
  # would make every compile and link of this tree slower.
  build build-asan "$@" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ -DISOSTAR_FUZZ=ON \
    -DISOSTAR_BUILD_BENCH=OFF "-DCMAKE_CXX_FLAGS_DEBUG=-O0 -gline-tables-only"
  # LeakSanitizer stays on for every program, the game included; only the GL driver's known
  # leaks are suppressed.
  export LSAN_OPTIONS="suppressions=$root/tools/lsan.supp"
  # clang's -O0 ASan frames are large: libstdc++'s recursive std::regex (MapWriterTest on the
  # valley's text) overflows the default 8 MiB stack there. 64 MiB for this stage.
  ulimit -s 65536 2>/dev/null || true
}

run_tests() { # run_tests DIR
  # Tests that open a window need a display: give them a virtual one when there is none. The
  # parallel tests share it, so it must not reset: an X server resets each time its last client
  # leaves and refuses the clients that connect meanwhile, and SFML 2.5 aborts the whole process
  # when it cannot connect (a game or GL test that fails at random under ctest -j).
  local wrap=()
  [ -n "${DISPLAY:-}" ] || wrap=(xvfb-run -a -s "-screen 0 1280x1024x24 -noreset")
  "${wrap[@]}" ctest --test-dir "$1" --output-on-failure -j "$jobs"
}

fuzz_and_soak() { # every fuzzer, one at a time, beside the soak run, in the sanitizer tree
  # The fuzzers are time-bound (FUZZ_SECONDS each) and the soak run is one game process: side by
  # side they share the two cores instead of taking turns. The fuzzers' report follows the soak's.
  local log
  log=$(mktemp "${TMPDIR:-/tmp}/isostar-fuzz.XXXXXX")
  FUZZ_JOBS=${FUZZ_JOBS:-1} bash tests/fuzz/run.sh build-asan "${FUZZ_SECONDS:-4}" > "$log" 2>&1 &
  local fuzzPid=$! soakRc=0 fuzzRc=0
  bash tools/soak/soak.sh build-asan || soakRc=$?
  wait "$fuzzPid" || fuzzRc=$?
  cat "$log"
  rm -f "$log"
  [ "$soakRc" -eq 0 ] || echo "dev.sh: the soak run failed (exit $soakRc)" >&2
  [ "$fuzzRc" -eq 0 ] || echo "dev.sh: a fuzzer failed (exit $fuzzRc; inputs in build-asan/fuzz/artifacts/)" >&2
  [ "$soakRc" -eq 0 ] && [ "$fuzzRc" -eq 0 ]
}

cmd=${1:-}
case "$cmd" in
  run)
    install_missing
    build build --target isostar -DCMAKE_BUILD_TYPE=Release   # the game only: tests are `test`'s job
    map=${2:-maps/valley.tmx}
    if [ -n "${DISPLAY:-}" ]; then
      exec build/bin/isostar --map "$map"
    else
      # No display: play the scripted tour on a virtual one and keep its screenshots.
      mkdir -p build/screenshots
      echo "dev.sh: no display; running the scripted tour under Xvfb (screenshots in build/screenshots/)"
      exec xvfb-run -a -s "-screen 0 1280x1024x24" build/bin/isostar --map "$map" --script maps/tour.script
    fi
    ;;
  test)
    install_missing
    build build -DCMAKE_BUILD_TYPE=Release
    run_tests build
    ;;
  sanitize)
    install_missing
    sanitizer_tree
    UBSAN_OPTIONS=print_stacktrace=1 run_tests build-asan
    fuzz_and_soak
    ;;
  fuzz)
    install_missing
    sanitizer_tree --target "isostar_fuzzers isostar isostar_keep_dl"
    fuzz_and_soak
    ;;
  *)
    echo "usage: bash tools/dev.sh run [MAP] | test | sanitize | fuzz" >&2
    exit 2
    ;;
esac
