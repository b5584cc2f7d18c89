#include "analysis/definition_index.h"

namespace gbreak {

const DefinitionIndex::Definitions& DefinitionIndex::In(TSNode container,
                                                        std::string_view type) const {
  auto key = std::make_pair(container.id, type == "class_definition");
  auto it = definitions_.find(key);
  if (it != definitions_.end()) return it->second;
  Definitions& names = definitions_[key];
  for (TSNode member : NamedChildren(container)) {
    if (Is(member, "decorated_definition")) {
      if (IsAccessorOrStub(member)) continue;
      member = Field(member, "definition");
    }
    // The last definition of a name is what the name holds once the container has run.
    if (Is(member, type)) {
      names.insert_or_assign(std::string(NodeText(Field(member, "name"), text_)), member);
    }
  }
  return names;
}

bool DefinitionIndex::IsAccessorOrStub(TSNode decorated) const {
  for (TSNode decorator : NamedChildren(decorated)) {
    if (!Is(decorator, "decorator")) continue;
    std::string_view written = NodeText(decorator, text_);
    if (written.ends_with(".setter") || written.ends_with(".deleter") ||
        written == "@overload" || written.ends_with(".overload")) {
      return true;
    }
  }
  return false;
}

}  // namespace gbreak
