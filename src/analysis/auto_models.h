#ifndef GBREAK_ANALYSIS_AUTO_MODELS_H_
#define GBREAK_ANALYSIS_AUTO_MODELS_H_

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "program/program_graph.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// transformers builds a model's sub-models from configuration data:
// `self.language_model = AutoModel.from_config(config.text_config)` picks the class the
// auto class's mapping gives for the model type of `text_config`, whose default the
// configuration class declares (`sub_configs_defaults = {"text_config":
// SubConfigSpec(config_class=AutoConfig, model_type="llama")}`). This file reads what one module
// declares of that chain; ProgramGraph::AutoTargets follows it across modules.

// Reads into `summary` (sub_configs, auto_class_maps, model_type_maps):
// - a class body's `sub_configs_defaults = {field: ConfigClass | SubConfigSpec(model_type="t" |
//   config_class=ConfigClass)}`: field -> "type:t" or "class:<qualified class>";
// - an auto class's `_model_mapping = NAME` with a module-level `NAME = f(CONFIGS, NAMES)`:
//   the class -> "NAMES";
// - those module-level `NAMES = OrderedDict([("llama", "LlamaModel"), ...])` (or dict literals):
//   model type -> class name (the first of a tuple of names).
// `class_named` qualifies a class expression of this module ("" when it names no class).
void ReadAutoModelFacts(TSNode root, std::string_view text,
                        const std::function<std::string(TSNode)>& class_named,
                        ModuleSummary* summary);

// `AutoModel.from_config(config.text_config)` (or `config=...`, `self.config...`): the auto
// class expression and the configuration field ("" for the configuration itself).
struct AutoBuild {
  TSNode auto_class;
  std::string field;
};
std::optional<AutoBuild> AutoBuildOf(TSNode call, std::string_view text);

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_AUTO_MODELS_H_
