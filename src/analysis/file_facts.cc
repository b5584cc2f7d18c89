#include "analysis/file_facts.h"

namespace gbreak {

const ImportTable& FileFacts::imports() {
  if (imports_ == nullptr) imports_ = std::make_unique<ImportTable>(ImportTable::Build(root_, text_));
  return *imports_;
}

ValueInference& FileFacts::values() {
  if (values_ == nullptr) values_ = std::make_unique<ValueInference>(root_, text_, imports());
  return *values_;
}

CompiledRegion& FileFacts::region() {
  if (region_ == nullptr) {
    region_ = std::make_unique<CompiledRegion>(root_, text_, imports(), options_);
  }
  return *region_;
}

}  // namespace gbreak
