#include "analysis/file_facts.h"

#include "analysis/placement.h"

namespace gbreak {

const ImportTable& FileFacts::imports() {
  if (imports_ == nullptr) imports_ = std::make_unique<ImportTable>(ImportTable::Build(root_, text_));
  return *imports_;
}

const std::vector<std::string>& FileFacts::QualifiedNamesOf(TSNode expression) {
  if (!ts_node_eq(expression, last_qualified_) || ts_node_is_null(expression)) {
    last_qualified_ = expression;
    last_names_ = QualifiedNames(expression, text_, imports());
  }
  return last_names_;
}

ValueInference& FileFacts::values() {
  if (values_ == nullptr) {
    values_ = std::make_unique<ValueInference>(root_, text_, imports(), calls_);
  }
  return *values_;
}

CompiledRegion& FileFacts::region() {
  if (region_ == nullptr) {
    region_ = std::make_unique<CompiledRegion>(root_, text_, imports(), options_);
    region_->truth_cache()->UseCallIndex(&calls_);
  }
  return *region_;
}

const std::set<std::string>& FileFacts::higher_order_op_bodies() {
  if (!higher_order_op_bodies_) {
    higher_order_op_bodies_ = HigherOrderOpBodyNames(root_, text_, imports());
  }
  return *higher_order_op_bodies_;
}

}  // namespace gbreak
