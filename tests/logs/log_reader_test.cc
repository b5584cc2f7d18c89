// The readers against real torch 2.13 logs (tests/fixtures/logs/torch-2.13.0), constructed older
// and tt-xla logs (tests/fixtures/logs/older-torch, ttxla), and damaged input made here.

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "logs/logs.h"
#include "test_util.h"

namespace gbreak {
namespace {

const std::string kReal = "tests/fixtures/logs/torch-2.13.0/";
const std::string kOld = "tests/fixtures/logs/older-torch/";
const std::string kTt = "tests/fixtures/logs/ttxla/";

LogSummary Read(std::vector<std::string> paths) {
  LogReadResult result = ReadLogs(paths);
  EXPECT_TRUE(result.errors.empty()) << result.errors[0].message;
  return std::move(result.summary);
}

const BreakSite& OnlySite(const LogSummary& s) {
  EXPECT_EQ(s.breaks.size(), 1u);
  return s.breaks.begin()->second;
}

bool HasDiagnostic(const LogSummary& s, const std::string& part) {
  for (const LogDiagnostic& d : s.diagnostics) {
    if (d.message.find(part) != std::string::npos) return true;
  }
  return false;
}

TEST(LogReaderTest, RealGraphBreaksLog) {
  LogSummary s = Read({kReal + "if_tensor_sum/graph_breaks.log"});
  ASSERT_EQ(s.inputs.size(), 1u);
  EXPECT_EQ(s.inputs[0].format, LogFormat::kTorchText);
  const BreakSite& site = OnlySite(s);
  EXPECT_TRUE(site.at.file.ends_with("corpus/control_flow/if_tensor_sum.py"));
  EXPECT_EQ(site.at.line, 10);
  EXPECT_EQ(site.at.function, "forward");
  EXPECT_EQ(site.reason, "Data-dependent branching");
  EXPECT_EQ(site.registry_id, "GB0170");
  EXPECT_EQ(site.count, 1);
  EXPECT_FALSE(s.dynamo_graphs_known);  // graph_breaks alone does not say
}

TEST(LogReaderTest, RealDynamoDebugLogCountsGraphsAndTheirRanges) {
  LogSummary s = Read({kReal + "if_tensor_sum/dynamo_debug.log"});
  ASSERT_TRUE(s.dynamo_graphs_known);
  ASSERT_EQ(s.dynamo_graphs.size(), 2u);
  EXPECT_EQ(s.dynamo_graphs[0].first_line, 7);
  EXPECT_TRUE(s.dynamo_graphs[0].ends_in_break);
  EXPECT_EQ(s.dynamo_graphs[0].end_line, 10);
  EXPECT_TRUE(s.dynamo_graphs[1].resumed);
  EXPECT_EQ(s.dynamo_graphs[1].first_line, 10);
  EXPECT_EQ(s.dynamo_graphs[1].function, "forward");
  // The resumed graph ran to a return: `COMPILING GRAPH due to ... return_value` names the line.
  EXPECT_FALSE(s.dynamo_graphs[1].ends_in_break);
  EXPECT_EQ(s.dynamo_graphs[1].end_line, 11);
  const BreakSite& site = OnlySite(s);
  EXPECT_EQ(site.graphs_added, 1);
  EXPECT_TRUE(site.graphs_known);
}

TEST(LogReaderTest, RealTorchTraceDirectory) {
  LogSummary s = Read({kReal + "if_tensor_sum/trace"});
  ASSERT_EQ(s.inputs.size(), 1u);
  EXPECT_EQ(s.inputs[0].format, LogFormat::kTorchTrace);
  EXPECT_EQ(s.dynamo_graphs.size(), 2u);
  EXPECT_EQ(OnlySite(s).registry_id, "GB0170");
}

// Both forms print each frame's source line; TORCH_TRACE also records the torch that ran.
TEST(LogReaderTest, RealLogsKeepTheSourceLineAndTheTorchVersion) {
  LogSummary text = Read({kReal + "if_tensor_sum/graph_breaks.log"});
  EXPECT_EQ(OnlySite(text).at.code, "if y.sum() > 0:");
  EXPECT_EQ(text.torch_version, "");  // TORCH_LOGS text does not print it
  LogSummary trace = Read({kReal + "if_tensor_sum/trace"});
  EXPECT_EQ(OnlySite(trace).at.code, "if y.sum() > 0:");
  EXPECT_EQ(trace.torch_version, "2.13.0+cpu");
  EXPECT_EQ(trace.torch_version_at.line, 13);
}

// A +dynamo log prints no break report; the GraphCompileReason that ended the graph has it, as
// Python's repr of the message: quoted with " when the message holds a ' (rwkv's `logger.
// warning_once`), and with its Explanation and Hint lines after literal `\n`s.
TEST(LogReaderTest, PlusDynamoBreakTakesItsReasonFromTheCompileReasonInEitherQuotes) {
  LogSummary s = Read({kReal + "sweep/transformers/rwkv-eval/dynamo_debug.log"});
  const BreakSite& site = OnlySite(s);
  EXPECT_EQ(site.at.line, 548);
  EXPECT_EQ(site.reason, "logging.Logger method not supported for non-export cases");
  EXPECT_EQ(site.registry_id, "GB0291");
  EXPECT_EQ(site.explanation, "logging.Logger methods are not supported for non-export cases.");
  ASSERT_FALSE(site.hints.empty());
  EXPECT_EQ(site.hints[0],
            "Add the logging method to `torch._dynamo.config.ignore_logging_functions`.");
}

TEST(LogReaderTest, OneRunLoggedTwoWaysIsCountedOnce) {
  LogSummary s = Read({kReal + "if_tensor_sum/graph_breaks.log", kReal + "if_tensor_sum/trace",
                       kReal + "if_tensor_sum/dynamo_debug.log"});
  EXPECT_EQ(OnlySite(s).count, 1);
  EXPECT_EQ(s.dynamo_graphs.size(), 2u);
}

TEST(LogReaderTest, LogsOfDifferentRunsAddUp) {
  LogSummary s = Read({kReal + "if_tensor_sum/graph_breaks.log",
                       kReal + "item_mid_forward/graph_breaks.log"});
  EXPECT_EQ(s.breaks.size(), 2u);
}

TEST(LogReaderTest, RealMultiFileModelWithSkippedFrameAndRepeats) {
  LogSummary s = Read({kReal + "toy_llama_pkg/trace"});
  EXPECT_EQ(s.dynamo_graphs.size(), 5u);
  const BreakSite& site = OnlySite(s);
  EXPECT_TRUE(site.at.file.ends_with("toy_llama/attention.py"));
  EXPECT_EQ(site.at.line, 29);
  EXPECT_EQ(site.count, 3);
  EXPECT_EQ(site.frames_skipped, 1);
  EXPECT_EQ(site.chained, std::vector<std::string>{"graph break in loop"});
}

TEST(LogReaderTest, RealItemWarningDoesNotDoubleCount) {
  LogSummary s = Read({kReal + "item_mid_forward/graph_breaks.log"});
  EXPECT_EQ(OnlySite(s).registry_id, "GB0124");
}

TEST(LogReaderTest, RealRecompilesWithTheGuardsSourceLine) {
  LogSummary s = Read({kReal + "step_counter_attribute/recompiles.log"});
  ASSERT_EQ(s.recompiles.size(), 2u);
  EXPECT_EQ(s.recompiles[0].function, "forward");
  EXPECT_EQ(s.recompiles[0].line, 13);
  ASSERT_EQ(s.recompiles[0].guards.size(), 1u);
  EXPECT_TRUE(s.recompiles[0].guards[0].starts_with("0/0: self.step == 0"));
  EXPECT_EQ(s.recompiles[0].guard_at.line, 15);
  EXPECT_EQ(s.recompiles[1].guards.size(), 2u);
}

TEST(LogReaderTest, OlderTorchForms) {
  LogSummary s21 = Read({kOld + "torch21_old_prefix.log"});
  EXPECT_EQ(OnlySite(s21).registry_id, "GB0124");
  ASSERT_EQ(s21.failures.size(), 1u);
  EXPECT_EQ(s21.failures[0].kind, CompileFailure::Kind::kRecompileLimit);
  EXPECT_EQ(s21.failures[0].line, 7);

  LogSummary s23 = Read({kOld + "torch23_glog.log"});
  const BreakSite& site = OnlySite(s23);
  EXPECT_EQ(site.reason, "Tensor.item");
  EXPECT_EQ(site.count, 2);
  EXPECT_EQ(site.duplicates, 1);

  LogSummary s20 = Read({kOld + "torch20_warning.log"});
  EXPECT_EQ(s20.breaks.size(), 2u);
  LogSummary s26 = Read({kOld + "torch26_reason.log"});
  EXPECT_EQ(s26.breaks.size(), 2u);
}

TEST(LogReaderTest, FailuresAreClassified) {
  LogSummary s = Read({kOld + "fullgraph_stderr.log"});
  ASSERT_EQ(s.failures.size(), 3u);
  EXPECT_EQ(s.failures[0].kind, CompileFailure::Kind::kFullgraphError);
  EXPECT_EQ(s.failures[0].line, 15);
  EXPECT_EQ(s.failures[1].kind, CompileFailure::Kind::kBackendCompilerFailed);
  EXPECT_EQ(s.failures[2].kind, CompileFailure::Kind::kInternalError);
}

TEST(LogReaderTest, TtXlaNineModulesPerGraphWithHloDebugLocations) {
  LogSummary s = Read({kTt + "hlo_debug_9_modules.log"});
  EXPECT_EQ(s.inputs[0].format, LogFormat::kTtXla);
  EXPECT_EQ(s.mlir_modules, 27);
  ASSERT_EQ(s.tt_graphs.size(), 3u);
  const char* origins[] = {"dynamo", "eager", "dynamo"};
  int lines[] = {11, 12, 13};
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(s.tt_graphs[i].stages.size(), 9u);
    EXPECT_TRUE(s.tt_graphs[i].complete);
    EXPECT_EQ(s.tt_graphs[i].origin, origins[i]);
    EXPECT_EQ(s.tt_graphs[i].attribution.line, lines[i]);
  }
  EXPECT_EQ(s.tt_graphs[0].after_dynamo_graph, 0);
  // The break at line 12 added the resume graph and the eager graph .item() forced.
  EXPECT_EQ(OnlySite(s).graphs_added, 2);
  EXPECT_TRUE(s.diagnostics.empty());
}

TEST(LogReaderTest, TtXlaGraphsAreGroupedByVhloNotByCounting) {
  struct Case {
    const char* file;
    size_t graphs;
    size_t modules_each;
  } cases[] = {{"old_headers_6_modules.log", 3, 6},
               {"fused_named_7_modules.log", 2, 7},
               {"mesh_8_modules.log", 2, 8},
               {"hlo_debug_9_modules.log", 3, 9}};
  for (const Case& c : cases) {
    LogSummary s = Read({kTt + c.file});
    ASSERT_EQ(s.tt_graphs.size(), c.graphs) << c.file;
    for (const TtGraph& g : s.tt_graphs) EXPECT_EQ(g.stages.size(), c.modules_each) << c.file;
    EXPECT_TRUE(s.diagnostics.empty()) << c.file << ": " << s.diagnostics[0].message;
  }
}

TEST(LogReaderTest, TtXlaFusedNamedAndLegacyLocationsGiveRanges) {
  LogSummary s = Read({kTt + "fused_named_7_modules.log"});
  const TtGraph& g = s.tt_graphs[0];
  EXPECT_EQ(g.attribution.line, 70);
  ASSERT_EQ(g.ranges.size(), 3u);
  EXPECT_EQ(g.ranges[1].function, "forward");
  EXPECT_EQ(g.ranges[1].first_line, 66);
  EXPECT_EQ(g.ranges[1].last_line, 70);
  EXPECT_EQ(g.ranges[2].function, "rotate_half");
}

TEST(LogReaderTest, TtXlaLocationsComeFromTheFirstStageOnly) {
  // The later stages repeat (or rename) the first stage's locations: they are neither counted nor
  // resolved, so an alias broken only in a later stage is no diagnostic, and the graph's
  // attribution is the vhlo module's.
  testing::TempDir dir;
  const std::string sep = "------------------ END OF MLIR MODULE ------------------\n";
  auto module = [&](const std::string& stage, const std::string& op_line,
                    const std::string& aliases) {
    return "2026-08-21 10:00:02.010 | DEBUG | MLIR Module " + stage + ":\n" +
           "module @SyncTensorsGraph.7 {\n" + op_line + "}\n" + aliases + sep;
  };
  std::string text =
      module("vhlo", "  %1 = vhlo.add %0, %0 loc(#loc2)\n",
             "#loc1 = loc(\"/m/model.py\":12:0)\n#loc2 = loc(\"forward\"(#loc1))\n") +
      module("ttnn", "  %1 = ttnn.add %0, %0 loc(#loc9)\n  %2 = ttnn.mul %1, %1 loc(#loc2)\n",
             "#loc2 = loc(\"forward\"(\"/m/other.py\":99:0))\n");
  LogSummary s = Read({dir.Write("stages.log", text)});
  ASSERT_EQ(s.tt_graphs.size(), 1u);
  const TtGraph& g = s.tt_graphs[0];
  EXPECT_EQ(g.stages, (std::vector<std::string>{"vhlo", "ttnn"}));
  EXPECT_EQ(g.attribution.file, "/m/model.py");
  EXPECT_EQ(g.attribution.line, 12);
  EXPECT_EQ(g.ops, 1);
  EXPECT_FALSE(HasDiagnostic(s, "#loc9"));
}

TEST(LogReaderTest, TtXlaDamagedLogIsDiagnosedNotFatal) {
  LogSummary s = Read({kTt + "damaged_crlf_truncated.log"});
  ASSERT_EQ(s.tt_graphs.size(), 2u);
  EXPECT_EQ(s.tt_graphs[0].failed_stage, "shlo_frontend");
  EXPECT_FALSE(s.tt_graphs[0].complete);
  EXPECT_TRUE(s.tt_graphs[1].truncated);
  EXPECT_EQ(s.tt_graphs[0].attribution.line, 20);
  ASSERT_EQ(s.failures.size(), 1u);
  EXPECT_EQ(s.failures[0].kind, CompileFailure::Kind::kTtCompileError);
  EXPECT_NE(s.failures[0].message.find("reduce-window.112"), std::string::npos);
  EXPECT_TRUE(HasDiagnostic(s, "unresolved location alias #loc77"));
  EXPECT_TRUE(HasDiagnostic(s, "truncated"));
}

TEST(LogReaderTest, InterleavedProcessesKeepTheirRecords) {
  testing::TempDir dir;
  auto line = [](const char* pid, const std::string& msg) {
    return std::string("V0101 00:00:00.000000 ") + pid +
           " torch/_dynamo/symbolic_convert.py:1] [0/0] [__graph_breaks] " + msg + "\n";
  };
  std::string text = line("11", "Graph break in user code at /a.py:3") +
                     line("22", "Graph break in user code at /b.py:7") +
                     line("11", "Graph Break Reason: Data-dependent branching") +
                     line("22", "Graph Break Reason: Unsupported Tensor.item() call with "
                                "capture_scalar_outputs=False");
  LogSummary s = Read({dir.Write("mixed.log", text)});
  ASSERT_EQ(s.breaks.size(), 2u);
  for (const auto& [key, site] : s.breaks) {
    EXPECT_EQ(site.registry_id, site.at.file == "/a.py" ? "GB0170" : "GB0124");
  }
}

TEST(LogReaderTest, JunkAndTruncatedRecordsNeverCrash) {
  testing::TempDir dir;
  std::string trace =
      "V1123 18:41:44.907000 1 torch/_dynamo/convert_frame.py:1] {\"str\": [\"/a.py\", 1]}\n"
      "V1123 18:41:44.907000 1 torch/_dynamo/convert_frame.py:1] {\"dynamo_start\": {\"stack\": "
      "[{\"line\": 3, \"name\": \"f\", \"filename\": 1}]}, \"frame_id\": 0, \"frame_compile_id\": 0}\n"
      "V1123 18:41:44.907000 1 torch/_dynamo/convert_frame.py:1] {\"compilation_metrics\": {\"co_";
  LogSummary s = Read({dir.Write("trace.log", trace)});
  EXPECT_EQ(s.dynamo_frames, 1);
  EXPECT_TRUE(HasDiagnostic(s, "not valid JSON"));

  std::string junk;
  for (int i = 0; i < 5000; ++i) junk.push_back(static_cast<char>((i * 131) % 256));
  LogSummary j = Read({dir.Write("junk.bin", junk)});
  EXPECT_TRUE(HasDiagnostic(j, "no graph breaks"));

  LogReadResult missing = ReadLogs({dir.Join("absent.log")});
  EXPECT_EQ(missing.errors.size(), 1u);
}

// Real sweep-model logs (tests/fixtures/logs/torch-2.13.0/sweep): ctrl breaks inside torch
// (register_buffer, reached from modeling_ctrl.py:317) and Dynamo skips the wrapper frames around
// it; its sweep record says 3 reports at modeling_ctrl.py:317 (2 of them frame skips) and 1 at
// output_capturing.py:332, in 2 graphs.
const std::string kCtrl = kReal + "sweep/transformers/ctrl-eval/";

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

const BreakSite* SiteAt(const LogSummary& s, const std::string& suffix, int line) {
  const BreakSite* found = nullptr;
  for (const auto& [key, site] : s.breaks) {
    if (site.at.file.ends_with(suffix) && site.at.line == line) {
      EXPECT_EQ(found, nullptr) << "two sites at " << suffix << ":" << line;
      found = &site;
    }
  }
  return found;
}

void ExpectCtrlSites(const LogSummary& s) {
  ASSERT_EQ(s.breaks.size(), 2u);
  const BreakSite* ctrl = SiteAt(s, "transformers/models/ctrl/modeling_ctrl.py", 317);
  ASSERT_NE(ctrl, nullptr);
  EXPECT_EQ(ctrl->count, 3);
  EXPECT_EQ(ctrl->frames_skipped, 2);
  EXPECT_EQ(ctrl->at.function, "forward");
  const BreakSite* dictcomp = SiteAt(s, "transformers/utils/output_capturing.py", 332);
  ASSERT_NE(dictcomp, nullptr);
  EXPECT_EQ(dictcomp->count, 1);
  EXPECT_EQ(dictcomp->frames_skipped, 1);
}

TEST(LogReaderTest, BreakInsideTorchIsPinnedOnTheInnermostFrameOutsideIt) {
  // The reports print torch/nn/modules/module.py:587; two are stack-less duplicates.
  LogSummary s = Read({kCtrl + "graph_breaks.log"});
  ExpectCtrlSites(s);
  EXPECT_EQ(SiteAt(s, "torch/nn/modules/module.py", 587), nullptr);
}

TEST(LogReaderTest, TraceBreaksArePinnedLikeTheText) {
  LogSummary s = Read({kCtrl + "trace"});
  ExpectCtrlSites(s);
  EXPECT_EQ(s.dynamo_graphs.size(), 2u);
}

TEST(LogReaderTest, PlusDynamoWithoutBreakReportsInfersThem) {
  // +dynamo alone prints no break report: the breaks come from `COMPILING GRAPH ...
  // graph_break=True` and from the WON'T CONVERT records of the skipped frames.
  LogSummary s = Read({kCtrl + "dynamo_debug.log"});
  ExpectCtrlSites(s);
  ASSERT_EQ(s.dynamo_graphs.size(), 2u);
  EXPECT_TRUE(s.dynamo_graphs[0].ends_in_break);
  EXPECT_EQ(s.dynamo_graphs[0].end_line, 317);
  EXPECT_TRUE(s.dynamo_graphs[1].resumed);
}

TEST(LogReaderTest, PlusDynamoWithBreakReportsCountsEachBreakOnce) {
  // TORCH_LOGS=+dynamo,graph_breaks: both kinds of record in one log.
  testing::TempDir dir;
  std::string both = Slurp(kCtrl + "dynamo_debug.log") + Slurp(kCtrl + "graph_breaks.log");
  ExpectCtrlSites(Read({dir.Write("both.log", both)}));
}

TEST(LogReaderTest, OlderTraceInfersBreaksFromResumeFramesAndPairsFramesByCompileId) {
  // tlparse's comp_metrics.log: no break records, 3 graphs from 2 breaks; dynamo_start ends in
  // eval_frame.py's _fn (the caller), compilation_metrics names the compiled code.
  LogSummary s = Read({kOld + "tlparse/comp_metrics.log"});
  ASSERT_EQ(s.dynamo_graphs.size(), 3u);
  for (const DynamoGraph& g : s.dynamo_graphs) {
    EXPECT_EQ(g.function, "fn") << g.compile_id;
    EXPECT_TRUE(g.file.ends_with("test/dynamo/test_misc.py")) << g.file;
  }
  EXPECT_EQ(s.dynamo_graphs[0].first_line, 9549);
  EXPECT_FALSE(s.dynamo_graphs[0].resumed);
  EXPECT_EQ(s.dynamo_graphs[1].first_line, 9551);
  EXPECT_TRUE(s.dynamo_graphs[2].resumed);
  ASSERT_EQ(s.breaks.size(), 2u);
  const BreakSite* first = SiteAt(s, "test_misc.py", 9551);
  const BreakSite* second = SiteAt(s, "test_misc.py", 9553);
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(first->count, 1);
  EXPECT_EQ(first->graphs_added, 1);
  EXPECT_EQ(second->at.function, "fn");
}

}  // namespace
}  // namespace gbreak
