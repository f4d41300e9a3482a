#!/usr/bin/env bash
# The install and the package, checked from the outside (tests/install/CMakeLists.txt registers
# each step as a CTest test; exit 77 = skipped):
#
#   install_test.sh install  BUILD PREFIX        cmake --install BUILD --prefix PREFIX (a fresh PREFIX)
#       the headers under include/isostar/engine/ and including one another only under that
#       prefix, the docs and the example project under share/doc/isostar/
#   install_test.sh consumer CONSUMER_SRC PREFIX WORK RENDER
#       builds tests/install/consumer against find_package(IsoStar) from PREFIX with the
#       consumer flags (-Wall -Wextra -Werror; RENDER=ON: its IsoStar::render program too): the
#       engine linked into a shared library, beside the consumer's own engine/ folder; runs it on
#       an installed map: its path cost must be the installed isopath's for the same query
#   install_test.sh headers PREFIX [EXAMPLES]
#       every installed header outside render/ (which needs SFML's) compiles on its own, as the
#       first include of a consumer's file, with the consumer flags; EXAMPLES: the folder of the
#       headers' usage examples that extract_examples.py wrote (one .cpp per \code block), each
#       compiled against the install (its includes as a consumer writes them, <isostar/...>)
#       with the consumer flags
#   install_test.sh component PREFIX WORK
#       find_package(IsoStar COMPONENTS path pth) fails naming `pth`; IsoStar_DATA_DIR is the
#       installed data folder
#   install_test.sh example PREFIX WORK
#       builds PREFIX/share/doc/isostar/examples against the install with the consumer flags,
#       runs it and checks each step's line (its path cost is the installed isopath's); every
#       C++ block of the installed docs/ENGINE.md is a part of its main.cpp
#   install_test.sh programs PREFIX WORK
#       from a folder that is not the project: isopath on a relative map path; the game with no
#       --map plays PREFIX/share/isostar/maps/valley.tmx and draws the installed sprites (needs a
#       display, else skipped)
#   install_test.sh deb BUILD WORK
#       cpack -G DEB into WORK: the listing holds the programs, the maps, the desktop entry, the
#       icon and the copyright file (the project's LICENSE); the control fields name the
#       dependencies dpkg-shlibdeps found and project()'s version
set -euo pipefail

fail() { echo "install_test: FAILED: $*" >&2; exit 1; }

fresh_dir() { rm -rf "$1" && mkdir -p "$1"; }

# What a consumer of the package builds with: every warning the documented examples must not give.
consumer_flags="-Wall -Wextra -Werror"

# configure_build SRC BUILDDIR PREFIX [ARGS...] : configures and builds a project against the package.
configure_build() {
  local src=$1 build=$2 prefix=$3
  shift 3
  cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_CXX_FLAGS="$consumer_flags" "$@" > "$build.configure.log" 2>&1 \
    || { cat "$build.configure.log"; fail "$src does not configure"; }
  cmake --build "$build" -j 2 > "$build.build.log" 2>&1 || { cat "$build.build.log"; fail "$src does not build"; }
}

