#include "analysis/guards.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>

#include <set>
#include <string>
#include <tuple>

#include "analysis/syntax_queries.h"
#include "program/program_graph.h"
#include "source/list_literal.h"

namespace gbreak {
namespace {

constexpr int kMaxDepth = 32;

// The questions folding may ask again while answering them (TruthCache::BeginAsking).
constexpr int kLocalNone = 0;
constexpr int kEmptyCollection = 1;
constexpr int kVariadicCount = 2;
constexpr int kPassedHere = 3;

const std::set<std::string_view>& TrueWhileCompiling() {
  static const auto* s = new std::set<std::string_view>{
      "torch.compiler.is_compiling", "torch.compiler.is_dynamo_compiling",
      "torch._dynamo.is_compiling", "torch._dynamo.external_utils.is_compiling",
      "torch._utils.is_compiling"};
  return *s;
}
const std::set<std::string_view>& FalseWhileCompiling() {
  static const auto* s = new std::set<std::string_view>{
      "torch.jit.is_scripting", "torch.jit.is_tracing", "torch.onnx.is_in_onnx_export",
      "torch.fx._symbolic_trace.is_fx_tracing", "typing.TYPE_CHECKING", "torch._C._get_tracing_state"};
  return *s;
}
// Helpers libraries define for the same question (transformers, diffusers, accelerate).
const std::set<std::string_view>& CompilingHelperNames() {
  static const auto* s = new std::set<std::string_view>{
      "is_torchdynamo_compiling", "is_dynamo_compiling", "is_compiling", "is_torch_compiling"};
  return *s;
}

Truth Not(Truth t) {
  if (t == Truth::kTrue) return Truth::kFalse;
  if (t == Truth::kFalse) return Truth::kTrue;
  return Truth::kUnknown;
}

std::string LastName(std::string_view qualified) {
  size_t dot = qualified.rfind('.');
  return std::string(dot == std::string_view::npos ? qualified : qualified.substr(dot + 1));
}

class Evaluator {
 public:
  // `cache` is never null: folding keeps what it learned, and the questions it is asking, there.
  Evaluator(std::string_view text, const ImportTable& imports, Mode mode, TruthCache* cache,
            bool reduced_precision)
      : text_(text),
        imports_(imports),
        mode_(mode),
        cache_(cache),
        reduced_precision_(reduced_precision) {}

  Truth Eval(TSNode node, int depth) {
    if (ts_node_is_null(node) || depth > kMaxDepth) return Truth::kUnknown;
    if (const Truth* known = cache_->Find(node, mode_)) return *known;
    Truth truth = EvalUncached(node, depth);
    cache_->Put(node, mode_, truth);
    return truth;
  }

 private:
  Truth EvalUncached(TSNode node, int depth) {
    std::string_view type = NodeType(node);
    if (type == "true") return Truth::kTrue;
    if (type == "false" || type == "none") return Truth::kFalse;
    if (type == "parenthesized_expression") return Eval(ts_node_named_child(node, 0), depth + 1);
    if (type == "not_operator") return Not(Eval(Field(node, "argument"), depth + 1));
    if (type == "boolean_operator") {
      Truth left = Eval(Field(node, "left"), depth + 1);
      Truth right = Eval(Field(node, "right"), depth + 1);
      bool is_and = NodeText(Field(node, "operator"), text_) == "and";
      if (is_and) {
        if (left == Truth::kFalse || right == Truth::kFalse) return Truth::kFalse;
        if (left == Truth::kTrue && right == Truth::kTrue) return Truth::kTrue;
      } else {
        if (left == Truth::kTrue || right == Truth::kTrue) return Truth::kTrue;
        if (left == Truth::kFalse && right == Truth::kFalse) return Truth::kFalse;
      }
      return Truth::kUnknown;
    }
    if (type == "call") {
      Truth named = NameTruth(Field(node, "function"));
      if (named != Truth::kUnknown) return named;
      // `outputs.get("image")` on an empty dict: None.
      if (std::optional<Constant> value = EmptyCollectionCallConstant(node, depth)) {
        return value->Truthy();
      }
      Truth collection = CollectionTypeTruth(node, depth);
      if (collection != Truth::kUnknown) return collection;
      // getattr(self.config, "x", default): what the configuration holds.
      std::optional<Constant> constant = ConstantOf(node, depth);
      return constant ? constant->Truthy() : Truth::kUnknown;
    }
    if (type == "comparison_operator") {
      Truth membership = EmptyMembershipTruth(node, depth);
      if (membership != Truth::kUnknown) return membership;
      Truth none_test = NoneTestTruth(node);
      if (none_test != Truth::kUnknown) return none_test;
      Truth dtype_test = DtypeTestTruth(node);
      return dtype_test != Truth::kUnknown ? dtype_test : ConstantComparisonTruth(node, depth);
    }
    if (type == "attribute") {
      if (NodeText(Field(node, "attribute"), text_) == "training") {
        return mode_ == Mode::kTrain ? Truth::kTrue : Truth::kFalse;
      }
      Truth named = NameTruth(node);
      if (named != Truth::kUnknown) return named;
      TSNode object = Field(node, "object");
      if (Is(object, "identifier") && NodeText(object, text_) == "self") {
        Truth own = SelfAttributeTruth(node, depth);
        if (own != Truth::kUnknown) return own;
      }
      std::optional<Constant> constant = ConstantOf(node, depth);
      return constant ? constant->Truthy() : Truth::kUnknown;
    }
    if (type == "identifier") {
      std::string_view name = NodeText(node, text_);
      if (name == "TYPE_CHECKING") return Truth::kFalse;
      return VariableTruth(node, depth);
    }
    return Truth::kUnknown;
  }

 private:
  // A value known while tracing: a literal, a configuration field's default, or an attribute
  // __init__ set once to either.
  struct Constant {
    enum class Kind { kNumber, kBool, kNone, kString } kind = Kind::kNone;
    double number = 0;
    bool flag = false;
    std::string text;
    bool operator==(const Constant& other) const {
      return kind == other.kind && number == other.number && flag == other.flag &&
             text == other.text;
    }
    Truth Truthy() const {
      switch (kind) {
        case Kind::kNumber: return number != 0 ? Truth::kTrue : Truth::kFalse;
        case Kind::kBool: return flag ? Truth::kTrue : Truth::kFalse;
        case Kind::kNone: return Truth::kFalse;
        case Kind::kString: return text.empty() ? Truth::kFalse : Truth::kTrue;
      }
      return Truth::kUnknown;
    }
  };

