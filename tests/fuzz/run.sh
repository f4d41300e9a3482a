#!/usr/bin/env bash
# Runs every libFuzzer target of a sanitizer tree built with -DISOSTAR_FUZZ=ON, each for a while,
# from seed corpora made of the shipped maps, tests/data and ../shared/movingai (when present).
# Fails (exit 1) on any crash, sanitizer report, leak, timeout (a hang: -timeout) or out-of-memory
# (-rss_limit_mb) of any target; the input that did it is kept in BUILD/fuzz/artifacts/.
#
#   bash tests/fuzz/run.sh [BUILD_DIR] [SECONDS_PER_TARGET] [TARGET...]
#                                             (defaults: build-asan, 4, every fuzz_* program)
#
# New inputs that reach new code accumulate in BUILD/fuzz/corpus/TARGET (kept between runs);
# the seeds are rebuilt each run in BUILD/fuzz/seed/TARGET. Inputs are capped at 64 KiB.
# FUZZ_JOBS targets run at once (default: the number of cores).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-build-asan}
seconds=${2:-4}
shift $(( $# < 2 ? $# : 2 ))
case "$build" in /*) ;; *) build="$root/$build" ;; esac
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for f in "$build"/bin/fuzz_*; do [ -x "$f" ] && targets+=("$(basename "$f")"); done
fi
[ ${#targets[@]} -gt 0 ] || { echo "fuzz: no fuzz_* programs in $build/bin (configure with -DISOSTAR_FUZZ=ON)" >&2; exit 2; }

fuzzdir="$build/fuzz"
shared="$root/../shared/movingai"
mkdir -p "$fuzzdir/artifacts"

# seed TARGET FILES... : copies the files (that exist) into the target's seed folder.
seed() {
  local dir="$fuzzdir/seed/$1"; shift
  for f in "$@"; do [ -f "$f" ] && cp "$f" "$dir/"; done
  return 0
}

# with_prefix BYTE DIR FILES... : each file with one leading byte (the gz target's mode byte).
with_prefix() {
  local byte=$1 dir=$2; shift 2
  for f in "$@"; do
    [ -f "$f" ] || continue
    { printf "\\x$byte"; cat "$f"; } > "$dir/$byte-$(basename "$f")"
  done
}

make_seeds() { # make_seeds TARGET
  local t=$1 dir="$fuzzdir/seed/$1"
  rm -rf "$dir"; mkdir -p "$dir"
  shopt -s nullglob
  local d="$root/tests/data"
  case "$t" in
    fuzz_map_tmx) seed "$t" "$root"/maps/valley.tmx "$root"/maps/seed/*.tmx "$d"/map/*.tmx "$d"/bad/*.tmx \
                    "$d"/terrain/*.tmx "$d"/render/*.tmx ;;
    fuzz_map_tsx) seed "$t" "$root"/assets/tiles/*.tsx "$d"/map/*.tsx "$d"/bad/*.tsx "$d"/terrain/*.tsx "$d"/render/*.tsx ;;
    fuzz_map_tx)  seed "$t" "$d"/map/templates/*.tx "$d"/bad/*.tx ;;
    fuzz_map_tmj) seed "$t" "$d"/map/*.tmj "$d"/bad/*.tmj ;;
    fuzz_map_tsj) seed "$t" "$d"/map/*.tsj "$d"/bad/*.tsj ;;
    fuzz_map_tj)  seed "$t" "$d"/map/templates/*.tj "$d"/bad/*.tj ;;
    fuzz_map_gz)  # mode byte: bit 0 = .tmj (else .tmx), bit 1 = written as is (else gzipped by the target)
                  with_prefix 00 "$dir" "$root"/maps/seed/*.tmx "$d"/map/*.tmx
                  with_prefix 01 "$dir" "$d"/map/*.tmj
                  for f in "$d"/map/ortho_csv.tmx "$d"/map/base64_zlib.tmj; do
                    { printf '\x02'; gzip -c "$f"; } > "$dir/02-$(basename "$f").gz"
                    { printf '\x03'; gzip -c "$f"; } > "$dir/03-$(basename "$f").gz"
                  done ;;
    fuzz_terrain_config) seed "$t" "$root"/maps/terrain.toml "$d"/terrain/*.toml "$d"/terrain/*/*.toml "$d"/bad/*.toml ;;
    fuzz_movingai_map)
      printf 'type octile\nheight 4\nwidth 5\nmap\n..@..\n.TWW.\nS...G\nOO...\n' > "$dir/small.map"
      seed "$t" "$shared"/arena.map "$shared"/8room_000.map "$shared"/lak303d.map ;;
    fuzz_movingai_scen)
      printf 'version 1\n0\tsmall.map\t5\t4\t0\t0\t4\t2\t4.82842712\n' > "$dir/small.map.scen"
      printf 'version 1.0\n0 dir/small.map 5 4 0 0 4 2 4.83\n\n' > "$dir/small10.map.scen"
      seed "$t" "$shared"/arena.map.scen "$shared"/lak303d.map.scen ;;
    fuzz_script)
      seed "$t" "$root"/maps/tour.script
      bash "$root/tools/soak/generate.sh" 1 300 > "$dir/soak1.script"
      bash "$root/tools/soak/generate.sh" 2 40 > "$dir/soak2.script" ;;
  esac
  shopt -u nullglob
}

dict_for() { # the libFuzzer dictionary of a target, if any
  case "$1" in
    fuzz_map_tmx|fuzz_map_tsx|fuzz_map_tx) echo "$root/tests/fuzz/xml.dict" ;;
    fuzz_map_tmj|fuzz_map_tsj|fuzz_map_tj) echo "$root/tests/fuzz/json.dict" ;;
    *) echo "" ;;
  esac
}

run_one() { # run_one TARGET : fuzzes it, prints one line, exit status 0 when nothing was found
  local t=$1
  make_seeds "$t"
  mkdir -p "$fuzzdir/corpus/$t"
  local dict
  dict=$(dict_for "$t")
  local args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -detect_leaks=1
              -print_final_stats=1 -artifact_prefix="$fuzzdir/artifacts/$t-")
  [ -n "$dict" ] && args+=(-dict="$dict")
  local log="$fuzzdir/$t.log"
  # The outer timeout catches a hang that libFuzzer's own -timeout could not (e.g. at exit).
  if timeout --kill-after=10 $((seconds * 3 + 120)) \
       "$build/bin/$t" "${args[@]}" "$fuzzdir/corpus/$t" "$fuzzdir/seed/$t" > "$log" 2>&1; then
    local runs cov
    runs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$log")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    echo "fuzz: $t ok: ${runs:-?} runs in ${seconds} s, ${cov:-cov: ?}, corpus $(ls "$fuzzdir/corpus/$t" | wc -l) files"
  else
    echo "fuzz: $t FAILED (log: $log)" >&2
    grep -E 'ERROR|SUMMARY|runtime error|Test unit written|fuzz oracle|timeout' "$log" | head -20 >&2 || true
    return 1
  fi
}

# FUZZ_JOBS targets at a time (default: one per core).
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
failed=0
running=0
for t in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || failed=$((failed + 1))
    running=$((running - 1))
  fi
  run_one "$t" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=$((failed + 1))
  running=$((running - 1))
done
if [ "$failed" -ne 0 ]; then
  echo "fuzz: FAILED: $failed of ${#targets[@]} targets found something (see the lines above)" >&2
  exit 1
fi
echo "fuzz: all ${#targets[@]} targets ok"
