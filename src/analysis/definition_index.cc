#include "analysis/definition_index.h"

namespace gbreak {

const DefinitionIndex::Definitions& DefinitionIndex::In(TSNode container,
                                                        std::string_view type) const {
  auto key = std::make_pair(container.id, type == "class_definition");
  auto it = definitions_.find(key);
  if (it != definitions_.end()) return it->second;
  Definitions& names = definitions_[key];
  for (TSNode member : NamedChildren(container)) {
    if (Is(member, "decorated_definition")) member = Field(member, "definition");
    if (Is(member, type)) names.emplace(NodeText(Field(member, "name"), text_), member);  // first wins
  }
  return names;
}

}  // namespace gbreak