cmd_install() {
  local build=$1 prefix=$2
  fresh_dir "$prefix"
  cmake --install "$build" --prefix "$prefix" > "$prefix.log" || { cat "$prefix.log"; fail "cmake --install"; }
  for f in bin/isopath share/isostar/maps/valley.tmx share/isostar/maps/terrain.toml \
           share/isostar/assets/tiles/ground.tsx include/isostar/engine/path/GridPathfinder.hpp \
           include/isostar/engine/path/PathService.hpp share/doc/isostar/README.md \
           share/doc/isostar/docs/ENGINE.md share/doc/isostar/docs/INSTALL.md \
           share/doc/isostar/examples/CMakeLists.txt share/doc/isostar/examples/main.cpp \
           share/doc/isostar/copyright; do
    [ -e "$prefix/$f" ] || fail "the install has no $f"
  done
  [ ! -e "$prefix/include/engine" ] || fail "the install has headers outside include/isostar/"
  local unprefixed
  unprefixed=$(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"engine/' "$prefix/include" || true)
  [ -z "$unprefixed" ] || fail "installed headers include the engine without the isostar/ prefix: $unprefixed"
  [ -n "$(find "$prefix" -name IsoStarConfig.cmake)" ] || fail "the install has no IsoStarConfig.cmake"
  echo "installed into $prefix: $(find "$prefix" -type f | wc -l) files"
}

cmd_consumer() {
  local src=$1 prefix=$2 work=$3 render=$4
  fresh_dir "$work"
  configure_build "$src" "$work/build" "$prefix" -DCONSUMER_RENDER="$render"
  [ -n "$(find "$work/build" -maxdepth 1 -name 'libpathcost.so*')" ] || fail "the consumer built no shared library"
  # ldd's whole output first: `ldd | grep -q` under pipefail fails when grep stops reading early
  local deps
  deps=$(ldd "$work/build/findpath")
  grep -q libpathcost <<< "$deps" || fail "findpath does not load libpathcost.so"
  local map=$prefix/share/isostar/maps/seed/road.tmx
  local got want
  got=$(cd "$work" && build/findpath "$map" 4,12 4,1) || fail "findpath: $got"
  want=$(cd "$work" && "$prefix/bin/isopath" path "$map" --from 4,12 --to 4,1) || fail "isopath path: $want"
  echo "$got"
  grep -q '^status:   found$' <<< "$got" || fail "findpath found no path"
  [ "$(grep '^cost:' <<< "$got")" = "$(grep '^cost:' <<< "$want")" ] || fail "findpath and isopath disagree: $got / $want"
  if [ "$render" = ON ]; then
    got=$("$work/build/meshcount" "$prefix/share/isostar/maps/valley.tmx") || fail "meshcount: $got"
    echo "meshcount: $got"
  fi
}

cmd_programs() {
  local prefix=$1 work=$2
  fresh_dir "$work"
  for f in bin/isostar share/isostar/assets/party/knight.json share/applications/isostar.desktop \
           share/icons/hicolor/256x256/apps/isostar.png; do
    [ -e "$prefix/$f" ] || fail "the install has no $f"
  done
  local map out
  map=$(realpath --relative-to="$work" "$prefix/share/isostar/maps/seed/road.tmx")
  out=$(cd "$work" && "$prefix/bin/isopath" path "$map") || fail "isopath path $map: $out"
  grep -q '^cost:' <<< "$out" || fail "isopath printed no cost: $out"
  echo "isopath path $map (from $work): $(grep '^cost:' <<< "$out")"
  # The game keeps its settings here, not in the user's ~/.config.
  export XDG_CONFIG_HOME=$work/config
  if [ -z "${DISPLAY:-}" ]; then
    echo "install_test: no DISPLAY: the game run is skipped (run under xvfb-run)"
    exit 77
  fi
  printf 'screenshot %s\ndump %s\nquit\n' "$work/art.png" "$work/dump.json" > "$work/game.script"
  (cd "$work" && "$prefix/bin/isostar" --script game.script) > "$work/game.log" 2>&1 || { cat "$work/game.log"; fail "isostar"; }
  local played
  played=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["map"])' "$work/dump.json")
  [ "$played" = "$(realpath "$prefix")/share/isostar/maps/valley.tmx" ] \
    || fail "the game played $played, not the installed valley"
  # Without its art the party is not drawn: the same frame must differ.
  printf 'screenshot %s\nquit\n' "$work/no-art.png" > "$work/no-art.script"
  (cd "$work" && ISOSTAR_ASSETS="$work/none" "$prefix/bin/isostar" --script no-art.script) > "$work/no-art.log" 2>&1 \
    || { cat "$work/no-art.log"; fail "isostar without art"; }
  ! cmp -s "$work/art.png" "$work/no-art.png" || fail "the installed game drew no sprites (its assets were not found)"
  echo "isostar (from $work, no --map): played $prefix/share/isostar/maps/valley.tmx with the installed art"
}

