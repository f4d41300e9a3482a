#!/usr/bin/env bash
# The soak run: a seeded random script (tools/soak/generate.sh) of thousands of clicks, drags,
# keys, wheel zooms, F5 reloads and edits drives the sanitizer build of the game for about a
# minute on a virtual display. Fails on any sanitizer report (ASan, UBSan, LeakSanitizer beyond
# tools/lsan.supp), a non-zero exit, or resident memory growing after warm-up by more than the
# bound; prints the figures either way.
#
#   bash tools/soak/soak.sh [BUILD_DIR] [SEED] [COMMANDS]     (defaults: build-asan 1 1000)
#
# The game plays a copy of maps/valley.tmx (with maps/terrain.toml) in a temp folder, so F5 and
# the editor never touch the shipped map. RSS is sampled from /proc every 0.25 s; "warm-up" is
# the first 25% of the run. ASan's quarantine is kept at 16 MiB so it fills during the warm-up and
# freed memory is reused after it (a larger quarantine would still be filling after the warm-up,
# and its own growth would look like a leak).
# Bound: RSS at the end may exceed the warm-up figure by at most SOAK_MAX_GROWTH_MB (default 48).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-build-asan}
seed=${2:-1}
commands=${3:-1000}
maxGrowthMb=${SOAK_MAX_GROWTH_MB:-48}
case "$build" in /*) ;; *) build="$root/$build" ;; esac
game="$build/bin/isostar"
[ -x "$game" ] || { echo "soak: $game not built" >&2; exit 2; }

# Without a display, run this same script again on a virtual one.
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x1024x24" bash "${BASH_SOURCE[0]}" "$build" "$seed" "$commands"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/isostar-soak.XXXXXX")
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/config   # the game's settings file: not the user's
mkdir -p "$work/maps"
cp "$root/maps/valley.tmx" "$root/maps/terrain.toml" "$work/maps/"
ln -s "$root/assets" "$work/assets"
bash "$root/tools/soak/generate.sh" "$seed" "$commands" > "$work/soak.script"

# Keep the GL driver loaded until the leak report (tests/support/KeepLibrariesLoaded.cpp).
keep="$build/lib/libisostar_keep_dl.so"
[ -f "$keep" ] && export LD_PRELOAD="$keep${LD_PRELOAD:+:$LD_PRELOAD}"
export ASAN_OPTIONS="detect_leaks=1:quarantine_size_mb=16:verify_asan_link_order=0:${ASAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$root/tools/lsan.supp:print_suppressions=1:${LSAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"

start=$(date +%s.%N)
"$game" --map "$work/maps/valley.tmx" --script "$work/soak.script" > "$work/out.txt" 2> "$work/err.txt" &
pid=$!
samples="$work/rss.txt"
cpuTicks=0
while kill -0 "$pid" 2>/dev/null; do
  awk -v t="$(date +%s.%N)" '/^VmRSS:/ { printf "%.2f %d\n", t, $2 }' "/proc/$pid/status" 2>/dev/null >> "$samples" || true
  # utime + stime (fields 14, 15; the command name in field 2 has no spaces here)
  ticks=$(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || true)
  [ -n "$ticks" ] && cpuTicks=$ticks
  sleep 0.25
done
status=0
wait "$pid" || status=$?
end=$(date +%s.%N)

waits=$(grep -c '^wait' "$work/soak.script" || true)
reloads=$(grep -c '^key F5' "$work/soak.script" || true)
edits=$(grep -cE '^(paint|erase)' "$work/soak.script" || true)
touch "$samples"
read -r rssWarm rssPeak rssEnd nsamples < <(awk -v t0="$start" -v t1="$end" '
  { t[NR] = $1; v[NR] = $2 }
  END {
    warm = 0; peak = 0; last = 0
    for (i = 1; i <= NR; ++i) {
      if (t[i] <= t0 + 0.25 * (t1 - t0)) warm = v[i]
      if (v[i] > peak) peak = v[i]
      last = v[i]
    }
    printf "%d %d %d %d\n", warm / 1024, peak / 1024, last / 1024, NR
  }' "$samples")
growth=$((rssEnd - rssWarm))
leaks=$(grep -c 'ERROR: LeakSanitizer' "$work/err.txt" || true)
sanitizer=$(grep -cE 'ERROR: AddressSanitizer|runtime error:|ERROR: LeakSanitizer' "$work/err.txt" || true)
suppressed=$(awk '/^Suppressions used:/ { on = 1; next } on && NF == 3 && $1 ~ /^[0-9]+$/ { n += $1 } END { print n + 0 }' "$work/err.txt")

echo "soak: seed $seed, $commands commands + quit ($waits waits, $reloads F5 reloads, $edits script edits; keys/clicks make more edits in editor mode)"
printf 'soak: wall time %.1f s, CPU time %.1f s (all threads), exit status %d, frames drawn >= %d (one per command, more in waits)\n' \
  "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" "$(awk -v t="$cpuTicks" -v hz="$(getconf CLK_TCK)" 'BEGIN { print t / hz }')" \
  "$status" "$commands"
echo "soak: RSS after warm-up (25%) ${rssWarm} MiB, peak ${rssPeak} MiB, at the end ${rssEnd} MiB, growth ${growth} MiB (bound ${maxGrowthMb} MiB; $nsamples samples)"
echo "soak: sanitizer reports: $sanitizer (leak reports: $leaks); leaked allocations suppressed (GL driver): $suppressed"
fail=0
if [ "$status" -ne 0 ]; then echo "soak: FAILED: isostar exited with $status" >&2; fail=1; fi
if [ "$sanitizer" -ne 0 ]; then echo "soak: FAILED: sanitizer report" >&2; fail=1; fi
if [ "$growth" -gt "$maxGrowthMb" ]; then echo "soak: FAILED: RSS grew ${growth} MiB after warm-up" >&2; fail=1; fi
if [ "$fail" -ne 0 ]; then
  echo "--- isostar stderr (last 80 lines) ---" >&2
  tail -n 80 "$work/err.txt" >&2
  mkdir -p "$build/soak" && cp "$work/soak.script" "$work/err.txt" "$build/soak/" && echo "soak: script and stderr kept in $build/soak/" >&2
  exit 1
fi
echo "soak: OK"
