// The result cache's encoding: every field of a check result comes back as it was, and bytes
// that are not an encoding of one are refused.

#include "cache/result_codec.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/rule_test_util.h"
#include "test_util.h"

namespace gbreak {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;

// A field added to one of these structs must be encoded too (result_codec.cc, with its format
// version bumped in result_cache.cc); these sizes say when one was added. Checked where they
// were measured (x86-64, libstdc++). Finding::resumes and Finding::frame_input_ok are not
// encoded on purpose: only the rule engine's last passes read them, before a result is cached.
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(Finding) == 560, "Finding changed: encode the new field");
static_assert(sizeof(FunctionSummary) == 448, "FunctionSummary changed: encode the new field");
static_assert(sizeof(CallSite) == 240, "CallSite changed: encode the new field");
static_assert(sizeof(ModuleSummary) == 600, "ModuleSummary changed: encode the new field");
static_assert(sizeof(FileCheckResult) == 800, "FileCheckResult changed: encode the new field");
// What Finish is handed keys its kept result (EncodeFinishInputs): a field left out of the key
// would let an entry run reuse findings made with other facts.
static_assert(sizeof(FileChecker::ProgramFacts) == 368,
              "ProgramFacts changed: add the new field to EncodeFinishInputs");
#endif

class ResultCodecTest : public ::testing::Test {
 protected:
  void SetUp() override {
    engine_ = testing::EmbeddedEngine();
    ASSERT_NE(engine_, nullptr);
  }

  // A result with every field set to something other than its default.
  FileCheckResult Full() const {
    FileCheckResult result;
    Finding f;
    f.rule = engine_->FindByCode("SE001");
    f.path = "pkg/m.py";
    f.start = {10, 2, 3};
    f.end = {20, 2, 13};
    f.message = "`print(x)` breaks";
    f.confidence = Confidence::kLikely;
    f.placement = Placement::kInWith;
    f.modes = {false, true};
    f.function = "Net.forward";
    f.requirement = {ProgramRequirement::Kind::kReplacedModule, "pkg"};
    f.reached = false;
    f.origin = "transformers";
    f.module = "pkg.m";
    f.call_chain = {{"a.py", 4, "A.forward"}, {"pkg/m.py", 2, "Net.forward"}};
    f.conditions = {"`pixel_values` is given"};
    f.error_path = true;
    f.fix = "guard it";
    f.edit = TextEdit{10, 20, "pass"};
    f.patch_edit = TextEdit{11, 12, "x"};
    f.fix_safety = FixSafety::kUnsafe;
    result.findings.push_back(f);
    result.diagnostics.push_back({Diagnostic::Level::kWarning, "pkg/m.py", 7, "too large"});
    result.bytes = 1234;
    result.analyzed = true;
    result.call_conditions = {{40, "`mask` is given"}};
    result.calls_never_run = {52};

    ModuleSummary m;
    m.path = "pkg/m.py";
    m.module = "pkg.m";
    FunctionSummary fn;
    fn.name = "Net.forward";
    fn.line = 2;
    fn.start_byte = 5;
    fn.end_byte = 90;
    fn.entry = fn.disabled = fn.disabled_own_frame_only = fn.constant_result = fn.wrapper = true;
    fn.property = true;
    fn.config_fields_written = {"is_decoder"};
    fn.imported_modules = {"pkg"};
    fn.returns = {"inner"};
    fn.adds_arguments = {"use_cache", "**"};
    fn.literal_defaults = {{"mask", 1}};
    fn.signature = {{"x", "mask"}, 2, "args", "kwargs"};
    CallSite call;
    call.callee = "pkg.h.slow";
    call.start_byte = 30;
    call.end_byte = 44;
    call.local = true;
    call.positional = 1;
    call.keywords = {"k"};
    call.splat = true;
    call.splat_sources = {"**kwargs"};
    call.forwarded = {{"#0", "x"}};
    call.tensor_arguments = {"#0"};
    call.literals = {{"return_dict", "False"}};
    call.built_start = 60;
    call.built_end = 72;
    call.built_with_config = true;
    fn.calls = {call};
    fn.rebinds = {{"forward", {"patched", true, "REG.get(x)"}}};
    fn.guarded_callees = {{"self.encode", {{"pixel_values"}, {"*args", "**kwargs"}}}};
    fn.local_callees = {"helper"};
    fn.external_callees = {"pkg.timed()"};
    m.functions = {fn};
    m.imports = {{"h", {"pkg.h"}}};
    m.classes = {{"Net", {"torch.nn.Module"}}};
    m.class_fields = {{"Config", {{"layerdrop", "0.0"}}}};
    m.class_config = {{"Net", "pkg.Config"}};
    m.sub_configs = {{"Config", {{"text_config", "type:llama"}}}};
    m.auto_class_maps = {{"AutoModel", "MODEL_MAPPING_NAMES"}};
    m.model_type_maps = {{"MODEL_MAPPING_NAMES", {{"llama", "LlamaModel"}}}};
    m.class_decorators = {{"Net", {"pkg.use_impl()"}}};
    m.star_imports = {"pkg.all"};
    m.class_maps = {{"ATTENTION", {"pkg.Sdpa"}}};
    m.compiled = {"pkg.m.Net"};
    m.compiled_lines = {12};
    m.library = true;
    m.replaces_itself = true;
    result.summary = m;
    return result;
  }

