#ifndef GBREAK_CLI_MODEL_CONFIG_H_
#define GBREAK_CLI_MODEL_CONFIG_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace gbreak {

// The model configuration the user runs (`--config`): each value is a `config.json` (its
// top-level scalar fields) or `KEY=VALUE`, later ones over earlier ones. Returns field -> the
// value as a Python literal (`0.1`, `True`, `None`, `'sdpa'`), which the analysis uses in place
// of the configuration class's defaults. The fields of a JSON object (a sub-configuration such
// as `text_config`) come as `text_config.hidden_size`, and `KEY=VALUE` may name them so too: they
// belong to the configuration class that field holds (ProgramGraph::ConfigDefaults). A list of
// scalars (`layer_types`, `[a, b]` on the command line) is a list literal.
absl::StatusOr<std::map<std::string, std::string>> ReadModelConfig(
    const std::vector<std::string>& values);

}  // namespace gbreak

#endif  // GBREAK_CLI_MODEL_CONFIG_H_