  // A literal as written (`0.0`, `-1`, `True`, `None`, `"sdpa"`).
  static std::optional<Constant> ParseLiteral(std::string_view text) {
    Constant c;
    if (text == "True" || text == "False") {
      c.kind = Constant::Kind::kBool;
      c.flag = text == "True";
      return c;
    }
    if (text == "None") return c;
    if (!text.empty() && (text.back() == '"' || text.back() == '\'')) {
      size_t open = text.find(text.back());
      if (open == text.size() - 1 || text.substr(0, open).find_first_not_of("rRuU") !=
                                          std::string_view::npos) {
        return std::nullopt;  // b"..." and f"..." are not folded
      }
      size_t quote = text.substr(open, 3) == std::string_view(std::string(3, text.back())) ? 3 : 1;
      if (text.size() < open + 2 * quote) return std::nullopt;
      c.kind = Constant::Kind::kString;
      c.text = std::string(text.substr(open + quote, text.size() - open - 2 * quote));
      return c;
    }
    std::string digits;
    for (char ch : text) {
      if (ch != '_' && ch != ' ') digits += ch;
    }
    char* end = nullptr;
    double value = std::strtod(digits.c_str(), &end);
    if (digits.empty() || end == nullptr || *end != '\0') return std::nullopt;
    c.kind = Constant::Kind::kNumber;
    c.number = value;
    return c;
  }

  // A list literal of literals as written (`['sliding_attention', 'full_attention']`, as
  // model_config.h spells a per-layer field); none for anything else.
  static std::optional<std::vector<Constant>> ParseListLiteral(std::string_view text) {
    std::optional<std::vector<std::string_view>> entries = SplitListLiteral(text);
    if (!entries) return std::nullopt;
    std::vector<Constant> out;
    for (std::string_view entry : *entries) {
      std::optional<Constant> value = ParseLiteral(entry);
      if (!value) return std::nullopt;
      out.push_back(*value);
    }
    return out;
  }

  // `config.layer_types[i]` (or of `self.config`) with a list for that field: the entry at a
  // literal index; at any other index (a layer's own `layer_idx`), the entry of the instance
  // being evaluated (instance_), or, outside such an evaluation, none, noting the length so the
  // comparison can be evaluated once per entry (ConstantComparisonTruth).
  std::optional<Constant> ConfigListEntry(TSNode subscript, int depth) {
    TSNode list = Field(subscript, "value");
    if (!Is(list, "attribute") || !IsConfigRead(list) || NamedChildCount(subscript) != 2) {
      return std::nullopt;
    }
    const std::string* literal =
        ConfigLiteral(subscript, NodeText(Field(list, "attribute"), text_));
    if (literal == nullptr) return std::nullopt;
    std::optional<std::vector<Constant>> entries = ParseListLiteral(*literal);
    if (!entries || entries->empty()) return std::nullopt;
    std::optional<Constant> index = ConstantOf(Field(subscript, "subscript"), depth + 1);
    if (index) {
      if (index->kind != Constant::Kind::kNumber) return std::nullopt;
      double i = index->number < 0 ? index->number + entries->size() : index->number;
      if (i < 0 || i >= entries->size() || i != static_cast<size_t>(i)) return std::nullopt;
      return (*entries)[static_cast<size_t>(i)];
    }
    if (instance_ >= 0) {
      return static_cast<size_t>(instance_) < entries->size()
                 ? std::optional<Constant>((*entries)[instance_])
                 : std::nullopt;
    }
    instances_ = std::max(instances_, entries->size());
    return std::nullopt;
  }

  // The literal configuration field `field` of the class enclosing `at` holds (its default, or
  // what --config gives); null when none is known.
  const std::string* ConfigLiteral(TSNode at, std::string_view field) {
    TSNode owner = EnclosingClass(at);
    if (ts_node_is_null(owner)) return nullptr;
    return cache_->ConfigDefault(DefinitionName(owner, text_), field);
  }

  // The default of configuration field `field` of the class enclosing `at`.
  std::optional<Constant> ConfigField(TSNode at, std::string_view field) {
    const std::string* literal = ConfigLiteral(at, field);
    return literal == nullptr ? std::nullopt : ParseLiteral(*literal);
  }

  bool IsSelfName(TSNode node) { return Is(node, "identifier") && NodeText(node, text_) == "self"; }

  // `config` or `self.config`: the model's configuration.
  bool IsConfigObject(TSNode object) {
    if (Is(object, "identifier")) return NodeText(object, text_) == "config";
    return Is(object, "attribute") && IsSelfName(Field(object, "object")) &&
           NodeText(Field(object, "attribute"), text_) == "config";
  }
  // `config.x` or `self.config.x`: a read of the model's configuration.
  bool IsConfigRead(TSNode attribute) { return IsConfigObject(Field(attribute, "object")); }

  std::optional<Constant> ConstantOf(TSNode node, int depth) {
    if (ts_node_is_null(node) || depth > kMaxDepth) return std::nullopt;
    std::string_view type = NodeType(node);
    if (type == "parenthesized_expression") return ConstantOf(ts_node_named_child(node, 0), depth + 1);
    if (type == "integer" || type == "float" || type == "true" || type == "false" ||
        type == "none" || type == "string" || type == "unary_operator") {
      return ParseLiteral(NodeText(node, text_));
    }
    if (type == "call") {
      std::optional<Constant> from_empty = EmptyCollectionCallConstant(node, depth);
      if (from_empty) return from_empty;
      // getattr(config, "x", default) (or of self.config): the field's default, else the given
      // default.
      TSNode function = Field(node, "function");
      std::vector<TSNode> args = NamedChildren(Field(node, "arguments"));
      if (!Is(function, "identifier") || NodeText(function, text_) != "getattr" ||
          args.size() != 3 || !IsConfigObject(args[0])) {
        return std::nullopt;
      }
      std::optional<Constant> name = ConstantOf(args[1], depth + 1);
      if (!name || name->kind != Constant::Kind::kString) return std::nullopt;
      std::optional<Constant> field = ConfigField(node, name->text);
      return field ? field : ConstantOf(args[2], depth + 1);
    }
    if (type == "subscript") return ConfigListEntry(node, depth);
    if (type == "identifier") return HeldParameterLiteral(node, depth);
    if (type == "conditional_expression") {
      // `a if test else b`: the arm the test picks, when it folds.
      std::vector<TSNode> parts = NamedChildren(node);
      if (parts.size() != 3) return std::nullopt;
      Truth test = Eval(parts[1], depth + 1);
      if (test == Truth::kUnknown) return std::nullopt;
      return ConstantOf(test == Truth::kTrue ? parts[0] : parts[2], depth + 1);
    }
    if (type != "attribute") return std::nullopt;
    std::string_view name = NodeText(Field(node, "attribute"), text_);
    if (name == "training") {  // a module's mode, fixed for the traced call
      Constant mode;
      mode.kind = Constant::Kind::kBool;
      mode.flag = mode_ == Mode::kTrain;
      return mode;
    }
    if (IsConfigRead(node)) return ConfigField(node, name);
    if (!IsSelfName(Field(node, "object"))) return std::nullopt;
    // self.x set once in __init__ from a literal or a configuration read, or from a parameter
    // of __init__ (`self.rope_type = rope_type`): what that parameter holds.
    TSNode value = OnlyInitValue(node, name);
    if (ts_node_is_null(value)) return std::nullopt;
    if (Is(value, "identifier")) return HeldParameterLiteral(value, depth + 1);
    return ConstantOf(value, depth + 1);
  }

