#!/usr/bin/env bash
# The install and the package, checked from the outside (tests/install/CMakeLists.txt registers
# each step as a CTest test; exit 77 = skipped):
#
#   install_test.sh install  BUILD PREFIX        cmake --install BUILD --prefix PREFIX (a fresh PREFIX)
#   install_test.sh consumer CONSUMER_SRC PREFIX WORK RENDER
#       builds tests/install/consumer against find_package(IsoStar) from PREFIX (RENDER=ON: its
#       IsoStar::render program too) and runs it on an installed map: its path cost must be the
#       installed isopath's for the same query
#   install_test.sh programs PREFIX WORK
#       from a folder that is not the project: isopath on a relative map path; the game with no
#       --map plays PREFIX/share/isostar/maps/valley.tmx and draws the installed sprites (needs a
#       display, else skipped)
#   install_test.sh deb BUILD WORK
#       cpack -G DEB into WORK: the listing holds the programs, the maps, the desktop entry and
#       the icon; the control fields name the dependencies dpkg-shlibdeps found
set -euo pipefail

fail() { echo "install_test: FAILED: $*" >&2; exit 1; }

fresh_dir() { rm -rf "$1" && mkdir -p "$1"; }

cmd_install() {
  local build=$1 prefix=$2
  fresh_dir "$prefix"
  cmake --install "$build" --prefix "$prefix" > "$prefix.log" || { cat "$prefix.log"; fail "cmake --install"; }
  for f in bin/isopath share/isostar/maps/valley.tmx share/isostar/maps/terrain.toml \
           share/isostar/assets/tiles/ground.tsx include/engine/path/GridPathfinder.hpp; do
    [ -e "$prefix/$f" ] || fail "the install has no $f"
  done
  [ -n "$(find "$prefix" -name IsoStarConfig.cmake)" ] || fail "the install has no IsoStarConfig.cmake"
  echo "installed into $prefix: $(find "$prefix" -type f | wc -l) files"
}

cmd_consumer() {
  local src=$1 prefix=$2 work=$3 render=$4
  fresh_dir "$work"
  cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" \
    -DCONSUMER_RENDER="$render" > "$work/configure.log" 2>&1 \
    || { cat "$work/configure.log"; fail "the consumer project does not configure"; }
  cmake --build "$work/build" -j 2 > "$work/build.log" 2>&1 || { cat "$work/build.log"; fail "the consumer does not build"; }
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
           ./usr/share/icons/hicolor/256x256/apps/isostar.png; do
    grep -qxF "$f" "$work/listing.txt" || fail "the package has no $f"
  done
  ! grep -q '^./usr/include\|^./usr/lib' "$work/listing.txt" || fail "the package holds the engine's development files"
  dpkg-deb -I "$deb" > "$work/info.txt"
  grep -q '^ Depends:.*libsfml-graphics.*fonts-dejavu-core\|^ Depends:.*fonts-dejavu-core.*libsfml-graphics' "$work/info.txt" \
    || fail "the dependencies lack SFML or the font: $(grep Depends "$work/info.txt")"
  if command -v desktop-file-validate > /dev/null; then
    dpkg-deb -x "$deb" "$work/root"
    desktop-file-validate "$work/root/usr/share/applications/isostar.desktop" || fail "desktop-file-validate"
  fi
  echo "$(basename "$deb"): $(du -k "$deb" | cut -f1) KiB, $(grep -c . "$work/listing.txt") entries"
  grep '^ Depends:' "$work/info.txt"
}

step=${1:-}
shift || true
case "$step" in
  install) cmd_install "$@" ;;
  consumer) cmd_consumer "$@" ;;
  programs) cmd_programs "$@" ;;
  deb) cmd_deb "$@" ;;
  *) echo "usage: install_test.sh install|consumer|programs|deb ARGS..." >&2; exit 2 ;;
esac
