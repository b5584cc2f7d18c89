#!/usr/bin/env bash
# Benchmark (not a test): scan a multi-GB synthetic tt-xla log with `gbreak logs` (every line
# parsed, every loc resolved) and compare with `grep -c 'END OF MLIR MODULE'` on the same file,
# both from the page cache. Prints both times, the ratio, throughput and gbreak's peak RSS.
#
# Usage: bench/log_scan.sh [GBREAK_BINARY] [SIZE_MB]   (defaults: build/gbreak, 3072)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
gbreak="${1:-$here/../build/gbreak}"
size_mb="${2:-3072}"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/gbreak-logbench-XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
log="$tmp/ttxla.log"

python3 "$here/log_scan_gen.py" "$log" "$size_mb"
bytes=$(stat -c %s "$log")
cat "$log" > /dev/null  # warm the page cache

# Best of 3 runs of "$@": prints "wall cpu" (cpu = user + sys, which a busy machine does not
# inflate). Output goes to a file: grep stops at the first match when it writes to /dev/null.
best_of() {
  local best_wall="" best_cpu=""
  for _ in 1 2 3; do
    /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$@" > "$tmp/out"
    read -r wall user sys < "$tmp/time"
    local cpu
    cpu=$(echo "$user + $sys" | bc -l)
    if [[ -z "$best_wall" ]] || (( $(echo "$wall < $best_wall" | bc -l) )); then best_wall=$wall; fi
    if [[ -z "$best_cpu" ]] || (( $(echo "$cpu < $best_cpu" | bc -l) )); then best_cpu=$cpu; fi
  done
  echo "$best_wall $best_cpu"
}

modules=$(grep -c 'END OF MLIR MODULE' "$log")
read -r t_grep c_grep <<< "$(best_of grep -c 'END OF MLIR MODULE' "$log")"
read -r t_gbreak c_gbreak <<< "$(best_of "$gbreak" logs "$log")"
rss_kb=$( { /usr/bin/time -v "$gbreak" logs "$log" > /dev/null; } 2>&1 |
          awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}')
graphs=$("$gbreak" logs --output-format json "$log" | python3 -c \
  'import json,sys; print(json.load(sys.stdin)["runtime"]["tt_graph_count"])')

gb=$(echo "$bytes / 1000000000" | bc -l)
rate() { echo "$gb / $1" | bc -l; }
printf 'log:          %.2f GB, %d MLIR modules, %d tt graphs found by gbreak\n' "$gb" "$modules" "$graphs"
printf 'grep -c:      %.3f s wall (%.2f GB/s), %.3f s cpu (%.2f GB/s)\n' \
  "$t_grep" "$(rate "$t_grep")" "$c_grep" "$(rate "$c_grep")"
printf 'gbreak logs:  %.3f s wall (%.2f GB/s), %.3f s cpu (%.2f GB/s)\n' \
  "$t_gbreak" "$(rate "$t_gbreak")" "$c_gbreak" "$(rate "$c_gbreak")"
printf 'ratio:        %.2fx grep (wall), %.2fx (cpu)\n' "$(echo "$t_gbreak / $t_grep" | bc -l)" \
  "$(echo "$c_gbreak / $c_grep" | bc -l)"
printf 'peak RSS:     %.1f MB\n' "$(echo "$rss_kb / 1024" | bc -l)"
uptime | sed 's/^/machine load: /'