  // A parameter, not bound again before `identifier`, that holds a literal as the call enters:
  // every reached call passes the same one (`set_attention_type("original_full")` from each
  // caller: `value == "original_full"`), or none passes it and it holds its literal default
  // (`rope_type: str = "rope"` of a model class the user builds without that keyword).
  std::optional<Constant> HeldParameterLiteral(TSNode identifier, int depth) {
    TSNode function = EnclosingFunction(identifier);
    if (ts_node_is_null(function)) return std::nullopt;
    std::string_view name = NodeText(identifier, text_);
    if (ts_node_is_null(bindings().ParameterNamed(function, name).node) ||
        !bindings().AssignmentsReaching(function, name, identifier).empty()) {
      return std::nullopt;
    }
    std::optional<std::string> held = cache_->HeldLiteral(ts_node_start_byte(function), name);
    if (held) return ParseLiteral(*held);
    TSNode value = DefaultHeldBy(function, name);
    if (!ts_node_is_null(value)) return ParseLiteral(NodeText(value, text_));
    return PassedByEveryCallHere(function, name, depth);
  }

  // What every call of `function` passes for parameter `name`, when the program graph saw every
  // reached call and all of them are in this file (TruthCache::CallsHere): each call's argument
  // folds to the same constant (a literal, or a conditional expression whose test folds at that
  // call: `txt_rope_size=txt_seq_len if self.rope_type == "mrope" else None`), a call leaving it
  // out passing the literal default. The file's calls by the function's name can be more than
  // the reached ones, never fewer: their agreeing is enough.
  std::optional<Constant> PassedByEveryCallHere(TSNode function, std::string_view name,
                                                int depth) {
    if (depth > kMaxDepth || !cache_->CallsHere(ts_node_start_byte(function))) {
      return std::nullopt;
    }
    ParameterCalls calls = CallsPassing(function, name);
    if (!calls.literal_default || calls.splat || calls.passed.empty()) return std::nullopt;
    // An argument that reads this same parameter again (a recursive call) decides nothing.
    if (!cache_->BeginAsking(kPassedHere, function, name, mode_)) return std::nullopt;
    std::optional<Constant> agreed;
    bool same = true;
    for (TSNode passed : calls.passed) {
      std::optional<Constant> value = ts_node_is_null(passed)
                                          ? ParseLiteral(NodeText(calls.default_value, text_))
                                          : ConstantOf(passed, depth + 1);
      if (!value || (agreed && !(*agreed == *value))) {
        same = false;
        break;
      }
      agreed = value;
    }
    cache_->EndAsking(kPassedHere, function, name, mode_);
    return same ? agreed : std::nullopt;
  }

  // The value of the single assignment to `self.<name>` in the class of `at`, when that is in
  // __init__; null otherwise.
  TSNode OnlyInitValue(TSNode at, std::string_view name) {
    TSNode owner = EnclosingClass(at);
    if (ts_node_is_null(owner)) return TSNode{};
    // The class's `self.x = ...` are gathered once per class (per cache): a walk of the class
    // body per condition was quadratic in a long elif chain on attributes.
    const TruthCache::SelfAssignments& assigned = cache_->AssignedToSelf(owner, text_);
    auto it = assigned.find(name);
    if (it == assigned.end() || it->second.count != 1 || ts_node_is_null(it->second.function) ||
        DefinitionName(it->second.function, text_) != "__init__") {
      return TSNode{};
    }
    return it->second.value;
  }

  // A comparison that reads a per-layer list (ConfigListEntry) is evaluated once per entry:
  // the same truth for all is its truth; different ones make it unknown, and the cache notes
  // that it varies from layer to layer (TruthCache::Varies).
  Truth ConstantComparisonTruth(TSNode comparison, int depth) {
    if (instance_ >= 0) return ComparisonOfConstants(comparison, depth);
    instances_ = 0;
    Truth truth = ComparisonOfConstants(comparison, depth);
    size_t instances = instances_;
    instances_ = 0;
    if (truth != Truth::kUnknown || instances == 0) return truth;
    std::optional<Truth> agreed;
    bool varies = false;
    for (size_t k = 0; k < instances; ++k) {
      instance_ = static_cast<int>(k);
      Truth each = ComparisonOfConstants(comparison, depth);
      instance_ = -1;
      if (each == Truth::kUnknown) return each;
      varies = varies || (agreed && *agreed != each);
      agreed = each;
    }
    if (!varies) return *agreed;
    cache_->PutVaries(comparison, mode_);
    return Truth::kUnknown;
  }

  // `a < b`, `a == b`, ... between two known values (`self.layerdrop > 0.0` with the
  // configuration's layerdrop 0.0).
  Truth ComparisonOfConstants(TSNode comparison, int depth) {
    if (NamedChildCount(comparison) != 2) return Truth::kUnknown;
    std::optional<Constant> a = ConstantOf(ts_node_named_child(comparison, 0), depth + 1);
    if (!a) return Truth::kUnknown;
    std::optional<Constant> b = ConstantOf(ts_node_named_child(comparison, 1), depth + 1);
    if (!b) return Truth::kUnknown;
    std::string op = ComparisonOperator(comparison, text_);
    auto truth = [](bool v) { return v ? Truth::kTrue : Truth::kFalse; };
    using Kind = Constant::Kind;
    if (op == "is" || op == "isnot") {
      // None, True and False are singletons: `x is None` holds only for None, and
      // `self.training is False` compares two booleans as `==` does.
      bool booleans = a->kind == Kind::kBool && b->kind == Kind::kBool;
      if (a->kind != Kind::kNone && b->kind != Kind::kNone && !booleans) return Truth::kUnknown;
      bool same = a->kind == b->kind && (!booleans || a->flag == b->flag);
      return truth(op == "is" ? same : !same);
    }
    auto number = [](const Constant& c) -> std::optional<double> {
      if (c.kind == Kind::kNumber) return c.number;
      if (c.kind == Kind::kBool) return c.flag ? 1.0 : 0.0;
      return std::nullopt;
    };
    std::optional<double> x = number(*a), y = number(*b);
    if (x && y) {
      if (op == "<") return truth(*x < *y);
      if (op == ">") return truth(*x > *y);
      if (op == "<=") return truth(*x <= *y);
      if (op == ">=") return truth(*x >= *y);
      if (op == "==") return truth(*x == *y);
      if (op == "!=") return truth(*x != *y);
      return Truth::kUnknown;
    }
    if (op == "==" || op == "!=") {
      bool equal = a->kind == b->kind && a->text == b->text;
      if (a->kind != b->kind && (a->kind == Kind::kString || b->kind == Kind::kString)) {
        equal = false;
      }
      return truth(op == "==" ? equal : !equal);
    }
    return Truth::kUnknown;
  }

