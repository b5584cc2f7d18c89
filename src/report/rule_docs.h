#ifndef GBREAK_REPORT_RULE_DOCS_H_
#define GBREAK_REPORT_RULE_DOCS_H_

#include <string>

#include "rules/rule.h"

namespace gbreak {

// Dynamo's documentation page for a registry id (GB0059 -> .../gb/gb0059.html).
std::string RegistryLink(const std::string& registry_id);

// A rule's documentation from its TOML (summary, why Dynamo breaks, the fix, the example before
// and after, the registry ids), as plain text and as GitHub-flavoured markdown. SARIF's
// `help.text`/`help.markdown` and the markdown report both use these.
std::string RuleHelpText(const Rule& rule);
std::string RuleHelpMarkdown(const Rule& rule);

// The first paragraph of `text` (up to the first blank line), on one line, cut to `limit` bytes
// at a UTF-8 boundary with "..." when longer. SARIF's fullDescription allows 1,024 characters.
std::string FirstParagraph(const std::string& text, size_t limit);

}  // namespace gbreak

#endif  // GBREAK_REPORT_RULE_DOCS_H_