  std::unique_ptr<RuleEngine> engine_;
};

TEST_F(ResultCodecTest, EveryFieldComesBack) {
  FileCheckResult original = Full();
  EncodedResult encoded = EncodeCheckResult(original);
  absl::StatusOr<FileCheckResult> decoded = DecodeCheckResult(encoded.found, *engine_);
  ASSERT_TRUE(decoded.ok()) << decoded.status();
  ASSERT_EQ(decoded->findings.size(), 1u);
  const Finding& a = original.findings[0];
  const Finding& b = decoded->findings[0];
  EXPECT_EQ(b.rule, a.rule);
  EXPECT_EQ(b.path, a.path);
  EXPECT_EQ(std::tie(b.start.offset, b.start.line, b.start.column),
            std::tie(a.start.offset, a.start.line, a.start.column));
  EXPECT_EQ(std::tie(b.end.offset, b.end.line, b.end.column),
            std::tie(a.end.offset, a.end.line, a.end.column));
  EXPECT_EQ(b.message, a.message);
  EXPECT_EQ(b.confidence, a.confidence);
  EXPECT_EQ(b.placement, a.placement);
  EXPECT_EQ(b.modes.eval, a.modes.eval);
  EXPECT_EQ(b.modes.train, a.modes.train);
  EXPECT_EQ(b.function, a.function);
  EXPECT_EQ(b.requirement.kind, a.requirement.kind);
  EXPECT_EQ(b.requirement.name, a.requirement.name);
  EXPECT_EQ(b.reached, a.reached);
  EXPECT_EQ(b.origin, a.origin);
  EXPECT_EQ(b.module, a.module);
  ASSERT_EQ(b.call_chain.size(), 2u);
  EXPECT_EQ(b.call_chain[1].path, "pkg/m.py");
  EXPECT_EQ(b.call_chain[1].line, 2);
  EXPECT_EQ(b.call_chain[1].function, "Net.forward");
  EXPECT_EQ(b.conditions, a.conditions);
  EXPECT_EQ(b.error_path, a.error_path);
  EXPECT_EQ(b.fix, a.fix);
  ASSERT_TRUE(b.edit.has_value());
  EXPECT_EQ(std::tie(b.edit->start, b.edit->end, b.edit->replacement),
            std::tie(a.edit->start, a.edit->end, a.edit->replacement));
  ASSERT_TRUE(b.patch_edit.has_value());
  EXPECT_EQ(b.patch_edit->replacement, "x");
  EXPECT_EQ(b.fix_safety, a.fix_safety);
  ASSERT_EQ(decoded->diagnostics.size(), 1u);
  EXPECT_EQ(decoded->diagnostics[0].level, Diagnostic::Level::kWarning);
  EXPECT_EQ(decoded->diagnostics[0].line, 7);
  EXPECT_EQ(decoded->diagnostics[0].message, "too large");
  EXPECT_EQ(decoded->bytes, 1234u);
  EXPECT_TRUE(decoded->analyzed);
  EXPECT_THAT(decoded->call_conditions, ElementsAre(Pair(40u, "`mask` is given")));
  EXPECT_THAT(decoded->calls_never_run, ElementsAre(52u));
  EXPECT_FALSE(decoded->summary.has_value());  // the summary is its own part

  absl::StatusOr<ModuleSummary> summary = DecodeSummary(encoded.summary);
  ASSERT_TRUE(summary.ok()) << summary.status();
  const ModuleSummary& m = *original.summary;
  EXPECT_EQ(summary->path, m.path);
  EXPECT_EQ(summary->module, m.module);
  EXPECT_EQ(summary->imports, m.imports);
  EXPECT_EQ(summary->classes, m.classes);
  EXPECT_EQ(summary->class_fields, m.class_fields);
  EXPECT_EQ(summary->class_config, m.class_config);
  EXPECT_EQ(summary->sub_configs, m.sub_configs);
  EXPECT_EQ(summary->auto_class_maps, m.auto_class_maps);
  EXPECT_EQ(summary->model_type_maps, m.model_type_maps);
  EXPECT_EQ(summary->class_decorators, m.class_decorators);
  EXPECT_EQ(summary->star_imports, m.star_imports);
  EXPECT_EQ(summary->class_maps, m.class_maps);
  EXPECT_EQ(summary->compiled, m.compiled);
  EXPECT_EQ(summary->compiled_lines, m.compiled_lines);
  EXPECT_EQ(summary->library, m.library);
  EXPECT_EQ(summary->replaces_itself, m.replaces_itself);
  ASSERT_EQ(summary->functions.size(), 1u);
  const FunctionSummary& f = summary->functions[0];
  const FunctionSummary& g = m.functions[0];
  EXPECT_EQ(std::tie(f.name, f.line, f.start_byte, f.end_byte, f.entry, f.disabled,
                     f.disabled_own_frame_only, f.constant_result, f.returns, f.wrapper,
                     f.adds_arguments, f.literal_defaults, f.local_callees, f.external_callees,
                     f.property, f.config_fields_written, f.imported_modules),
            std::tie(g.name, g.line, g.start_byte, g.end_byte, g.entry, g.disabled,
                     g.disabled_own_frame_only, g.constant_result, g.returns, g.wrapper,
                     g.adds_arguments, g.literal_defaults, g.local_callees, g.external_callees,
                     g.property, g.config_fields_written, g.imported_modules));
  EXPECT_EQ(std::tie(f.signature.named, f.signature.positional, f.signature.var_positional,
                     f.signature.var_keyword),
            std::tie(g.signature.named, g.signature.positional, g.signature.var_positional,
                     g.signature.var_keyword));
  ASSERT_EQ(f.rebinds.size(), 1u);
  EXPECT_EQ(std::tie(f.rebinds.at("forward").replacement, f.rebinds.at("forward").runs_original,
                     f.rebinds.at("forward").original_when),
            std::tie(g.rebinds.at("forward").replacement, g.rebinds.at("forward").runs_original,
                     g.rebinds.at("forward").original_when));
  EXPECT_EQ(f.guarded_callees, g.guarded_callees);
  ASSERT_EQ(f.calls.size(), 1u);
  const CallSite& c = f.calls[0];
  const CallSite& d = g.calls[0];
  EXPECT_EQ(std::tie(c.callee, c.start_byte, c.end_byte, c.local, c.positional, c.keywords,
                     c.splat, c.splat_sources, c.forwarded, c.tensor_arguments, c.literals,
                     c.built_start, c.built_end, c.built_with_config),
            std::tie(d.callee, d.start_byte, d.end_byte, d.local, d.positional, d.keywords,
                     d.splat, d.splat_sources, d.forwarded, d.tensor_arguments, d.literals,
                     d.built_start, d.built_end, d.built_with_config));
}