  // Whether `node` is a collection known to be empty while tracing: a `*args` / `**kwargs`
  // no reached call fills (and the function does not fill), `kwargs.items()` / `.keys()` /
  // `.values()` / `.copy()` of one, or a name assigned once to a comprehension over one
  // (`unused = [k for k, _ in kwargs.items() if ...]`).
  bool IsEmptyCollection(TSNode node, int depth) {
    if (ts_node_is_null(node) || depth > kMaxDepth) return false;
    if (Is(node, "parenthesized_expression")) {
      return IsEmptyCollection(ts_node_named_child(node, 0), depth + 1);
    }
    if (Is(node, "call")) {
      TSNode callee = Field(node, "function");
      if (!Is(callee, "attribute") || NamedChildCount(Field(node, "arguments")) != 0) return false;
      std::string_view method = NodeText(Field(callee, "attribute"), text_);
      return (method == "items" || method == "keys" || method == "values" || method == "copy") &&
             IsEmptyCollection(Field(callee, "object"), depth + 1);
    }
    if (!Is(node, "identifier")) return false;
    TSNode function = EnclosingFunction(node);
    if (ts_node_is_null(function)) return false;
    std::string_view name = NodeText(node, text_);
    if (!cache_->BeginAsking(kEmptyCollection, node, name, mode_)) return false;
    bool empty = IsEmptyAt(function, node, name, depth);
    cache_->EndAsking(kEmptyCollection, node, name, mode_);
    return empty;
  }

  // IsEmptyCollection of the local or parameter `name` read at `node`.
  bool IsEmptyAt(TSNode function, TSNode node, std::string_view name, int depth) {
    // What the run adds before this read: filled only in code guarded away in this mode
    // (`outputs["image"] = ...` under `if pixel_values is not None:` with no pixels given).
    for (TSNode fill : bindings().FillsOf(function, name)) {
      if (Reaches(fill, node, function) && !GuardedAway(fill)) return false;
    }
    // Rebinding it after this read (`kwargs = {k: v for k, v in kwargs.items() if ...}` at the
    // end) does not change what is read here, unless a loop brings the read round again.
    std::vector<TSNode> assignments = bindings().AssignmentsReaching(function, name, node);
    std::erase_if(assignments, [&](TSNode a) { return GuardedAway(a); });
    if (assignments.empty()) {
      const VariadicNames& variadics = bindings().VariadicsOf(function);
      std::string starred = name == variadics.positional ? "*" + std::string(name)
                            : name == variadics.keyword  ? "**" + std::string(name)
                                                         : "";
      return !starred.empty() && cache_->IsDefaulted(ts_node_start_byte(function), starred);
    }
    if (assignments.size() != 1 || !Is(assignments[0], "assignment")) return false;
    TSNode value = Field(assignments[0], "right");
    if (IsEmptyCollectionLiteral(value, text_)) return true;
    // `outputs = outputs if outputs is not None else {}` on a parameter that holds None here.
    if (EmptyWhenNone(value, name, text_)) {
      return bindings().AssignmentsReaching(function, name, value).empty() &&
             ParameterHoldsNone(function, name);
    }
    if (!Is(value, "list_comprehension") && !Is(value, "set_comprehension") &&
        !Is(value, "dictionary_comprehension") && !Is(value, "generator_expression")) {
      return false;
    }
    for (TSNode clause : NamedChildren(value)) {
      if (Is(clause, "for_in_clause")) return IsEmptyCollection(Field(clause, "right"), depth + 1);
    }
    return false;
  }

  bool GuardedAway(TSNode node) {
    return IsGuardedAway(node, text_, imports_, mode_, cache_, reduced_precision_);
  }

  // How many arguments the `*args` parameter read at `node` holds, when every reached call puts
  // the same number there (VariadicCountName) and the function does not rebind it before.
  std::optional<int> VariadicCount(TSNode node) {
    if (!Is(node, "identifier")) return std::nullopt;
    TSNode function = EnclosingFunction(node);
    if (ts_node_is_null(function)) return std::nullopt;
    std::string_view name = NodeText(node, text_);
    if (name != bindings().VariadicsOf(function).positional) return std::nullopt;
    std::optional<int> count;
    for (int n = 1; n <= kMaxVariadicCount && !count; ++n) {
      if (cache_->IsDefaulted(ts_node_start_byte(function), VariadicCountName(name, n))) count = n;
    }
    // Without the program-wide graph, this file's calls decide, as for defaults (HeldDefault).
    if (!count && !cache_->CallsKnown(ts_node_start_byte(function))) {
      count = FileCallsExtraPositional(function);
    }
    if (!count) return std::nullopt;
    // Rebound before this read (in code that runs): what it holds then is another question.
    // Folding those assignments' guards may ask about this read again: then it is unknown.
    if (!cache_->BeginAsking(kVariadicCount, node, name, mode_)) return std::nullopt;
    std::vector<TSNode> assignments = bindings().AssignmentsReaching(function, name, node);
    bool rebound = std::any_of(assignments.begin(), assignments.end(),
                               [&](TSNode a) { return !GuardedAway(a); });
    cache_->EndAsking(kVariadicCount, node, name, mode_);
    return rebound ? std::nullopt : count;
  }

  // How many arguments every call of `function` in this file (f(...), self.f(...), Class(...)
  // for a constructor; at least one) puts in its *args, when they all put the same number and
  // none splats.
  std::optional<int> FileCallsExtraPositional(TSNode function) {
    std::string function_name = DefinitionName(function, text_);
    if (function_name == "forward") return std::nullopt;  // called from outside the file
    TSNode owner = OwningClass(function);
    std::string callee = function_name;
    if (!ts_node_is_null(owner)) {
      callee = function_name == "__init__" ? DefinitionName(owner, text_) : "self." + callee;
    }
    size_t named = 0;  // positional parameters before *args, self left out
    for (TSNode p : NamedChildren(Field(function, "parameters"))) {
      if (Is(p, "list_splat_pattern") || Is(p, "keyword_separator")) break;
      if (!Is(p, "comment") && !Is(p, "positional_separator")) ++named;
    }
    if (!ts_node_is_null(owner) && named > 0) --named;
    TSNode root = function;
    while (!ts_node_is_null(ParentOf(root))) root = ParentOf(root);
    std::optional<int> extra;
    for (TSNode call : cache_->CallsTo(root, text_, callee)) {
      int positional = 0;
      for (TSNode a : NamedChildren(Field(call, "arguments"))) {
        if (Is(a, "list_splat") || Is(a, "dictionary_splat")) return std::nullopt;
        if (!Is(a, "keyword_argument") && !Is(a, "comment")) ++positional;
      }
      int n = std::max(0, positional - static_cast<int>(named));
      if (extra && *extra != n) return std::nullopt;
      extra = n;
    }
    if (extra && *extra == 0) return std::nullopt;  // empty: IsEmptyCollection's to say
    return extra;
  }

