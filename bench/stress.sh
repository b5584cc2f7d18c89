#!/usr/bin/env bash
# Benchmark (not a test): gbreak on generated files shaped to find superlinear paths, beside ruff
# on the same files. bench/stress_gen.py writes each shape at its default size (`stress_gen.py
# --list`): class chains (3,000 classes calling self. methods), a 20,000-helper call chain, a
# 5,000-parameter helper, 50,000 branches in one forward, a 9.8 MB constant list and a 100,000-item
# list of names and calls, 100,000-deep nesting (a + (b + ...), f(f(...)), x.add().mul()...,
# self.a.a..., "s" + ... + "s", a and b and ...), a 50,000-clause if/elif, a 20,000-method class,
# 20,000 functions, 50,000 imports, a 50,000-statement forward under torch.compile, and a chain
# of 2,000 modules (--entry). Prints wall time, peak RSS and gbreak's exit status for each; a
# crash or a time far above ruff's ratio on ordinary files (~15x) is a finding. Shapes that are
# still superlinear take minutes here (bench/README.md has the table; tests/python/
# test_scaling.py checks each at N and 4N in instructions and fails past N log N).
#
# Usage: [STRESS_TIMEOUT=s] bench/stress.sh [GBREAK_BINARY]   (default: build/gbreak); needs PyPI
# for ruff.
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

# Prints "wall s, peak RSS MB, exit status" of one run; a run still going after $STRESS_TIMEOUT
# seconds (default 300: the superlinear shapes would take hours) is stopped, exit 124.
measure() {
  local status=0
  /usr/bin/time -f "%e %M" -o "$tmp/time" timeout "${STRESS_TIMEOUT:-300}" "$@" > /dev/null 2>&1 \
    || status=$?
  read -r wall rss < "$tmp/time"
  printf '%7.2fs %7.1f MB  exit %s' "$wall" "$(echo "$rss / 1024" | bc -l)" "$status"
}
printf '%-22s %8s %8s %10s    %s\n' input KB gbreak '' ruff
for file in $(python3 "$here/stress_gen.py" --list | awk '$1 != "module_chain" {print $1 ".py"}'); do
  printf '%-22s %8d  %s    %s\n' "$file" "$(( $(stat -c %s "$file") / 1024 ))" \
    "$(measure "$tmp/gbreak" lint --exit-zero "$file")" \
    "$(measure "$tmp/venv/bin/ruff" check --select E9,F63,F7,F82 --no-cache --exit-zero --isolated "$file")"
done
printf '%-22s %8s  %s\n' "chainpkg (--entry)" "" \
  "$(measure "$tmp/gbreak" lint --exit-zero --entry chainpkg.model:Net)"