TEST_F(ResultCodecTest, AResultWithoutSummaryHasAnEmptySummaryPart) {
  FileCheckResult result;
  result.bytes = 3;
  EXPECT_EQ(EncodeCheckResult(result).summary, "");
}

TEST_F(ResultCodecTest, BytesThatAreNoResultAreRefused) {
  EncodedResult encoded = EncodeCheckResult(Full());
  EXPECT_FALSE(DecodeCheckResult("", *engine_).ok());
  EXPECT_FALSE(DecodeCheckResult("garbage", *engine_).ok());
  EXPECT_FALSE(DecodeCheckResult(std::string_view(encoded.found).substr(0, 20), *engine_).ok());
  EXPECT_FALSE(DecodeSummary(std::string_view(encoded.summary).substr(0, 20)).ok());
  // A summary is not a result, nor the other way round.
  EXPECT_FALSE(DecodeCheckResult(encoded.summary, *engine_).ok());
  EXPECT_FALSE(DecodeSummary(encoded.found).ok());
}

TEST_F(ResultCodecTest, AFindingOfARuleTheEngineDoesNotHaveIsRefused) {
  EncodedResult encoded = EncodeCheckResult(Full());
  std::vector<Rule> others;
  for (const Rule& rule : engine_->rules()) {
    if (rule.code != "SE001") others.push_back(rule);
  }
  absl::StatusOr<std::unique_ptr<RuleEngine>> without = RuleEngine::Create(others);
  ASSERT_TRUE(without.ok()) << without.status();
  absl::StatusOr<FileCheckResult> decoded = DecodeCheckResult(encoded.found, **without);
  EXPECT_FALSE(decoded.ok());
}