  // Whether parameter `name` of `function` holds None as the call enters: a None default no
  // reached call passes (or, for an entry, one the user's --inputs leave out).
  bool ParameterHoldsNone(TSNode function, std::string_view name) {
    TSNode value = DefaultHeldBy(function, name);
    return !ts_node_is_null(value) && Is(value, "none");
  }

  // The literal default parameter `name` holds when no reached call passes it; null otherwise.
  TSNode DefaultHeldBy(TSNode function, std::string_view name) {
    if (cache_->IsDefaulted(ts_node_start_byte(function), std::string(name))) {
      return LiteralDefaultOf(function, name);  // a forward's too, when --inputs leaves it out
    }
    return HeldDefault(function, name, CallsPassing(function, name), /*require_call=*/true);
  }

  // `len(x)` -> 0, `x.get(k)` -> None, `x.get(k, d)` / `x.pop(k, d)` -> d, for an empty x.
  std::optional<Constant> EmptyCollectionCallConstant(TSNode call, int depth) {
    TSNode callee = Field(call, "function");
    std::vector<TSNode> args = NamedChildren(Field(call, "arguments"));
    if (Is(callee, "identifier") && NodeText(callee, text_) == "len" && args.size() == 1) {
      Constant length;
      length.kind = Constant::Kind::kNumber;
      if (IsEmptyCollection(args[0], depth + 1)) return length;
      std::optional<int> count = VariadicCount(args[0]);
      if (!count) return std::nullopt;
      length.number = *count;
      return length;
    }
    if (!Is(callee, "attribute") || args.empty() || args.size() > 2) return std::nullopt;
    std::string_view method = NodeText(Field(callee, "attribute"), text_);
    if ((method != "get" && method != "pop") || (method == "pop" && args.size() != 2) ||
        Is(args.back(), "keyword_argument") || !IsEmptyCollection(Field(callee, "object"), depth + 1)) {
      return std::nullopt;
    }
    if (args.size() == 1) return Constant{};  // None
    return ConstantOf(args[1], depth + 1);
  }

  // `isinstance(outputs, torch.Tensor)` on an empty collection (`outputs = outputs if outputs is
  // not None else {}` with no outputs given): a collection is no tensor.
  Truth CollectionTypeTruth(TSNode call, int depth) {
    TSNode subject = TensorTypeTestSubject(call, text_, imports_);
    return IsEmptyCollection(subject, depth + 1) ? Truth::kFalse : Truth::kUnknown;
  }

  // `"scale" in kwargs` for an empty kwargs.
  Truth EmptyMembershipTruth(TSNode comparison, int depth) {
    if (NamedChildCount(comparison) != 2) return Truth::kUnknown;
    std::string op = ComparisonOperator(comparison, text_);
    if (op != "in" && op != "notin") return Truth::kUnknown;
    if (!IsEmptyCollection(ts_node_named_child(comparison, 1), depth + 1)) return Truth::kUnknown;
    return op == "in" ? Truth::kFalse : Truth::kTrue;
  }

  // A call of a known guard function, or the name itself (TYPE_CHECKING).
  Truth NameTruth(TSNode callee) {
    bool from_torch = false;
    for (const std::string& name : QualifiedNames(callee, text_, imports_)) {
      if (TrueWhileCompiling().contains(name)) return Truth::kTrue;
      if (FalseWhileCompiling().contains(name)) return Truth::kFalse;
      if (CompilingHelperNames().contains(LastName(name))) return Truth::kTrue;
      from_torch = from_torch || name.starts_with("torch.");
    }
    std::string_view text = NodeText(callee, text_);
    std::string last = LastName(text);
    if (CompilingHelperNames().contains(last)) return Truth::kTrue;
    if (last == "is_scripting") return Truth::kFalse;
    if (last == "is_tracing") {
      // torch.jit.is_tracing() is false under Dynamo; transformers' is_tracing() (imported, or
      // called inside import_utils.py, which defines it) is true: it asks
      // is_torchdynamo_compiling().
      bool jit = from_torch || text.find("jit") != std::string_view::npos;
      return jit ? Truth::kFalse : Truth::kTrue;
    }
    return Truth::kUnknown;
  }

  // True for torch.float16 / torch.half / torch.bfloat16 (or a tuple/list of only those).
  bool IsReducedPrecisionDtype(TSNode node) {
    if (Is(node, "tuple") || Is(node, "list") || Is(node, "parenthesized_expression")) {
      bool any = false;
      for (TSNode element : NamedChildren(node)) {
        if (!IsReducedPrecisionDtype(element)) return false;
        any = true;
      }
      return any;
    }
    for (const std::string& name : QualifiedNames(node, text_, imports_)) {
      if (name == "torch.float16" || name == "torch.half" || name == "torch.bfloat16") return true;
    }
    return false;
  }

  // `p is None` / `p is not None` on a parameter never assigned in its function that holds its
  // literal default (DynamicCache.__init__'s `if ddp_cache_data is not None:` when no call in
  // the region passes ddp_cache_data).
  Truth NoneTestTruth(TSNode comparison) {
    if (NamedChildCount(comparison) != 2) return Truth::kUnknown;
    TSNode left = ts_node_named_child(comparison, 0);
    TSNode right = ts_node_named_child(comparison, 1);
    if (!Is(left, "identifier") || !Is(right, "none")) return Truth::kUnknown;
    std::string op = ComparisonOperator(comparison, text_);
    if (op != "is" && op != "isnot") return Truth::kUnknown;
    TSNode function = EnclosingFunction(comparison);
    if (ts_node_is_null(function)) return Truth::kUnknown;
    std::string_view name = NodeText(left, text_);
    // Reassigned before the test (or in a loop around it): its value is not the default's.
    if (!bindings().AssignmentsReaching(function, name, comparison).empty()) {
      return LocalNoneTest(function, name, comparison, op == "is");
    }
    TSNode value = DefaultHeldBy(function, name);
    if (ts_node_is_null(value)) {
      // An input the user's call passes, or a parameter every reached call hands one on to.
      if (cache_->IsDefaulted(ts_node_start_byte(function), GivenHeldName(name))) {
        return op == "is" ? Truth::kFalse : Truth::kTrue;
      }
      // A literal every reached call passes (None, or anything else).
      std::optional<Constant> held = HeldParameterLiteral(left, 0);
      if (!held) return Truth::kUnknown;
      return (op == "is") == (held->kind == Constant::Kind::kNone) ? Truth::kTrue : Truth::kFalse;
    }
    bool is_none = Is(value, "none");
    return (op == "is") == is_none ? Truth::kTrue : Truth::kFalse;
  }