cmd_deb() {
  local build=$1 work=$2
  fresh_dir "$work"
  (cd "$build" && cpack -G DEB -B "$work") > "$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; fail "cpack -G DEB"; }
  local deb
  deb=$(ls "$work"/*.deb) || fail "cpack wrote no .deb"
  dpkg-deb -c "$deb" | awk '{print $6}' > "$work/listing.txt"
  for f in ./usr/bin/isostar ./usr/bin/isopath ./usr/share/isostar/maps/valley.tmx \
           ./usr/share/isostar/assets/party/knight.png ./usr/share/applications/isostar.desktop \
           ./usr/share/icons/hicolor/256x256/apps/isostar.png ./usr/share/doc/isostar/copyright; do
    grep -qxF "$f" "$work/listing.txt" || fail "the package has no $f"
  done
  # The copyright file is the project's LICENSE; the package's version is project()'s.
  local source version
  source=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt")
  version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
  dpkg-deb -x "$deb" "$work/root"
  cmp -s "$work/root/usr/share/doc/isostar/copyright" "$source/LICENSE" \
    || fail "the package's copyright file is not $source/LICENSE"
  ! grep -q '^./usr/include\|^./usr/lib' "$work/listing.txt" || fail "the package holds the engine's development files"
  dpkg-deb -I "$deb" > "$work/info.txt"
  grep -qx " Version: $version" "$work/info.txt" || fail "the package's version is not $version: $(grep Version "$work/info.txt")"
  grep -q '^ Depends:.*libsfml-graphics.*fonts-dejavu-core\|^ Depends:.*fonts-dejavu-core.*libsfml-graphics' "$work/info.txt" \
    || fail "the dependencies lack SFML or the font: $(grep Depends "$work/info.txt")"
  # The sounds and the library that plays them.
  grep -qxF ./usr/share/isostar/assets/sounds/step_grass.wav "$work/listing.txt" || fail "the package has no sounds"
  grep -q '^ Depends:.*libsfml-audio' "$work/info.txt" || fail "the dependencies lack SFML's audio: $(grep Depends "$work/info.txt")"
  if command -v desktop-file-validate > /dev/null; then
    desktop-file-validate "$work/root/usr/share/applications/isostar.desktop" || fail "desktop-file-validate"
  fi
  echo "$(basename "$deb"): $(du -k "$deb" | cut -f1) KiB, $(grep -c . "$work/listing.txt") entries"
  grep '^ Depends:' "$work/info.txt"
}

cmd_headers() {
  local prefix=$1
  local headers
  headers=$(cd "$prefix/include" && find isostar -name '*.hpp' ! -path 'isostar/engine/render/*' | sort)
  [ -n "$headers" ] || fail "no headers under $prefix/include/isostar"
  # shellcheck disable=SC2086 # the flags are words
  (cd "$prefix/include" && xargs -P 2 -I{} sh -c \
    'echo "#include <{}>" | g++ -std=c++20 -fsyntax-only '"$consumer_flags"' -isystem . -x c++ - 2>&1 || { echo "^ {}"; exit 255; }' \
    <<< "$headers") || fail "an installed header does not compile on its own"
  echo "$(wc -l <<< "$headers") installed headers compile on their own ($consumer_flags)"
  local examples=${2:-}
  [ -n "$examples" ] || return 0
  local files
  files=$(find "$examples" -name '*.cpp' ! -name 'engine_render_*' | sort)
  [ -n "$files" ] || fail "no usage examples in $examples"
  # shellcheck disable=SC2086 # the flags are words
  xargs -P 2 -I{} sh -c \
    'sed -E "s|^#include \"(engine/[^\"]+)\"|#include <isostar/\1>|" "{}" |
       g++ -std=c++20 -fsyntax-only '"$consumer_flags"' -isystem "'"$prefix/include"'" -x c++ - 2>&1 || { echo "^ {}"; exit 255; }' \
    <<< "$files" || fail "a header's usage example does not compile against the install"
  echo "$(wc -l <<< "$files") usage examples of the headers compile against the install ($consumer_flags)"
}

cmd_component() {
  local prefix=$1 work=$2
  fresh_dir "$work"
  mkdir -p "$work/bad" "$work/good"
  printf 'cmake_minimum_required(VERSION 3.25)\nproject(Bad LANGUAGES CXX)\nfind_package(IsoStar REQUIRED COMPONENTS path pth)\n' \
    > "$work/bad/CMakeLists.txt"
  local out
  if out=$(cmake -S "$work/bad" -B "$work/bad/build" -DCMAKE_PREFIX_PATH="$prefix" 2>&1); then
    fail "find_package(IsoStar COMPONENTS path pth) succeeded"
  fi
  grep -q 'IsoStar has no component pth' <<< "$out" || fail "the error does not name the component: $out"
  echo "COMPONENTS path pth: $(tr -s ' \n' ' ' <<< "$out" | grep -o 'IsoStar has no component pth[^)]*)')"
  printf 'cmake_minimum_required(VERSION 3.25)\nproject(Good LANGUAGES CXX)\nfind_package(IsoStar REQUIRED COMPONENTS path)\nmessage(STATUS "data: ${IsoStar_DATA_DIR}")\n' \
    > "$work/good/CMakeLists.txt"
  out=$(cmake -S "$work/good" -B "$work/good/build" -DCMAKE_PREFIX_PATH="$prefix" 2>&1) || { echo "$out"; fail "find_package(IsoStar COMPONENTS path)"; }
  local data
  data=$(sed -n 's/^-- data: //p' <<< "$out")
  [ "$(realpath "$data")" = "$(realpath "$prefix/share/isostar")" ] || fail "IsoStar_DATA_DIR is '$data'"
  [ -e "$data/maps/valley.tmx" ] || fail "IsoStar_DATA_DIR has no maps/valley.tmx"
  echo "IsoStar_DATA_DIR: $data"
}

cmd_example() {
  local prefix=$1 work=$2
  local src=$prefix/share/doc/isostar/examples
  fresh_dir "$work"
  configure_build "$src" "$work/build" "$prefix"
  local out
  out=$(cd "$work" && build/example) || { echo "$out"; fail "the example failed"; }
  echo "$out"
  # The one path: the installed isopath's cost for the same query, as C++ prints a double.
  local want
  want=$("$prefix/bin/isopath" path "$prefix/share/isostar/maps/valley.tmx" --from 4,4 --to 60,62 | sed -n 's/^cost: *\([^ ]*\) .*/\1/p')
  want=$(awk -v c="$want" 'BEGIN { printf "%.6g", c }')
  grep -q "^path: *found, cost $want over" <<< "$out" || fail "the example's path is not isopath's (cost $want)"
  grep -qE '^service: *50 agents, 50 paths found' <<< "$out" || fail "the service did not find 50 paths"
  grep -qE '^edit: *wall at \([0-9]+,[0-9]+\), [1-9][0-9]* paths stale, 50 paths found, 0 cross the wall' <<< "$out" \
    || fail "the edit did not replan"
  awk '/^smooth:/ { exit !($2 > $5) }' <<< "$out" || fail "the smoothed path has no fewer waypoints than cells"
  grep -qE '^field: *50 of 50 agents led to the goal' <<< "$out" || fail "the flow field does not lead every agent"
  # The guide's code is the example's: each C++ block of ENGINE.md, line by line, in main.cpp.
  python3 - "$prefix/share/doc/isostar/docs/ENGINE.md" "$src/main.cpp" <<'PY' || fail "docs/ENGINE.md shows code that main.cpp does not hold"
import re, sys
guide, source = (open(p).read() for p in sys.argv[1:])
lines = [l.strip() for l in source.splitlines()]
blocks = re.findall(r"```cpp\n(.*?)```", guide, re.S)
assert blocks, "no C++ block"
for block in blocks:
    want = [l.strip() for l in block.splitlines() if l.strip()]
    text = [l for l in lines if l]
    if not any(text[i:i + len(want)] == want for i in range(len(text))):
        sys.exit("not in main.cpp:\n" + block)
print(f"docs/ENGINE.md: {len(blocks)} C++ blocks, each in main.cpp")
PY
}

step=${1:-}
shift || true
case "$step" in
  install) cmd_install "$@" ;;
  consumer) cmd_consumer "$@" ;;
  programs) cmd_programs "$@" ;;
  deb) cmd_deb "$@" ;;
  headers) cmd_headers "$@" ;;
  component) cmd_component "$@" ;;
  example) cmd_example "$@" ;;
  *) echo "usage: install_test.sh install|consumer|headers|component|example|programs|deb ARGS..." >&2; exit 2 ;;
esac
