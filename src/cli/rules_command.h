#ifndef GBREAK_CLI_RULES_COMMAND_H_
#define GBREAK_CLI_RULES_COMMAND_H_

#include <string>
#include <vector>

namespace gbreak {

// `gbreak rules`: one line per rule (code, name, category, default, registry ids).
int RunRules(const std::vector<std::string>& rule_dirs, const std::string& output_format);

// `gbreak explain CODE`: the rule's full documentation.
int RunExplain(const std::string& code_or_name, const std::vector<std::string>& rule_dirs);

}  // namespace gbreak

#endif  // GBREAK_CLI_RULES_COMMAND_H_