  // A local that holds None wherever this run reaches the test: bound to `None`, and bound any
  // other way only in code guarded away in this mode (`image_mask = None`, then
  // `image_mask, _ = ...` under `if pixel_values is not None:` when no pixels are given).
  Truth LocalNoneTest(TSNode function, std::string_view name, TSNode test, bool is_none_test) {
    // A parameter is bound by the call: to None when it holds its None default (an image's
    // features the call does not pass, set again only under `if pixel_values is not None:`).
    bool holds_none = false;
    if (!ts_node_is_null(bindings().ParameterNamed(function, name).node)) {
      if (!ParameterHoldsNone(function, name)) return Truth::kUnknown;
      holds_none = true;
    }
    // A binding guarded by a test on this same local asks this question again.
    if (!cache_->BeginAsking(kLocalNone, test, name, mode_)) return Truth::kUnknown;
    bool decided = true;
    for (TSNode binding : bindings().BindingsOf(function, name)) {
      if (!Reaches(binding, test, function)) continue;
      if (Is(binding, "assignment") && Is(Field(binding, "left"), "identifier") &&
          Is(Field(binding, "right"), "none")) {
        holds_none = true;
        continue;
      }
      if (!GuardedAway(binding)) {
        decided = false;
        break;
      }
    }
    cache_->EndAsking(kLocalNone, test, name, mode_);
    if (!decided || !holds_none) return Truth::kUnknown;
    return is_none_test ? Truth::kTrue : Truth::kFalse;
  }

  // `x.dtype == torch.float16` in a float32 run: BART's
  // `if hidden_states.dtype == torch.float16 and not torch.isfinite(hidden_states).all():`
  // never reads the tensor there (measured on torch 2.13: traced through, no break).
  Truth DtypeTestTruth(TSNode comparison) {
    if (reduced_precision_ || NamedChildCount(comparison) != 2) return Truth::kUnknown;
    TSNode left = ts_node_named_child(comparison, 0);
    TSNode right = ts_node_named_child(comparison, 1);
    if (!Is(left, "attribute") || NodeText(Field(left, "attribute"), text_) != "dtype" ||
        !IsReducedPrecisionDtype(right)) {
      return Truth::kUnknown;
    }
    std::string op = ComparisonOperator(comparison, text_);
    if (op == "==" || op == "is" || op == "in") return Truth::kFalse;
    if (op == "!=" || op == "isnot" || op == "notin") return Truth::kTrue;
    return Truth::kUnknown;
  }

  // A local variable assigned exactly once, from a guard: `compiling = is_compiling()`.
  Truth VariableTruth(TSNode identifier, int depth) {
    TSNode function = EnclosingFunction(identifier);
    if (ts_node_is_null(function)) return Truth::kUnknown;
    std::string_view name = NodeText(identifier, text_);
    const std::vector<TSNode>& assignments = bindings().AssignmentsTo(function, name);
    if (assignments.size() == 1 && Is(assignments[0], "assignment")) {
      TSNode only = Field(assignments[0], "right");
      if (!ts_node_is_null(only)) return Eval(only, depth + 1);
    }
    if (!assignments.empty()) return Truth::kUnknown;
    if (IsEmptyCollection(identifier, depth)) return Truth::kFalse;  // `if kwargs:`
    // Not assigned in the function: a parameter with a constant default, or a module constant.
    Truth parameter = ParameterDefaultTruth(function, name, depth);
    if (parameter != Truth::kUnknown) return parameter;
    return ModuleConstantTruth(identifier, name, depth);
  }

  // `DEBUG = False` assigned once at module level (Dynamo guards on the global's value).
  Truth ModuleConstantTruth(TSNode at, std::string_view name, int depth) {
    TSNode root = at;
    while (!ts_node_is_null(ParentOf(root))) root = ParentOf(root);
    // The file's module-level assignments are gathered once (per cache): asking per condition
    // walked every top-level statement each time, quadratic in a file of many helpers.
    const TruthCache::ModuleAssignments& assigned = cache_->AssignedAtModuleLevel(root, text_);
    auto it = assigned.find(name);
    if (it == assigned.end() || it->second.count != 1 || !IsBoolOrNoneLiteral(it->second.value)) {
      return Truth::kUnknown;
    }
    return Eval(it->second.value, depth + 1);
  }

  // A parameter whose default is a literal, when no call in this file passes it. Only for helpers
  // and constructors: an entry's caller is outside this file.
  Truth ParameterDefaultTruth(TSNode function, std::string_view name, int depth) {
    // Every reached call passes the same literal (`return_dict=False`: LiteralHeldName).
    for (std::string_view literal : {"True", "False", "None"}) {
      if (cache_->IsDefaulted(ts_node_start_byte(function), LiteralHeldName(name, literal))) {
        return literal == "True" ? Truth::kTrue : Truth::kFalse;
      }
    }
    // The program-wide graph (or the user's --inputs, for an entry) says no call passes it.
    if (cache_->IsDefaulted(ts_node_start_byte(function), std::string(name))) {
      TSNode value = LiteralDefaultOf(function, name);
      if (!ts_node_is_null(value)) return Eval(value, depth + 1);
    }
    // Some call elsewhere in the program passes it: its own file's calls do not decide.
    if (cache_->CallsKnown(ts_node_start_byte(function))) return Truth::kUnknown;
    ParameterCalls calls = CallsPassing(function, name);
    TSNode value = HeldDefault(function, name, calls);
    if (!ts_node_is_null(value)) return Eval(value, depth + 1);
    // Every call of the file passes the same literal, or leaves the same literal default:
    // `Block(debug=False)` with `def __init__(self, debug=False)`.
    if (!calls.literal_default || calls.splat || calls.passed.empty()) return Truth::kUnknown;
    Truth agreed = Eval(calls.default_value, depth + 1);
    for (TSNode passed : calls.passed) {
      if (ts_node_is_null(passed)) continue;  // this call leaves the default
      if (!IsBoolOrNoneLiteral(passed) || Eval(passed, depth + 1) != agreed) return Truth::kUnknown;
    }
    return agreed;
  }

  // The default of parameter `name` of `function` when it is a plain literal (IsPlainLiteral).
  TSNode LiteralDefaultOf(TSNode function, std::string_view name) {
    TSNode p = bindings().ParameterNamed(function, name).node;
    bool literal = (Is(p, "default_parameter") || Is(p, "typed_default_parameter")) &&
                   IsPlainLiteral(Field(p, "value"), text_);
    return literal ? Field(p, "value") : TSNode{};
  }

