#include "analysis/file_facts.h"

namespace gbreak {

const ImportTable& FileFacts::imports() {
  if (imports_ == nullptr) imports_ = std::make_unique<ImportTable>(ImportTable::Build(root_, text_));
  return *imports_;
}

}  // namespace gbreak
