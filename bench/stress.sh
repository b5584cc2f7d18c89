#!/usr/bin/env bash
# Benchmark (not a test): gbreak on generated files shaped to find superlinear paths (a chain of
# 3,000 classes, 20,000 helpers passing a parameter on, a 5,000-parameter helper, a 50,000-branch
# function, a 9.8 MB one-line list literal, a chain of 2,000 modules; bench/stress_gen.py), beside
# ruff on the same files. Prints wall time, peak RSS and gbreak's exit status for each; a crash or
# a time far above ruff's ratio on ordinary files (~15x) is a finding.
#
# Usage: bench/stress.sh [GBREAK_BINARY]   (default: build/gbreak); needs PyPI for ruff.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
binary="${1:-$here/../build/gbreak}"
ruff_version="${RUFF_VERSION:-0.17.6}"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/gbreak-stress-XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
cp "$binary" "$tmp/gbreak"
python3 "$here/stress_gen.py" "$tmp/files"
python3 -m venv "$tmp/venv" > /dev/null
"$tmp/venv/bin/pip" install -q "ruff==$ruff_version" > /dev/null 2>&1
cd "$tmp/files"

# Prints "wall s, peak RSS MB, exit status" of one run.
measure() {
  local status=0
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$@" > /dev/null 2>&1 || status=$?
  read -r wall rss < "$tmp/time"
  printf '%7.2fs %7.1f MB  exit %s' "$wall" "$(echo "$rss / 1024" | bc -l)" "$status"
}
printf '%-22s %8s %8s %10s    %s\n' input KB gbreak '' ruff
for file in class_chain.py self_call_chain.py helper_chain.py wide_helper.py long_function.py \
    big_literal.py; do
  printf '%-22s %8d  %s    %s\n' "$file" "$(( $(stat -c %s "$file") / 1024 ))" \
    "$(measure "$tmp/gbreak" lint --exit-zero "$file")" \
    "$(measure "$tmp/venv/bin/ruff" check --select E9,F63,F7,F82 --no-cache --exit-zero --isolated "$file")"
done
printf '%-22s %8s  %s\n' "chainpkg (--entry)" "" \
  "$(measure "$tmp/gbreak" lint --exit-zero --entry chainpkg.model:Net)"