  // What the calls of this file pass for one parameter of `function`.
  struct ParameterCalls {
    bool literal_default = false;
    TSNode default_value{};
    // Per call (f(...), self.f(...), or Class(...) for a constructor): the argument given for
    // it, null when left out.
    std::vector<TSNode> passed;
    // Some call passes *args / **kwargs and does not name the parameter: it may pass anything.
    bool splat = false;
  };

  ParameterCalls CallsPassing(TSNode function, std::string_view name) {
    ParameterCalls out;
    std::string function_name = DefinitionName(function, text_);
    if (function_name == "forward") return out;
    BindingIndex::Parameter parameter = bindings().ParameterNamed(function, name);
    if (!Is(parameter.node, "default_parameter") &&
        !Is(parameter.node, "typed_default_parameter")) {
      return out;
    }
    out.default_value = Field(parameter.node, "value");
    size_t position = parameter.position;
    if (!IsPlainLiteral(out.default_value, text_)) return out;
    out.literal_default = true;
    TSNode owner = OwningClass(function);
    if (!ts_node_is_null(owner) && position > 0) --position;  // self
    std::string callee = function_name;
    if (!ts_node_is_null(owner)) {
      callee = function_name == "__init__" ? DefinitionName(owner, text_) : "self." + callee;
    }
    TSNode root = function;
    while (!ts_node_is_null(ParentOf(root))) root = ParentOf(root);
    for (TSNode call : cache_->CallsTo(root, text_, callee)) {
      TSNode given{};
      size_t positional = 0;
      bool splat = false;
      bool named = false;  // given as `name=`: no *x / **x of the call can give it again
      for (TSNode a : NamedChildren(Field(call, "arguments"))) {
        if (Is(a, "keyword_argument")) {
          if (NodeText(Field(a, "name"), text_) == name) {
            given = Field(a, "value");
            named = true;
          }
        } else if (Is(a, "list_splat") || Is(a, "dictionary_splat")) {
          splat = true;
        } else if (!Is(a, "comment")) {
          if (positional == position) given = a;
          ++positional;
        }
      }
      out.splat = out.splat || (splat && !named);
      out.passed.push_back(given);
    }
    return out;
  }

  // The literal default a parameter holds (`calls`: CallsPassing(function, name)), when no call
  // that could pass it does: calls in this file (f(...), self.f(...), Class(...) for a
  // constructor), or, when the program-wide graph says so, every call in the compiled region.
  // Null otherwise.
  // With `require_call`, a function nothing in the file calls does not count (its callers may
  // be in other files and pass it).
  TSNode HeldDefault(TSNode function, std::string_view name, const ParameterCalls& calls,
                     bool require_call = false) {
    if (!calls.literal_default) return TSNode{};
    // No call the program-wide graph reached passes it (calls from other modules included).
    if (cache_->IsDefaulted(ts_node_start_byte(function), std::string(name))) {
      return calls.default_value;
    }
    if (cache_->CallsKnown(ts_node_start_byte(function))) return TSNode{};
    if (require_call && calls.passed.empty()) return TSNode{};
    if (calls.splat) return TSNode{};
    for (TSNode passed : calls.passed) {
      if (!ts_node_is_null(passed)) return TSNode{};
    }
    return calls.default_value;
  }

  // `self.debug` assigned once in __init__, to a literal or a parameter with a literal default.
  Truth SelfAttributeTruth(TSNode attribute, int depth) {
    TSNode value = OnlyInitValue(attribute, NodeText(Field(attribute, "attribute"), text_));
    if (ts_node_is_null(value)) return Truth::kUnknown;
    if (IsBoolOrNoneLiteral(value)) return Eval(value, depth + 1);
    if (Is(value, "identifier")) {
      return ParameterDefaultTruth(EnclosingFunction(value), NodeText(value, text_), depth);
    }
    return Truth::kUnknown;
  }

  BindingIndex& bindings() { return cache_->Bindings(text_); }

