// What analysis costs beside parsing, per file: the target is a whole-tree run within
// 1.3x of parsing alone. BM_Parse parses only; BM_Check reads nothing from disk but does
// everything else a lint run does per file (parse, encoding and syntax checks, every rule of the
// embedded catalog, the call-graph summary). The ratio of their times is the number to watch.
// Two floors sit between them: BM_ParseAndWalk visits every node once with tree-sitter's public
// cursor and does nothing else (what any analysis of the whole tree pays at least), and
// BM_ParseAndIndex builds gbreak's flat tree index (syntax/tree_index), which every rule and
// summary reads.
//
//   build/bench/analysis_bench                          # a generated model file
//   GBREAK_BENCH_FILE=path/to/modeling_x.py build/bench/analysis_bench
//
// Google Benchmark prints bytes per second for both.

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>

#include "cli/catalog.h"
#include "rules/file_check.h"
#include "rules/rule_engine.h"
#include "syntax/tree_index.h"
#include "syntax/tree_sitter.h"

namespace gbreak {
namespace {

// A model file shaped like transformers' modeling files: modules with __init__ and forward,
// shape checks, helpers, a few breaks.
std::string GeneratedModel() {
  std::ostringstream out;
  out << "import math\nimport torch\nfrom torch import nn\nimport torch.nn.functional as F\n\n";
  for (int i = 0; i < 200; ++i) {
    out << "def helper_" << i << "(x, scale=None):\n"
        << "    if scale is None:\n        scale = 1.0 / math.sqrt(x.shape[-1])\n"
        << "    return F.softmax(x * scale, dim=-1)\n\n"
        << "class Block" << i << "(nn.Module):\n"
        << "    def __init__(self, config):\n        super().__init__()\n"
        << "        self.proj = nn.Linear(config.hidden, config.hidden)\n"
        << "        self.dropout = nn.Dropout(config.p)\n\n"
        << "    def forward(self, x, mask=None):\n"
        << "        if x.shape[0] > 8 and self.training:\n            x = self.dropout(x)\n"
        << "        y = helper_" << i << "(self.proj(x))\n"
        << "        if mask is not None:\n            y = y.masked_fill(mask, 0.0)\n"
        << "        for _ in range(x.dim()):\n            y = y + 1\n"
        << "        if y.sum() > 0:\n            print('positive')\n"
        << "        return y\n\n";
  }
  return out.str();
}

const std::string& Source() {
  static const std::string* source = [] {
    if (const char* path = std::getenv("GBREAK_BENCH_FILE")) {
      std::ifstream in(path, std::ios::binary);
      return new std::string(std::istreambuf_iterator<char>(in), {});
    }
    return new std::string(GeneratedModel());
  }();
  return *source;
}

void BM_Parse(benchmark::State& state) {
  ParserPtr parser = NewPythonParser();
  for (auto _ : state) {
    TreePtr tree = ParsePython(parser.get(), Source());
    benchmark::DoNotOptimize(tree.get());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * Source().size()));
}
BENCHMARK(BM_Parse)->Unit(benchmark::kMillisecond);

// A preorder walk of the whole tree that reads each node's symbol and start byte: the cheapest
// look at every node through tree-sitter's public API.
uint64_t WalkEveryNode(const TSTree* tree) {
  uint64_t checksum = 0;
  TSTreeCursor cursor = ts_tree_cursor_new(ts_tree_root_node(tree));
  for (bool more = true; more;) {
    TSNode node = ts_tree_cursor_current_node(&cursor);
    checksum += ts_node_symbol(node) + ts_node_start_byte(node);
    if (ts_tree_cursor_goto_first_child(&cursor)) continue;
    while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
      if (!ts_tree_cursor_goto_parent(&cursor)) {
        more = false;
        break;
      }
    }
  }
  ts_tree_cursor_delete(&cursor);
  return checksum;
}

void BM_ParseAndWalk(benchmark::State& state) {
  ParserPtr parser = NewPythonParser();
  for (auto _ : state) {
    TreePtr tree = ParsePython(parser.get(), Source());
    benchmark::DoNotOptimize(WalkEveryNode(tree.get()));
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * Source().size()));
}
BENCHMARK(BM_ParseAndWalk)->Unit(benchmark::kMillisecond);

void BM_ParseAndIndex(benchmark::State& state) {
  ParserPtr parser = NewPythonParser();
  for (auto _ : state) {
    TreePtr tree = ParsePython(parser.get(), Source());
    TreeIndexScope scope;  // the index lives as long as the scope
    uint32_t at = 0;
    benchmark::DoNotOptimize(IndexedNodes(ts_tree_root_node(tree.get()), &at).size());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * Source().size()));
}
BENCHMARK(BM_ParseAndIndex)->Unit(benchmark::kMillisecond);

void BM_Check(benchmark::State& state) {
  absl::StatusOr<std::vector<Rule>> catalog = LoadCatalog({});
  if (!catalog.ok()) {
    state.SkipWithError("the embedded catalog does not load");
    return;
  }
  absl::StatusOr<std::unique_ptr<RuleEngine>> engine = RuleEngine::Create(*std::move(catalog));
  if (!engine.ok()) {
    state.SkipWithError("the rule engine does not compile");
    return;
  }
  // FileChecker reads from disk; write the source once to a temporary file.
  std::string path = std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") +
                     "/gbreak-analysis-bench.py";
  std::ofstream(path, std::ios::binary) << Source();
  FileCheckOptions options;
  options.region.defer_reachability = true;  // as in a whole-tree run
  FileChecker checker(**engine, options);
  for (auto _ : state) {
    FileCheckResult result = checker.Check(path);
    benchmark::DoNotOptimize(result.findings.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * Source().size()));
  std::remove(path.c_str());
}
BENCHMARK(BM_Check)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gbreak

BENCHMARK_MAIN();
