#include "analysis/file_facts.h"

#include <algorithm>

#include "analysis/placement.h"
#include "analysis/syntax_queries.h"
#include "syntax/tree_index.h"

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

bool FileFacts::TextContains(std::string_view needle, uint32_t start, uint32_t end) {
  auto it = occurrences_.find(needle);
  if (it == occurrences_.end()) {
    std::vector<uint32_t> offsets;
    for (size_t at = text_.find(needle); at != std::string_view::npos;
         at = text_.find(needle, at + 1)) {
      offsets.push_back(static_cast<uint32_t>(at));
    }
    it = occurrences_.emplace(std::string(needle), std::move(offsets)).first;
  }
  // The first occurrence at or after `start` must end by `end`.
  auto first = std::lower_bound(it->second.begin(), it->second.end(), start);
  return first != it->second.end() && *first + needle.size() <= end;
}

ValueInference& FileFacts::values() {
  if (values_ == nullptr) {
    values_ = std::make_unique<ValueInference>(root_, text_, imports(), calls_);
    values_->SetModes(options_.eval, options_.train);
    values_->SetModuleCalls([this](TSNode class_definition) {
      return region().CallsOfModule(class_definition);
    });
  }
  return *values_;
}

CompiledRegion& FileFacts::region() {
  if (region_ == nullptr) {
    region_ = std::make_unique<CompiledRegion>(root_, text_, imports(), options_);
    region_->truth_cache()->UseCallIndex(&calls_);
    region_->UseBindingIndex(&bindings_);
    // A tensor as the file's findings take it: also one that rests on the assumption that an
    // entry's unannotated parameter is a tensor.
    if (options_.note_tensor_arguments) {
      region_->UseTensorTest(
          [this](TSNode expression) { return values().Evaluate(expression).Has(Value::kTensor); });
    }
  }
  return *region_;
}

const std::set<std::string, std::less<>>& FileFacts::cached_property_names() {
  if (!cached_property_names_) {
    cached_property_names_.emplace();
    if (TextContains("cached_property", 0, static_cast<uint32_t>(text_.size()))) {
      ForEachNamedNode(root_, [&](TSNode n, std::string_view type) {
        if (type != "decorated_definition") return true;
        TSNode function = Field(n, "definition");
        if (!Is(function, "function_definition")) return true;
        for (TSNode decorator : Decorators(function)) {
          for (const std::string& name :
               QualifiedNames(ts_node_named_child(decorator, 0), text_, imports())) {
            if (name == "functools.cached_property") {
              cached_property_names_->emplace(DefinitionName(function, text_));
              cached_property_starts_.insert(ts_node_start_byte(function));
            }
          }
        }
        return true;
      });
    }
  }
  return *cached_property_names_;
}

const FileFacts::ExitConditions* FileFacts::FindExitConditions(TSNode block) const {
  auto it = exit_conditions_.find(ts_node_start_byte(block));
  return it == exit_conditions_.end() ? nullptr : &it->second;
}

const FileFacts::ExitConditions& FileFacts::PutExitConditions(TSNode block,
                                                              ExitConditions conditions) {
  return exit_conditions_[ts_node_start_byte(block)] = std::move(conditions);
}

bool FileFacts::IsCachedProperty(TSNode function) {
  cached_property_names();
  return cached_property_starts_.contains(ts_node_start_byte(function));
}

const std::set<std::string>& FileFacts::higher_order_op_bodies() {
  if (!higher_order_op_bodies_) {
    higher_order_op_bodies_ = HigherOrderOpBodyNames(root_, text_, imports());
  }
  return *higher_order_op_bodies_;
}

}  // namespace gbreak