  std::string_view text_;
  const ImportTable& imports_;
  Mode mode_;
  TruthCache* cache_;
  bool reduced_precision_;  // --dtype float16/bfloat16: dtype tests stay unknown
  // ConstantComparisonTruth's evaluation once per entry of a per-layer list: the entry being
  // evaluated (-1 outside it), and the longest such list a comparison read.
  int instance_ = -1;
  size_t instances_ = 0;
};

bool EndsWithExit(TSNode block) {
  uint32_t n = NamedChildCount(block);
  if (n == 0) return false;
  TSNode last = ts_node_named_child(block, n - 1);
  return Is(last, "return_statement") || Is(last, "raise_statement");
}

// The start byte of the first statement of `block` after which nothing is traced (UINT32_MAX
// when there is none): an unconditional return or raise, or an `if` whose condition is true
// while compiling and whose body exits.
uint32_t FirstExit(TSNode block, Evaluator& evaluator, Mode mode, TruthCache* cache) {
  if (const uint32_t* known = cache->FindExit(block, mode)) return *known;
  uint32_t exit = UINT32_MAX;
  for (TSNode statement : NamedChildren(block)) {
    if (Is(statement, "return_statement") || Is(statement, "raise_statement") ||
        (Is(statement, "if_statement") && EndsWithExit(Field(statement, "consequence")) &&
         evaluator.Eval(Field(statement, "condition"), 0) == Truth::kTrue)) {
      exit = ts_node_start_byte(statement);
      break;
    }
  }
  cache->PutExit(block, mode, exit);
  return exit;
}

}  // namespace

std::optional<std::string> TruthCache::HeldLiteral(uint32_t function_start,
                                                   std::string_view name) const {
  auto it = defaulted_.find(function_start);
  return it == defaulted_.end() ? std::nullopt : HeldLiteralOf(it->second, name);
}

const std::vector<TSNode>& TruthCache::CallsTo(TSNode root, std::string_view text,
                                               std::string_view callee) {
  if (index_ == nullptr) {
    own_index_ = std::make_unique<CallIndex>(root, text);
    index_ = own_index_.get();
  }
  return index_->To(callee);
}

const TruthCache::ModuleAssignments& TruthCache::AssignedAtModuleLevel(TSNode root,
                                                                      std::string_view text) {
  if (assignments_base_ != nullptr) return assignments_base_->AssignedAtModuleLevel(root, text);
  if (module_assignments_ != nullptr) return *module_assignments_;
  module_assignments_ = std::make_unique<ModuleAssignments>();
  for (TSNode statement : NamedChildren(root)) {
    TSNode assignment = ts_node_named_child(statement, 0);
    if (!Is(statement, "expression_statement") || !Is(assignment, "assignment")) continue;
    ModuleAssignment& seen =
        (*module_assignments_)[std::string(NodeText(Field(assignment, "left"), text))];
    ++seen.count;
    seen.value = Field(assignment, "right");
  }
  return *module_assignments_;
}

const TruthCache::SelfAssignments& TruthCache::AssignedToSelf(TSNode class_definition,
                                                              std::string_view text) {
  if (assignments_base_ != nullptr) {
    return assignments_base_->AssignedToSelf(class_definition, text);
  }
  auto [it, added] = self_assignments_.try_emplace(ts_node_start_byte(class_definition));
  if (!added) return it->second;
  SelfAssignments& out = it->second;
  std::vector<TSNode> assignments;
  std::set<std::string_view> used;  // `self.<name>` read anywhere in the class: methods it calls
  ForEachNamedNode(Field(class_definition, "body"), [&](TSNode n, std::string_view type) {
    if ((type == "assignment" || type == "augmented_assignment") &&
        Is(Field(n, "left"), "attribute") &&
        NodeText(Field(Field(n, "left"), "object"), text) == "self") {
      assignments.push_back(n);
    } else if (type == "attribute" && NodeText(Field(n, "object"), text) == "self") {
      used.insert(NodeText(Field(n, "attribute"), text));
    }
    return true;
  });
  for (TSNode n : assignments) {
    TSNode function = EnclosingFunction(n);
    // A setter nothing in the class calls (`set_chunk_feed_forward`) changes the model before a
    // run only if the user calls it: gbreak analyzes the model as built, as it takes the
    // configuration's defaults.
    std::string name = ts_node_is_null(function) ? "" : DefinitionName(function, text);
    bool setter = !name.empty() && !name.starts_with("__") && name != "forward" &&
                  !used.contains(name);
    if (setter) continue;
    SelfAssignment& seen =
        out[std::string(NodeText(Field(Field(n, "left"), "attribute"), text))];
    seen.count += Is(n, "assignment") ? 1 : 2;  // `self.x += 1` alone is no single value
    seen.value = Field(n, "right");
    seen.function = function;
  }
  return out;
}

TSNode TensorTypeTestSubject(TSNode call, std::string_view text, const ImportTable& imports) {
  if (!Is(call, "call")) return TSNode{};
  TSNode callee = Field(call, "function");
  std::vector<TSNode> args = NamedChildren(Field(call, "arguments"));
  if (!Is(callee, "identifier") || NodeText(callee, text) != "isinstance" || args.size() != 2) {
    return TSNode{};
  }
  for (const std::string& name : QualifiedNames(args[1], text, imports)) {
    if (name == "torch.Tensor") return args[0];
  }
  return TSNode{};
}

Truth EvaluateUnderCompile(TSNode condition, std::string_view text, const ImportTable& imports,
                           Mode mode, TruthCache* cache, bool reduced_precision) {
  if (cache == nullptr) {  // a cache for this one question: folding keeps state in it
    TruthCache local;
    return Evaluator(text, imports, mode, &local, reduced_precision).Eval(condition, 0);
  }
  return Evaluator(text, imports, mode, cache, reduced_precision).Eval(condition, 0);
}

namespace {

// The start byte of the first clause of `if_statement` whose test is true while tracing (its
// consequence when the `if` test is; an elif clause), UINT32_MAX when none is: the elif and
// else clauses after it are never traced. Kept per statement, so a long elif chain is scanned
// once, not once per clause.
uint32_t FirstTrueClause(TSNode if_statement, Evaluator& evaluator, Mode mode, TruthCache* cache) {
  if (const uint32_t* known = cache->FindFirstTrue(if_statement, mode)) return *known;
  uint32_t first = UINT32_MAX;
  if (evaluator.Eval(Field(if_statement, "condition"), 0) == Truth::kTrue) {
    first = ts_node_start_byte(Field(if_statement, "consequence"));
  } else {
    for (TSNode clause : NamedChildren(if_statement)) {
      if (Is(clause, "elif_clause") &&
          evaluator.Eval(Field(clause, "condition"), 0) == Truth::kTrue) {
        first = ts_node_start_byte(clause);
        break;
      }
    }
  }
  cache->PutFirstTrue(if_statement, mode, first);
  return first;
}

// Whether being `child` of `parent` alone keeps code from being traced: the arm of a branch or
// conditional expression whose test folds the other way, or a statement after the exit of its
// block.
bool GuardedByPlace(TSNode child, TSNode parent, Evaluator& evaluator, Mode mode,
                    TruthCache* cache) {
  std::string_view type = NodeType(parent);
  if (type == "if_statement") {
    TSNode condition = Field(parent, "condition");
    if (SameNode(child, condition)) return false;
    if (SameNode(child, Field(parent, "consequence"))) {
      return evaluator.Eval(condition, 0) == Truth::kFalse;
    }
    // elif / else: no earlier test may be true, and an elif's own not false.
    if (Is(child, "elif_clause") && evaluator.Eval(Field(child, "condition"), 0) == Truth::kFalse) {
      return true;
    }
    uint32_t first_true = FirstTrueClause(parent, evaluator, mode, cache);
    return first_true != UINT32_MAX && ts_node_start_byte(child) > first_true;
  }
  if (type == "conditional_expression") {
    // body if condition else alternative
    TSNode body = ts_node_named_child(parent, 0);
    TSNode condition = ts_node_named_child(parent, 1);
    if (SameNode(child, body)) return evaluator.Eval(condition, 0) == Truth::kFalse;
    if (SameNode(child, ts_node_named_child(parent, 2))) {
      return evaluator.Eval(condition, 0) == Truth::kTrue;
    }
    return false;
  }
  if (type == "block" || type == "module") {
    // An earlier `if <true while compiling>: ... return` ends the traced path here.
    return ts_node_start_byte(child) > FirstExit(parent, evaluator, mode, cache);
  }
  return false;
}

}  // namespace

bool IsGuardedAway(TSNode node, std::string_view text, const ImportTable& imports, Mode mode,
                   TruthCache* cache, bool reduced_precision) {
  if (cache == nullptr) {  // a cache for this one question: folding keeps state in it
    TruthCache local;
    return IsGuardedAway(node, text, imports, mode, &local, reduced_precision);
  }
  Evaluator evaluator(text, imports, mode, cache, reduced_precision);
  // guarded(n) = GuardedByPlace(n, parent) or guarded(parent): walk up to the first node whose
  // answer is known (or the root), then fill in the answers on the way down, so the nodes of
  // one deep expression (a chain of a thousand `and`s) share one walk.
  std::vector<TSNode> path;
  bool guarded = false;
  for (TSNode n = node; !ts_node_is_null(n); n = ParentOf(n)) {
    if (const bool* known = cache->FindGuarded(n, mode)) {
      guarded = *known;
      break;
    }
    path.push_back(n);
  }
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    TSNode parent = ParentOf(*it);
    guarded = guarded ||
              (!ts_node_is_null(parent) && GuardedByPlace(*it, parent, evaluator, mode, cache));
    cache->PutGuarded(*it, mode, guarded);
  }
  return guarded;
}

}  // namespace gbreak
