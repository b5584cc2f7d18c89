#ifndef GBREAK_PROGRAM_AUTO_CALLEE_H_
#define GBREAK_PROGRAM_AUTO_CALLEE_H_

#include <optional>
#include <string>

namespace gbreak {

// A submodule a transformers auto class builds from configuration data
// (`self.language_model = AutoModel.from_config(config.text_config)`): which class it is depends
// on the default model type of the owner's configuration's `text_config`, which lives in another
// module, and on the auto class's mapping, in a third. The module summary names such a callee
// by its parts and the program graph (ProgramGraph::AutoTargets) resolves it once those modules
// are read:
//
//   "<owner class, qualified>@auto(<auto class, qualified>|<field>).<method>"
//
// `field` is the configuration attribute handed to from_config ("text_config"), or "" for the
// owner's configuration itself (`AutoModel.from_config(config)`).
struct AutoCallee {
  std::string owner;       // "transformers.models.llava.modeling_llava.LlavaModel"
  std::string auto_class;  // "transformers.models.auto.AutoModel"
  std::string field;       // "text_config"
  std::string method;      // "forward"
};

std::string FormatAutoCallee(const AutoCallee& callee);
std::optional<AutoCallee> ParseAutoCallee(const std::string& text);

}  // namespace gbreak

#endif  // GBREAK_PROGRAM_AUTO_CALLEE_H_