TEST_F(ResultCodecTest, ASettledRunComesBackWithoutSummaries) {
  FileCheckResult unreadable;
  unreadable.diagnostics.push_back({Diagnostic::Level::kError, "gone.py", 0, "cannot open"});
  std::vector<FileCheckResult> run = {Full(), unreadable};
  absl::StatusOr<std::vector<FileCheckResult>> decoded =
      DecodeSettledRun(EncodeSettledRun(run), *engine_);
  ASSERT_TRUE(decoded.ok()) << decoded.status();
  ASSERT_EQ(decoded->size(), 2u);
  EXPECT_EQ((*decoded)[0].findings.size(), 1u);
  EXPECT_EQ((*decoded)[0].findings[0].message, run[0].findings[0].message);
  EXPECT_FALSE((*decoded)[0].summary.has_value());
  ASSERT_EQ((*decoded)[1].diagnostics.size(), 1u);
  EXPECT_EQ((*decoded)[1].diagnostics[0].path, "gone.py");
  EXPECT_FALSE(DecodeSettledRun("\x91\x01", *engine_).ok());  // [1]: not a binary value
}

// Every field of what Finish is handed changes the key of its result, and nothing else does.
TEST(FinishInputsTest, EveryFieldChangesTheBytes) {
  using Facts = FileChecker::ProgramFacts;
  const std::vector<std::pair<uint32_t, uint32_t>> ranges = {{0, 10}, {20, 30}};
  const std::string plain = EncodeFinishInputs(ranges, Facts{});
  EXPECT_EQ(EncodeFinishInputs(ranges, Facts{}), plain);
  EXPECT_NE(EncodeFinishInputs({{0, 10}}, Facts{}), plain);
  std::vector<Facts> changed(8);
  changed[0].defaulted[4] = {"x"};
  changed[1].config_defaults["C"]["f"] = "1";
  changed[2].tensor_passed[4] = {"x"};
  changed[3].unknown_inputs[4] = {"x"};
  changed[4].calls_known = {4};
  changed[5].call_sites = {{4, 8}};
  changed[6].replaced_imports = std::set<std::string>{};  // decided: none replace themselves
  changed[7].replaced_imports = std::set<std::string>{"lazy"};
  std::set<std::string> seen = {plain};
  for (const Facts& facts : changed) {
    EXPECT_TRUE(seen.insert(EncodeFinishInputs(ranges, facts)).second);
  }
}

}  // namespace
}  // namespace gbreak
