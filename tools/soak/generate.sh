#!/usr/bin/env bash
# Writes a seeded random script for isostar's scripted mode (game/script/Script.hpp) to stdout:
# the soak run's input. Same seed, same script (awk's srand/rand; no other randomness).
#
#   bash tools/soak/generate.sh SEED COMMANDS [MAP_WIDTH MAP_HEIGHT]   (map size default 72 72)
#
# What it mixes, per command drawn: clicks and right clicks (move orders, selection, editor
# paints), drags (box selection, editor strokes), mouse moves (path preview), wheel zooms (also
# Ctrl+wheel brush changes when a Ctrl chord precedes), keys (WASD/arrows pan, T trace, E editor,
# H help, Tab/Shift+Tab brush, 1-4 and Ctrl+A selection, Escape, Space, Ctrl+Z/Ctrl+Y undo/redo,
# F5 reload), `select`, `move X Y` orders, script edits (`paint` with a terrain the shipped
# tilesets have, `erase`), and short `wait`s so units walk between inputs.
# Never emitted, because they stop the run on purpose or write files: `undo`/`redo` (script
# commands fail when there is nothing to undo; the keys do not), `erupt` (fails off a volcano),
# Ctrl+S, `save`, `screenshot`, `dump`, `quit`.
set -euo pipefail
seed=${1:?usage: generate.sh SEED COMMANDS [MAP_WIDTH MAP_HEIGHT]}
count=${2:?usage: generate.sh SEED COMMANDS [MAP_WIDTH MAP_HEIGHT]}
mapw=${3:-72}
maph=${4:-72}
awk -v seed="$seed" -v count="$count" -v mapw="$mapw" -v maph="$maph" '
function r(n) { return int(rand() * n) }            # 0 .. n-1
function px() { return r(1400) - 60 }               # a little outside the 1280x720 window too
function py() { return r(840) - 60 }
BEGIN {
    srand(seed)
    nk = split("W A S D Left Right Up Down T E E H Tab Shift+Tab 1 2 3 4 Ctrl+A Escape Space " \
               "Ctrl+Z Ctrl+Z Ctrl+Y F5 Plus Minus Home", keys, " ")
    nt = split("grass snow road wall tombstone flowers", terrains, " ")
    nu = split("all none knight ranger mage dwarf", units, " ")
    printf "# soak script: seed %d, %d commands, map %dx%d (tools/soak/generate.sh)\n", seed, count, mapw, maph
    for (i = 0; i < count; ++i) {
        k = r(100)
        if (k < 18)      printf "click %d %d\n", px(), py()
        else if (k < 26) printf "rclick %d %d\n", px(), py()
        else if (k < 34) printf "drag %d %d %d %d\n", px(), py(), px(), py()
        else if (k < 48) printf "mousemove %d %d\n", px(), py()
        else if (k < 56) printf "wheel %d %d %d\n", px(), py(), r(7) - 3
        else if (k < 74) printf "key %s\n", keys[1 + r(nk)]
        else if (k < 77) printf "select %s\n", units[1 + r(nu)]
        else if (k < 81) printf "move %d %d\n", r(mapw), r(maph)
        else if (k < 86) printf "paint %d %d %s\n", r(mapw), r(maph), terrains[1 + r(nt)]
        else if (k < 88) printf "erase %d %d\n", r(mapw), r(maph)
        else             printf "wait %.2f\n", 0.05 + r(20) / 40
    }
    print "quit"
}'
