#!/usr/bin/env bash
# Builds the libFuzzer targets under ASan+UBSan (clang) and runs them, one at a time.
#
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]      (default: 60 s each, every target)
#   MAX_LEN=4096 fuzz/run.sh 600 log_trace            (smaller inputs: many more executions)
#
# Build directory: build-fuzz/ (BUILD_DIR overrides). Working corpora grow in build-fuzz/corpus/;
# seeds come from tests/fixtures, the rule catalog, corpus/ and fuzz/regressions. A crash leaves
# crash-* / leak-* / timeout-* in build-fuzz/findings/TARGET: fix it, then copy the input to
# fuzz/regressions/TARGET/ so that ctest replays it in every build.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
if ((${#targets[@]} == 0)); then
  targets=(lint_file config rules_dir log_text log_dynamo log_trace log_ttxla log_file)
fi
dir=$(realpath -m "${BUILD_DIR:-build-fuzz}")
scripts/setup --fuzz
CC=clang-16 CXX=clang++-16 cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DGBREAK_FUZZ=ON -DGBREAK_SANITIZE=ON -DGBREAK_BUILD_TESTS=OFF -DGBREAK_BUILD_BENCHMARKS=OFF \
  > /dev/null
repo=$PWD
# Leak suppressions (lsan.supp) match function names, so reports must be symbolized.
ASAN_SYMBOLIZER_PATH=$({ command -v llvm-symbolizer-16 || command -v llvm-symbolizer || true; } | head -n 1)
export ASAN_SYMBOLIZER_PATH

# Seed directories per target (libFuzzer reads them; new inputs go to the first, the corpus).
seeds() {
  local fixtures=$repo/tests/fixtures/logs
  case "$1" in
    lint_file) echo "$dir/seeds/lint_file" ;;
    config) echo "$dir/seeds/config" ;;
    rules_dir) echo "$dir/seeds/rules_dir" ;;
    log_text) echo "$(find "$fixtures" -name 'graph_breaks.log' -size -200k -printf '%h\n' | head -20 | tr '\n' ' ') $fixtures/older-torch" ;;
    log_dynamo) echo "$(find "$fixtures" -name 'dynamo_debug.log' -size -400k -printf '%h\n' | head -20 | tr '\n' ' ')" ;;
    log_trace) echo "$(find "$fixtures" -path '*trace*' -name '*.log' -size -400k -printf '%h\n' | sort -u | head -20 | tr '\n' ' ')" ;;
    log_ttxla) echo "$fixtures/ttxla" ;;
    log_file) echo "$fixtures/older-torch $fixtures/ttxla" ;;
  esac
}

# Seeds are made from files in the repository (and the model sources scripts/setup --test
# installs), not kept twice: Python files of the corpus and real model files to mutate, the
# project's own pyproject.toml, each catalog rule with its query.
seeds_dir=$dir/seeds
rm -rf "$seeds_dir"
mkdir -p "$seeds_dir/lint_file" "$seeds_dir/config" "$seeds_dir/rules_dir"
find corpus examples tests/fixtures/fix -name '*.py' -size -128k \
  -exec cp --backup=numbered {} "$seeds_dir/lint_file/" \;
for model in gpt2/modeling_gpt2.py llama/modeling_llama.py bert/modeling_bert.py; do
  file=.venv-test/model-libs/transformers/models/$model
  if [ -f "$file" ]; then cp "$file" "$seeds_dir/lint_file/"; fi
done
cp pyproject.toml "$seeds_dir/config/"
for rule in rules/*.toml; do
  name=$(basename "$rule" .toml)
  { cat "$rule"; printf '\0'; cat "queries/$name.scm" 2>/dev/null || true; } \
    > "$seeds_dir/rules_dir/$name"
done

for target in "${targets[@]}"; do
  binary=$target
  [ "$target" = log_dynamo ] && binary=log_text  # the same parser, +dynamo seeds
  ninja -C "$dir" -j2 "fuzz_$binary" > /dev/null
  corpus=$dir/corpus/$target
  findings=$dir/findings/$target
  mkdir -p "$corpus" "$findings"
  echo "== $target ($seconds s)"
  # shellcheck disable=SC2046
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1 \
    LSAN_OPTIONS=suppressions=$repo/fuzz/lsan.supp \
    "$dir/fuzz/fuzz_$binary" -max_total_time="$seconds" -rss_limit_mb=3072 \
    -timeout=20 -max_len="${MAX_LEN:-131072}" -print_final_stats=1 -artifact_prefix="$findings/" \
    "$corpus" fuzz/regressions/"$binary" $(seeds "$target") > "$findings/last-run.log" 2>&1 ||
    echo "== $target stopped on a finding: $findings/ (log: $findings/last-run.log)"
  grep -E '^(stat::|Done|==[0-9]+==ERROR|SUMMARY)' "$findings/last-run.log" || true
done
