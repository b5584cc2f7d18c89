#include "analysis/value_inference.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "analysis/guards.h"
#include "analysis/syntax_queries.h"

namespace gbreak {
namespace {

// Statements and expressions whose body may run again after it ran: a binding in one can reach
// a read before it in the same loop.
bool IsLoop(std::string_view type) {
  return type == "for_statement" || type == "while_statement" || type == "list_comprehension" ||
         type == "set_comprehension" || type == "dictionary_comprehension" ||
         type == "generator_expression";
}

// Deep enough for real expressions, shallow enough that pathological nesting cannot overflow.
constexpr int kMaxDepth = 64;
// Flow-insensitive fixpoint: a few passes reach it for real functions; the cap bounds the work.
constexpr int kMaxPasses = 4;
// How often one function is analyzed again because what it read of another function, midway
// through that one's analysis, has changed since: bounds the work on pathological files.
constexpr int kMaxAnalyses = kMaxPasses + 2;
// How far StalenessOf follows what a scope read into what that scope read in turn.
constexpr int kMaxStaleDepth = 8;
// How many analyses may be under way at once, each started from within the one before.
constexpr size_t kMaxNestedAnalyses = 48;

using NameSet = std::set<std::string_view>;

// Tensor methods whose result is not a tensor.
const NameSet& ShapeMethods() {
  static const auto* s = new NameSet{"size", "dim", "ndimension", "numel", "nelement", "stride",
                                     "storage_offset", "element_size", "__len__"};
  return *s;
}
const NameSet& ConstantMethods() {
  static const auto* s = new NameSet{
      "is_floating_point", "is_complex", "is_contiguous", "get_device", "type", "data_ptr",
      "is_shared", "is_pinned", "has_names", "is_signed", "is_set_to", "untyped_storage",
      "register_hook", "requires_grad_", "retain_grad", "backward", "__repr__", "__str__",
      "tolist_"};
  return *s;
}
const NameSet& DataScalarMethods() {
  static const auto* s = new NameSet{"item", "tolist", "__bool__", "__int__", "__float__",
                                     "equal"};
  return *s;
}
const NameSet& BoolTensorMethods() {
  static const auto* s = new NameSet{"bool", "eq", "ne", "lt", "le", "gt", "ge", "isnan",
                                     "isinf", "isfinite", "isneginf", "isposinf", "logical_and",
                                     "logical_or", "logical_not", "logical_xor", "any", "all",
                                     "isclose", "isin", "signbit", "eq_", "ne_"};
  return *s;
}
// Methods only tensors (and ndarrays) have: on a receiver of unknown kind they still mean tensor.
const NameSet& TensorOnlyMethods() {
  static const auto* s = new NameSet{
      "view", "reshape", "transpose", "permute", "contiguous", "float", "half", "bfloat16",
      "double", "long", "sum", "mean", "softmax", "log_softmax", "matmul", "masked_fill",
      "masked_fill_", "unsqueeze", "squeeze", "expand", "expand_as", "flatten", "clamp", "clamp_",
      "argmax", "argmin", "topk", "cumsum", "cumprod", "gather", "scatter", "index_select",
      "narrow", "norm", "nonzero", "sigmoid", "tanh", "relu", "exp", "log", "sqrt", "rsqrt",
      "pow", "abs", "neg", "detach", "clone", "type_as", "view_as", "new_zeros", "new_ones",
      "new_full", "new_empty", "new_tensor", "fill_", "zero_", "add", "sub", "mul", "div",
      "add_", "sub_", "mul_", "div_", "masked_select", "unique", "bincount", "repeat_interleave",
      "chunk", "unbind", "split", "max", "min", "std", "var", "prod", "amax", "amin", "round",
      "floor", "ceil", "sort", "argsort", "cpu", "cuda", "numpy", "triu", "tril", "roll", "flip",
      "where", "baddbmm", "bmm", "mm", "outer", "softplus", "to", "int", "repeat"};
  return *s;
}

// torch.* callables whose result is not a tensor.
const NameSet& TorchStatic() {
  static const auto* s = new NameSet{
      "torch.is_tensor", "torch.is_floating_point", "torch.is_complex", "torch.is_grad_enabled",
      "torch.is_inference_mode_enabled", "torch.get_default_dtype", "torch.compiler.is_compiling",
      "torch.compiler.is_dynamo_compiling", "torch._dynamo.is_compiling", "torch.jit.is_scripting",
      "torch.jit.is_tracing", "torch.cuda.is_available", "torch.device", "torch.dtype",
      "torch.finfo", "torch.iinfo", "torch.no_grad", "torch.enable_grad",
      "torch.set_grad_enabled", "torch.inference_mode", "torch.autocast", "torch.Generator",
      "torch.manual_seed", "torch.seed", "torch.get_autocast_gpu_dtype", "torch.is_autocast_enabled",
      "torch.onnx.is_in_onnx_export", "torch.fx._symbolic_trace.is_fx_tracing",
      "torch._C._get_tracing_state", "torch.are_deterministic_algorithms_enabled"};
  return *s;
}
const NameSet& TorchShape() {
  static const auto* s = new NameSet{"torch.numel", "torch.broadcast_shapes", "torch.Size"};
  return *s;
}
const NameSet& TorchDataScalar() {
  static const auto* s = new NameSet{"torch.equal", "torch.allclose", "torch.is_nonzero"};
  return *s;
}

// Builtins whose result mirrors their argument: a number from a size stays a size; a number from a
// tensor is data.
const NameSet& NumericBuiltins() {
  static const auto* s = new NameSet{"builtins.int", "builtins.float", "builtins.round",
                                     "builtins.abs", "builtins.complex", "builtins.bool"};
  return *s;
}
// torch's arithmetic functions, which also take Python numbers (and sizes).
const NameSet& TorchSizeArithmetic() {
  static const auto* s = new NameSet{"torch.div", "torch.floor_divide", "torch.true_divide",
                                     "torch.remainder", "torch.fmod", "torch.mul", "torch.add",
                                     "torch.sub"};
  return *s;
}
const NameSet& ConstantBuiltins() {
  static const auto* s = new NameSet{
      "builtins.isinstance", "builtins.issubclass", "builtins.hasattr", "builtins.callable",
      "builtins.str", "builtins.repr", "builtins.format", "builtins.type", "builtins.id",
      "builtins.range", "builtins.enumerate", "builtins.zip", "builtins.list", "builtins.tuple",
      "builtins.dict", "builtins.set", "builtins.sorted", "builtins.reversed", "builtins.print",
      "builtins.hash", "builtins.super", "builtins.object", "builtins.frozenset"};
  return *s;
}

bool Contains(const NameSet& set, std::string_view name) { return set.contains(name); }

// A parameter named like a boolean mask. `attention_mask` is not one: transformers passes 0/1
// integer tensors under that name.
bool IsMaskName(std::string_view name) {
  return (name == "mask" || name.ends_with("_mask")) && name != "attention_mask";
}

bool StartsUpper(std::string_view name) {
  return !name.empty() && std::isupper(static_cast<unsigned char>(name[0]));
}

std::string Str(TSNode node, std::string_view text) { return std::string(NodeText(node, text)); }

// `Cache | None`, `Optional[Cache]`, `EncoderDecoderCache`: classes (capitalized names, dotted
// or not) that are no tensor type, with or without None: an object that is not data. Nothing for
// anything else (generics, Any, Tensor subclasses such as Parameter).
std::optional<Value> ObjectAnnotation(std::string_view annotation) {
  std::string_view inner = annotation;
  bool optional = false;
  for (std::string_view wrapper : {"Optional[", "typing.Optional["}) {
    if (inner.starts_with(wrapper) && inner.ends_with("]")) {
      inner = inner.substr(wrapper.size(), inner.size() - wrapper.size() - 1);
      optional = true;
    }
  }
  Value v = Value::Of(Value::kModule);
  bool any_class = false;
  for (size_t start = 0; start <= inner.size();) {
    size_t bar = std::min(inner.find('|', start), inner.size());
    std::string_view part = inner.substr(start, bar - start);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    start = bar + 1;
    if (part == "None") {
      optional = true;
      continue;
    }
    std::string_view last = part.substr(part.rfind('.') == std::string_view::npos ? 0 : part.rfind('.') + 1);
    bool name = !part.empty() && std::all_of(part.begin(), part.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
    });
    if (!name || !StartsUpper(last) || last.find("Tensor") != std::string_view::npos ||
        last == "Parameter" || last == "Buffer" || last == "Any" || last == "Array" ||
        last.find("Array") != std::string_view::npos) {
      return std::nullopt;
    }
    any_class = true;
  }
  if (!any_class) return std::nullopt;
  if (optional) v.kinds |= Value::kNone;
  return v;
}

// The alternatives of a union annotation at its top level (`a | b[c | d]` -> `a`, `b[c | d]`),
// trimmed; the annotation itself when it is no union.
std::vector<std::string_view> UnionAlternatives(std::string_view annotation) {
  std::vector<std::string_view> parts;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= annotation.size(); ++i) {
    char c = i < annotation.size() ? annotation[i] : '|';
    if (c == '[' || c == '(') ++depth;
    if (c == ']' || c == ')') --depth;
    if (c != '|' || depth != 0) continue;
    std::string_view part = annotation.substr(start, i - start);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    parts.push_back(part);
    start = i + 1;
  }
  return parts;
}

// Whether a union annotation (`a | b`, at the top level) names an alternative that is neither a
// tensor type nor None: `torch.Tensor | list[tuple]`, `int | torch.Tensor`.
bool HasNonTensorAlternative(std::string_view annotation) {
  std::vector<std::string_view> parts = UnionAlternatives(annotation);
  if (parts.size() < 2) return false;  // no union
  return std::any_of(parts.begin(), parts.end(), [](std::string_view part) {
    return part != "None" && part.find("Tensor") == std::string_view::npos &&
           part.find("ndarray") == std::string_view::npos;
  });
}

// `cache: dict`, `Optional[Dict[str, Any]]`, `layers: list | None`: a Python container (or None),
// never a tensor itself, whatever its elements are. Its truth is the container's (Dynamo decides
// `if cache:` while tracing); reading an element gives an unknown value.
bool IsContainerAnnotation(std::string_view annotation) {
  static const NameSet kContainers = {
      "dict",     "Dict",           "list",       "List",        "tuple",       "Tuple",
      "set",      "Set",            "frozenset",  "FrozenSet",   "Mapping",     "MutableMapping",
      "Sequence", "MutableSequence", "Iterable",  "Iterator",    "Collection",  "OrderedDict",
      "defaultdict", "deque"};
  bool any_container = false;
  for (std::string_view part : UnionAlternatives(annotation)) {
    if (part == "None") continue;
    for (std::string_view wrapper : {"Optional[", "typing.Optional["}) {
      if (part.starts_with(wrapper) && part.ends_with("]")) {
        part = part.substr(wrapper.size(), part.size() - wrapper.size() - 1);
      }
    }
    std::string_view base = part.substr(0, std::min(part.find('['), part.size()));
    base = base.substr(base.rfind('.') == std::string_view::npos ? 0 : base.rfind('.') + 1);
    if (!kContainers.contains(base)) return false;
    any_container = true;
  }
  return any_container;
}

Value ValueOfAnnotation(std::string_view annotation) {
  if (annotation.find("Tensor") != std::string_view::npos ||
      annotation.find("ndarray") != std::string_view::npos) {
    // `spatial_shapes: torch.Tensor | list[tuple[int, int]]`: a tensor only maybe.
    Value v = Value::Tensor(/*assumed=*/HasNonTensorAlternative(annotation));
    // `audio_token_mask: torch.BoolTensor | None`: a boolean mask, as written.
    v.boolean = annotation.find("BoolTensor") != std::string_view::npos;
    if (annotation.find("Optional") != std::string_view::npos ||
        annotation.find("None") != std::string_view::npos) {
      v.kinds |= Value::kNone;
    }
    return v;
  }
  // `shape: torch.Size` (a position embedding's `input_ids_shape`): sizes, whatever the module.
  static const NameSet kShapes = {"torch.Size", "Size", "torch.Size | None",
                                  "Optional[torch.Size]"};
  if (kShapes.contains(annotation)) return Value::Of(Value::kShape);
  static const NameSet kScalars = {"int", "float", "bool", "str", "Optional[int]",
                                   "Optional[float]", "Optional[bool]", "Optional[str]",
                                   "int | None", "float | None", "bool | None", "str | None"};
  if (kScalars.contains(annotation)) return Value::Of(Value::kConstant);
  // A class that is no tensor type, or None: `Cache | None`, `Optional[EncoderDecoderCache]`.
  if (std::optional<Value> object = ObjectAnnotation(annotation)) return *object;
  // Containers of Python scalars: `tuple[int, int]`, `list[int]`, `Tuple[int, ...]`.
  for (std::string_view prefix : {"tuple[", "Tuple[", "list[", "List[", "Sequence["}) {
    if (!annotation.starts_with(prefix) || !annotation.ends_with("]")) continue;
    std::string_view inner = annotation.substr(prefix.size(), annotation.size() - prefix.size() - 1);
    bool scalars = !inner.empty();
    size_t start = 0;
    while (start <= inner.size()) {
      size_t comma = inner.find(',', start);
      std::string_view part = inner.substr(start, comma == std::string_view::npos
                                                      ? std::string_view::npos
                                                      : comma - start);
      while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
      while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
      if (part != "int" && part != "float" && part != "bool" && part != "str" && part != "...") {
        scalars = false;
      }
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
    if (scalars) return Value::Of(Value::kConstant);
  }
  return Value::Unknown();
}

}  // namespace

// The variables of one function (or of the module, for the null function).
struct ValueInference::Scope {
  TSNode function{};
  Scope* parent = nullptr;  // the enclosing function, for closures
  std::map<std::string, Value> variables;  // the join of each name's bindings
  // Each name's bindings with where they take effect, for reads that see only those before
  // them (`if max_len < 0: ...` above `max_len = lengths.max()` reads the parameter).
  std::map<std::string, std::vector<std::pair<BindingSite, Value>>> sites;
  std::set<std::string> parameters;
  bool analyzed = false;  // its analysis has started
  bool complete = false;  // ... and ended
  int analyses = 0;
  // What its analysis read of functions whose own analysis was still under way (a caller's
  // locals, through the arguments of a call in it; an enclosing function's, from a closure), by
  // (function, name): the value seen, or none if unbound then. If any of them ends up holding
  // something else, this scope is analyzed again when next asked for. Without this, answers
  // depended on which expression a rule asked about first: a helper defined below its caller,
  // fed a local the caller binds later in a loop, lost its tensor parameter.
  // Keyed by (function, name, the read's byte or kReadAnywhere).
  std::map<std::tuple<const Scope*, std::string, uint32_t>, std::optional<Value>> partial_reads;
  bool saw_value_change = false;  // read one name twice, mid-analysis, and it had changed
};

// What `self.<name>` holds, from assignments in the class's methods.
struct ValueInference::ClassInfo {
  std::map<std::string, Value> attributes;  // from __init__
  // `self.name = value` in the other methods: (method, value) by name, evaluated when asked.
  std::map<std::string, std::vector<std::pair<TSNode, TSNode>>, std::less<>> assigned_elsewhere;
};

ValueInference::ValueInference(TSNode root, std::string_view text, const ImportTable& imports,
                               CallIndex& calls)
    : root_(root), text_(text), imports_(imports), too_deep_(std::make_unique<Scope>()),
      definitions_(text), calls_(calls), narrowing_(root, text) {
  too_deep_->analyzed = too_deep_->complete = true;  // no variables: every name is unknown
  truths_.UseCallIndex(&calls_);
}

ValueInference::~ValueInference() = default;

Value ValueInference::Evaluate(TSNode expression) {
  TSNode function = EnclosingFunction(expression);
  Scope& scope = ScopeOf(function);
  return Eval(expression, scope, 0);
}

bool ValueInference::IsTensorEntry(TSNode function) {
  if (ts_node_is_null(function)) return false;
  if (DefinitionName(function, text_) == "forward" && !ts_node_is_null(OwningClass(function))) {
    return true;
  }
  for (TSNode decorator : Decorators(function)) {
    TSNode expression = ts_node_named_child(decorator, 0);
    if (Is(expression, "call")) expression = Field(expression, "function");
    for (const std::string& name : QualifiedNames(expression, text_, imports_)) {
      if (name == "torch.compile") return true;
    }
  }
  return false;
}

void ValueInference::ForgetAnalyses() {
  scopes_.clear();
  classes_.clear();
  returns_.clear();
}

ValueInference::Scope& ValueInference::ScopeOf(TSNode function) {
  uint32_t key = ts_node_is_null(function) ? UINT32_MAX : ts_node_start_byte(function);
  auto it = scopes_.find(key);
  if (it != scopes_.end()) {
    Scope& found = *it->second;
    if (!found.complete || found.partial_reads.empty()) return found;
    // While a function it read is still being analyzed, its values stand as they are (the
    // caller's passes go on with them); once those are done, it is analyzed again if what it
    // read has changed.
    Staleness staleness = StalenessOf(found, 0);
    if (staleness == Staleness::kFresh) {
      found.partial_reads.clear();  // what it read is final: no need to look again
    } else if (staleness == Staleness::kStale && found.analyses < kMaxAnalyses &&
               analyzing_.size() < kMaxNestedAnalyses) {
      found.variables.clear();
      found.sites.clear();
      found.parameters.clear();
      found.partial_reads.clear();
      found.saw_value_change = false;
      found.analyzed = found.complete = false;
      Analyze(found);
    }
    return found;
  }
  if (analyzing_.size() >= kMaxNestedAnalyses) {
    // Analyses nest through calls (a helper's parameters come from its callers, a call's value
    // from the callee's returns): a generated chain of 20,000 helpers, each passing its
    // parameter on, overflowed the stack. Past the limit, nothing is known.
    return *too_deep_;
  }
  auto scope = std::make_unique<Scope>();
  scope->function = function;
  if (!ts_node_is_null(function)) {
    TSNode outer = EnclosingFunction(function);
    if (!ts_node_is_null(outer)) scope->parent = &ScopeOf(outer);
  }
  // Analyzing the enclosing function may have asked for this scope already (a call of the nested
  // function in its parent): keep that one. (emplace would have dropped this one, and `ref` with
  // it.)
  if (auto again = scopes_.find(key); again != scopes_.end()) return *again->second;
  Scope& ref = *scope;
  scopes_.emplace(key, std::move(scope));
  Analyze(ref);
  return ref;
}

Value ValueInference::ModuleCallersPass(TSNode function, const std::string& name,
                                        size_t position) {
  TSNode owner = OwningClass(function);
  uint32_t key = ts_node_start_byte(function);
  if (!module_calls_ || ts_node_is_null(owner) || position == 0 || in_progress_.contains(key)) {
    return Value::Unknown();
  }
  std::vector<TSNode> calls = module_calls_(owner);
  if (calls.empty()) return Value::Unknown();
  in_progress_.insert(key);
  Value passed = JoinArguments(calls, name, position - 1, OmittedValue(function, name));
  in_progress_.erase(key);
  return passed;
}

Value ValueInference::HelperCallersPass(TSNode function, const std::string& name,
                                        size_t position) {
  // A method's first parameter (self, cls) is not among the call's arguments; a static method
  // has none.
  if (!ts_node_is_null(OwningClass(function)) && position > 0 && !IsStaticMethod(function, text_)) {
    --position;
  }
  return ArgumentsAtCalls(function, name, position);
}

Value ValueInference::ParameterValue(TSNode function, TSNode parameter, const std::string& name,
                                     size_t position) {
  std::string_view type = NodeType(parameter);
  if (type == "list_splat_pattern" || type == "dictionary_splat_pattern") return Value::Unknown();
  TSNode annotation = Field(parameter, "type");
  TSNode default_value = Field(parameter, "value");
  if (!ts_node_is_null(default_value) &&
      truths_.IsDefaulted(ts_node_start_byte(function), name)) {
    // No reached call passes it (an entry's input the user's call leaves out): its default (a
    // literal: the program graph notes no other), whatever the annotation says.
    return Value::Of(Is(default_value, "none") ? Value::kNone : Value::kConstant);
  }
  if (ImportsNumpy() && DefinitionName(function, text_) == "__init__" && position > 0) {
    // `Up(c, add_t=i < np.log2(r))`: whatever the annotation says, the constructor holds the
    // np.bool_ its callers in this file pass.
    Value passed = ArgumentsAtCalls(function, name, position - 1);
    if (passed.numpy) return passed;
  }
  if (!ts_node_is_null(annotation)) {
    Value v = ValueOfAnnotation(NodeText(annotation, text_));
    // Callers beat annotations: `past_key_values: torch.Tensor | None` that every call of the
    // file passes a cache object (or None) to holds no tensor.
    if (v.Has(Value::kTensor)) {
      Value passed;
      if (!IsTensorEntry(function)) {
        passed = HelperCallersPass(function, name, position);
      } else {
        // A submodule's forward (`max_txt_seq_len: int | torch.Tensor | None`): what its
        // module's callers in this file pass.
        passed = ModuleCallersPass(function, name, position);
      }
      if (!passed.Has(Value::kUnknown) && !passed.Has(Value::kTensor) && passed.kinds != 0) {
        return passed;
      }
      // `padding_positions: torch.Tensor` that every caller hands a boolean mask.
      if (passed.IsBoolTensor() && !passed.Has(Value::kUnknown)) v.boolean = true;
    }
    std::string_view written = NodeText(annotation, text_);
    if (!v.Has(Value::kTensor) && !IsTensorEntry(function) &&
        (written.find("tuple") != std::string_view::npos ||
         written.find("list") != std::string_view::npos ||
         written.find("Sequence") != std::string_view::npos)) {
      // `paddings: tuple[int, int]` that a caller hands `(left, extra)` with a tensor in it
      // (Mimi's `_pad1d`): annotations are not checked at run time; the call says.
      Value passed = HelperCallersPass(function, name, position);
      if (passed.holds_data) return passed;
    }
    if (v.IsStatic() && !v.Has(Value::kModule) && !IsTensorEntry(function)) {
      // `height: int` that every caller in this file hands a tensor (the rows of a grid tensor):
      // annotations are not checked at run time; the calls say. (Not a tensor only assumed, such
      // as a submodule forward's unannotated `window_size`: the annotation is likelier right.)
      Value passed = HelperCallersPass(function, name, position);
      if (passed.Has(Value::kTensor) && !passed.assumed && !passed.Has(Value::kUnknown)) {
        return passed;
      }
    }
    if (!v.Has(Value::kUnknown)) return v;
    if (IsContainerAnnotation(written)) {
      // `grid_thw: list[list[int]]` that the module's callers hand a LongTensor: annotations are
      // not checked at run time; the calls say. Otherwise a container (`cache: dict`), not the
      // tensor an unannotated entry parameter is assumed to be.
      Value passed = IsTensorEntry(function) ? ModuleCallersPass(function, name, position)
                                             : HelperCallersPass(function, name, position);
      if (passed.Has(Value::kTensor) && !passed.assumed && !passed.Has(Value::kUnknown)) {
        return passed;
      }
      return Value::Unknown();
    }
  }
  if (!ts_node_is_null(default_value)) {
    if (Is(default_value, "none")) {
      // `early_stops=None` that the helper's callers in this file hand a boolean tensor: that
      // tensor, or None.
      if (!IsTensorEntry(function)) {
        Value passed = HelperCallersPass(function, name, position);
        if (passed.Has(Value::kTensor) && !passed.Has(Value::kUnknown)) {
          return passed.Join(Value::Of(Value::kNone));
        }
      }
      // `mask=None`: a tensor when given, or None. Not assumed to be a tensor.
      return Value::Of(Value::kUnknown).Join(Value::Of(Value::kNone));
    }
    return Value::Of(Value::kConstant);
  }
  if (IsTensorEntry(function)) {
    // A submodule's forward: what its module's callers in this file pass, when they all say
    // (`layer(hidden_states, output_attentions)` hands on a flag).
    Value passed = ModuleCallersPass(function, name, position);
    if (!passed.Has(Value::kUnknown) && passed.kinds != 0) return passed;
    // `mask`, `pad_mask`, `keep_mask`: by name, a boolean mask (still an assumption: likely).
    if (IsMaskName(name)) return Value::BoolTensor(/*assumed=*/true);
    return Value::Tensor(/*assumed=*/true);
  }
  // Constructor arguments are hyperparameters and configs (or submodules), not tensor data.
  if (DefinitionName(function, text_) == "__init__" || name == "config" || name == "cfg") {
    return Value::Of(Value::kConstant);
  }
  // A helper: its callers in this file say what it receives.
  return HelperCallersPass(function, name, position);
}

void ValueInference::NotePartialRead(const Scope& read, const std::string& name, uint32_t at,
                                     const std::optional<Value>& value) {
  auto it = std::find(analyzing_.begin(), analyzing_.end(), &read);
  if (it == analyzing_.end()) return;
  // Every analysis started since `read`'s builds on what `read` has found so far.
  for (++it; it != analyzing_.end(); ++it) {
    auto [slot, added] = (*it)->partial_reads.try_emplace({&read, name, at}, value);
    if (!added && slot->second != value) (*it)->saw_value_change = true;
  }
}

ValueInference::Staleness ValueInference::StalenessOf(const Scope& scope, int depth) const {
  if (depth > kMaxStaleDepth) return Staleness::kStale;
  bool pending = false;
  for (const auto& [key, seen] : scope.partial_reads) {
    const Scope& read = *std::get<0>(key);
    if (!read.complete) {
      pending = true;
      continue;
    }
    if (VisibleValue(read, std::get<1>(key), std::get<2>(key)) != seen) return Staleness::kStale;
    if (!read.partial_reads.empty()) {
      Staleness of_read = StalenessOf(read, depth + 1);
      if (of_read == Staleness::kStale) return Staleness::kStale;
      pending = pending || of_read == Staleness::kPending;
    }
  }
  if (pending) return Staleness::kPending;
  return scope.saw_value_change ? Staleness::kStale : Staleness::kFresh;
}

void ValueInference::Analyze(Scope& scope) {
  if (scope.analyzed) return;
  scope.analyzed = true;
  ++scope.analyses;
  analyzing_.push_back(&scope);
  AnalyzeBindings(scope);
  analyzing_.pop_back();
  scope.complete = true;
}

void ValueInference::AnalyzeBindings(Scope& scope) {
  TSNode function = scope.function;
  if (ts_node_is_null(function)) return;  // module level: names stay unknown
  TSNode parameters = Field(function, "parameters");
  bool is_method = !ts_node_is_null(OwningClass(function)) && !IsStaticMethod(function, text_);
  std::vector<TSNode> all = NamedChildren(parameters);
  for (size_t position = 0; position < all.size(); ++position) {
    TSNode parameter = all[position];
    bool is_self = is_method && position == 0;
    TSNode name_node = Is(parameter, "identifier") ? parameter : Field(parameter, "name");
    if (ts_node_is_null(name_node)) name_node = ts_node_named_child(parameter, 0);
    std::string name = Str(name_node, text_);
    if (name.empty()) continue;  // `*` or `/` separators bind nothing
    scope.parameters.insert(name);
    Value value = is_self ? Value::Of(Value::kModule)  // self
                          : ParameterValue(function, parameter, name, position);
    scope.variables[name] = value;
    scope.sites[name] = {{BindingSite{}, value}};  // bound before the body's first read
  }

  // Collect the binding statements of this function (not of nested functions or classes), and
  // its outermost loops (disjoint, in start order).
  std::vector<TSNode> bindings;
  std::vector<std::pair<uint32_t, uint32_t>> loops;
  std::vector<std::pair<uint32_t, uint32_t>> blocks;  // in start order
  TSNode body = Field(function, "body");
  blocks.emplace_back(ts_node_start_byte(body), ts_node_end_byte(body));
  ForEachNamedNode(body, [&](TSNode node, std::string_view type) {
    if (type == "function_definition" || type == "class_definition" || type == "lambda") {
      return false;
    }
    if (type == "block" && !ts_node_eq(node, body)) {
      blocks.emplace_back(ts_node_start_byte(node), ts_node_end_byte(node));
    }
    if (IsLoop(type) && (loops.empty() || ts_node_start_byte(node) >= loops.back().second)) {
      loops.emplace_back(ts_node_start_byte(node), ts_node_end_byte(node));
    }
    if (type == "assignment" || type == "augmented_assignment" || type == "for_statement" ||
        type == "for_in_clause" || type == "named_expression" || type == "as_pattern") {
      bindings.push_back(node);
    }
    return true;
  });
  std::sort(bindings.begin(), bindings.end(), [](TSNode a, TSNode b) {
    return ts_node_start_byte(a) < ts_node_start_byte(b);
  });
  // Dead in every traced mode: `skip = p < drop` under `if self.training:` in an eval run.
  std::erase_if(bindings, [&](TSNode node) {
    return (!eval_ || IsGuardedAway(node, text_, imports_, Mode::kEval, &truths_,
                                    /*reduced_precision=*/true)) &&
           (!train_ || IsGuardedAway(node, text_, imports_, Mode::kTrain, &truths_,
                                     /*reduced_precision=*/true));
  });
  // Where each binding takes effect: after its right-hand side (`n = n.item()` reads the `n`
  // bound before it; a for loop binds after its iterable), and inside which outermost loop.
  std::vector<BindingSite> sites;
  for (TSNode node : bindings) {
    BindingSite site;
    site.at = ts_node_end_byte(Is(node, "for_statement") ? Field(node, "right") : node);
    uint32_t start = ts_node_start_byte(node);
    auto after = std::upper_bound(loops.begin(), loops.end(), start,
                                  [](uint32_t at, const auto& loop) { return at < loop.first; });
    if (after != loops.begin() && start < std::prev(after)->second) {
      std::tie(site.loop_start, site.loop_end) = *std::prev(after);
    }
    if (Is(node, "assignment") || Is(node, "augmented_assignment")) {
      // A statement of the innermost block around it: it runs before the rest of that block.
      auto around = std::upper_bound(blocks.begin(), blocks.end(), start,
                                     [](uint32_t at, const auto& b) { return at < b.first; });
      while (around != blocks.begin()) {
        --around;
        if (start < around->second) {
          site.covers_end = around->second;
          break;
        }
      }
    } else if (Is(node, "for_statement")) {
      site.covers_end = ts_node_end_byte(Field(node, "body"));
    }
    sites.push_back(site);
  }
  for (int pass = 0; pass < kMaxPasses; ++pass) {
    bool changed = false;
    for (size_t b = 0; b < bindings.size(); ++b) {
      TSNode node = bindings[b];
      const BindingSite& site = sites[b];
      std::string_view type = NodeType(node);
      if (type == "assignment") {
        TSNode right = Field(node, "right");
        if (ts_node_is_null(right)) continue;  // an annotation without a value
        TSNode left = Field(node, "left");
        std::vector<TSNode> targets;
        if (Is(left, "pattern_list") || Is(left, "tuple_pattern")) {
          for (TSNode t : NamedChildren(left)) {
            if (!Is(t, "comment")) targets.push_back(t);
          }
        }
        TSNode callee = Is(right, "call") && !targets.empty() ? LocalCallee(right) : TSNode{};
        std::vector<Value> elements =
            ts_node_is_null(callee) ? std::vector<Value>{} : ReturnElements(callee, targets.size());
        if (!elements.empty()) {
          for (size_t i = 0; i < targets.size(); ++i) {
            Bind(scope, targets[i], elements[i], site, &changed);
          }
          continue;
        }
        Bind(scope, left, Eval(right, scope, 0), site, &changed);
      } else if (type == "augmented_assignment") {
        Value right = Eval(Field(node, "right"), scope, 0);
        Value left = Eval(Field(node, "left"), scope, 0);
        Value combined = right.Has(Value::kTensor) ? right : left.Join(right);
        Bind(scope, Field(node, "left"), combined, site, &changed);
      } else if (type == "for_statement" || type == "for_in_clause") {
        BindIteration(scope, Field(node, "left"), Field(node, "right"), site, &changed);
      } else if (type == "named_expression") {
        Bind(scope, Field(node, "name"), Eval(Field(node, "value"), scope, 0), site, &changed);
      } else if (type == "as_pattern") {
        TSNode alias = Field(node, "alias");
        if (!ts_node_is_null(alias)) {
          Bind(scope, ts_node_named_child(alias, 0), Value::Unknown(), site, &changed);
        }
      }
    }
    if (!changed) break;
  }
}

// What iterating a value yields: a tensor yields tensors (its rows), sizes yield sizes.
Value ValueInference::ElementOf(const Value& iterable) {
  if (iterable.tensor_elements) return iterable.Element();
  return iterable.IsTensor()   ? Value::Tensor(iterable.assumed)
         : iterable.IsStatic() ? iterable
                               : Value::Unknown();
}

// Binds what one step of `for <target> in <iterable>` assigns. Python iterates the arguments of
// `zip(x, y)` in step and `enumerate(x)` pairs a count with x's items, so in
// `for i, (t, h, w) in enumerate(zip(chunks, grid_thw))` the names `t, h, w` unpack rows of the
// tensor `grid_thw`, not the constant the `zip(...)` object itself is.
void ValueInference::BindIteration(Scope& scope, TSNode target, TSNode iterable,
                                   const BindingSite& site, bool* changed) {
  std::vector<TSNode> targets;
  if (Is(target, "pattern_list") || Is(target, "tuple_pattern") || Is(target, "list_pattern")) {
    for (TSNode t : NamedChildren(target)) {
      if (!Is(t, "comment")) targets.push_back(t);
    }
  }
  std::vector<TSNode> arguments;
  bool counted = Is(iterable, "call") && !targets.empty();
  if (counted) {
    for (TSNode argument : NamedChildren(Field(iterable, "arguments"))) {
      if (Is(argument, "keyword_argument") || Is(argument, "comment")) continue;
      counted = counted && !Is(argument, "list_splat");  // zip(*rows): how many is unknown
      arguments.push_back(argument);
    }
  }
  if (counted) {
    for (const std::string& name :
         QualifiedNames(Field(iterable, "function"), text_, imports_)) {
      if (name == "builtins.zip" && arguments.size() == targets.size()) {
        for (size_t i = 0; i < targets.size(); ++i) {
          BindIteration(scope, targets[i], arguments[i], site, changed);
        }
        return;
      }
      if (name == "builtins.enumerate" && !arguments.empty() && targets.size() == 2) {
        Bind(scope, targets[0], Value::Of(Value::kConstant), site, changed);
        BindIteration(scope, targets[1], arguments[0], site, changed);
        return;
      }
    }
  }
  Bind(scope, target, ElementOf(Eval(iterable, scope, 0)), site, changed);
}

void ValueInference::Bind(Scope& scope, TSNode target, const Value& value,
                          const BindingSite& site, bool* changed) {
  if (ts_node_is_null(target)) return;
  std::string_view type = NodeType(target);
  if (type == "identifier") {
    std::string name = Str(target, text_);
    Value& slot = scope.variables[name];
    slot = slot.Join(value);
    // A change at one binding is a change even when the join of all of them stays the same: a
    // read that sees only this binding sees it. Kept in `at` order (VisibleValue walks it).
    std::vector<std::pair<BindingSite, Value>>& bound = scope.sites[name];
    auto at = std::lower_bound(bound.begin(), bound.end(), site.at,
                               [](const auto& b, uint32_t where) { return b.first.at < where; });
    if (at == bound.end() || at->first.at != site.at) {
      bound.emplace(at, site, value);
      *changed = true;
    } else if (Value joined = at->second.Join(value); !(joined == at->second)) {
      at->second = joined;
      *changed = true;
    }
    return;
  }
  if (type == "pattern_list" || type == "tuple_pattern" || type == "list_pattern" ||
      type == "expression_list" || type == "tuple" || type == "list") {
    // Unpacking: a tensor unpacks into tensors (chunk, unbind, split); sizes into sizes; a
    // container of tensors into tensors.
    Value element = value.tensor_elements ? value.Element()
                    : value.IsTensor()    ? Value::Tensor(value.assumed)
                    : value.IsStatic() ? value
                                       : Value::Unknown();
    for (TSNode element_target : NamedChildren(target)) {
      Bind(scope, element_target, element, site, changed);
    }
    return;
  }
  if (type == "list_splat_pattern" || type == "parenthesized_expression") {
    Bind(scope, ts_node_named_child(target, 0), Value::Unknown(), site, changed);
  }
  // Attributes and subscripts (self.x = ..., d[k] = ...) bind no local name.
}

std::optional<Value> ValueInference::VisibleValue(const Scope& scope, const std::string& name,
                                                  uint32_t read) {
  auto all = scope.variables.find(name);
  if (all == scope.variables.end()) return std::nullopt;
  auto bound = scope.sites.find(name);
  if (read == kReadAnywhere || bound == scope.sites.end()) return all->second;
  // Sites are in `at` order. Those after the read reach it only round a loop around both: they
  // follow the read contiguously, so the walk stops at the first that does not.
  std::optional<Value> seen;
  auto join = [&](const Value& value) { seen = seen ? seen->Join(value) : value; };
  const auto& sites = bound->second;
  auto after = std::upper_bound(sites.begin(), sites.end(), read,
                                [](uint32_t where, const auto& b) { return where < b.first.at; });
  for (auto it = after; it != sites.end() && it->first.VisibleFrom(read); ++it) join(it->second);
  // Those before it, latest first, down to one that surely ran before the read: it hides the
  // earlier ones (each read costs the bindings it can see, not all of them).
  for (auto it = after; it != sites.begin();) {
    --it;
    join(it->second);
    if (read < it->first.covers_end) break;
  }
  return seen ? *seen : all->second;
}

Value ValueInference::Lookup(const std::string& name, Scope& scope, uint32_t read) {
  for (Scope* s = &scope; s != nullptr; s = s->parent) {
    // A closure runs when called: it may see any of its enclosing function's bindings.
    uint32_t at = s == &scope ? read : kReadAnywhere;
    std::optional<Value> found = VisibleValue(*s, name, at);
    // Reading a function mid-analysis on behalf of another (not its own passes).
    if (s->analyzed && !s->complete && analyzing_.back() != s) {
      NotePartialRead(*s, name, at, found);
    }
    if (found) return *found;
  }
  if (imports_.Lookup(name) != nullptr) return Value::Of(Value::kModule);
  if (name == "True" || name == "False" || name == "None") return Value::Of(Value::kConstant);
  // Module-level constants (UPPER_CASE) are configuration.
  bool upper = !name.empty();
  for (char c : name) upper = upper && (std::isupper(static_cast<unsigned char>(c)) || c == '_' ||
                                        std::isdigit(static_cast<unsigned char>(c)));
  if (upper) return Value::Of(Value::kConstant);
  return Value::Unknown();
}

Value ValueInference::Eval(TSNode node, Scope& scope, int depth) {
  if (ts_node_is_null(node) || depth > kMaxDepth) return Value::Unknown();
  std::string_view type = NodeType(node);
  ++depth;
  if (type == "identifier") {
    std::optional<Value> narrowed = narrowing_.At(node);
    return narrowed ? *narrowed : Lookup(Str(node, text_), scope, ts_node_start_byte(node));
  }
  if (type == "integer" || type == "float" || type == "string" || type == "concatenated_string" ||
      type == "true" || type == "false" || type == "ellipsis") {
    return Value::Of(Value::kConstant);
  }
  if (type == "none") return Value::Of(Value::kNone);
  if (type == "parenthesized_expression") return Eval(ts_node_named_child(node, 0), scope, depth);
  if (type == "attribute") return EvalAttribute(node, scope, depth);
  if (type == "call") return EvalCall(node, scope, depth);
  if (type == "binary_operator") return EvalBinary(node, scope, depth);
  if (type == "unary_operator") {
    Value v = Eval(Field(node, "argument"), scope, depth);
    if (v.Has(Value::kTensor) && NodeText(ts_node_child(node, 0), text_) == "~") v.boolean = true;
    return v;
  }
  if (type == "not_operator") {
    Value v = Eval(Field(node, "argument"), scope, depth);
    if (v.IsTensor() || (v.Has(Value::kTensor) && v.IsDataDependent())) {
      return Value::BoolTensor(v.assumed);
    }
    if (v.IsStatic()) return Value::Of(Value::kConstant);
    return v.IsDataDependent() ? Value::Of(Value::kDataScalar) : Value::Unknown();
  }
  if (type == "boolean_operator") {
    Value left = Eval(Field(node, "left"), scope, depth);
    Value right = Eval(Field(node, "right"), scope, depth);
    // `a and b` evaluates bool(a): a tensor operand anywhere makes the test data-dependent.
    if (left.Has(Value::kTensor) || right.Has(Value::kTensor)) {
      Value v = left.Has(Value::kTensor) ? left : right;
      return Value::BoolTensor(v.assumed);
    }
    if (left.Has(Value::kDataScalar) || right.Has(Value::kDataScalar)) {
      return Value::Of(Value::kDataScalar);
    }
    if (left.IsStatic() && right.IsStatic()) return Value::Of(Value::kConstant);
    return Value::Unknown();
  }
  if (type == "comparison_operator") {
    // `is`, `is not`, `in`, `not in` compare identities and containers: never tensor data.
    for (uint32_t i = 0; i < ts_node_child_count(node); ++i) {
      TSNode child = ts_node_child(node, i);
      if (ts_node_is_named(child)) continue;
      std::string_view op = NodeText(child, text_);
      if (op == "is" || op == "in" || op == "not" || op == "is not" || op == "not in") {
        return Value::Of(Value::kConstant);
      }
    }
    Value joined;
    bool any_tensor = false, any_data = false, any_numpy = false, all_static = true,
         assumed = true;
    for (TSNode operand : NamedChildren(node)) {
      Value v = Eval(operand, scope, depth);
      if (v.Has(Value::kTensor)) {
        any_tensor = true;
        assumed = assumed && v.assumed;
      }
      any_data = any_data || v.Has(Value::kDataScalar);
      any_numpy = any_numpy || v.numpy;  // `i < np.log2(r)` is an np.bool_
      all_static = all_static && v.IsStatic();
    }
    if (any_tensor) return Value::BoolTensor(assumed);
    if (any_data) return Value::Of(Value::kDataScalar);
    if (all_static) return any_numpy ? Value::NumpyScalar() : Value::Of(Value::kConstant);
    return Value::Unknown();
  }
  if (type == "conditional_expression") {
    // body if condition else alternative: the first and third named children. A condition
    // Dynamo decides while tracing, the same in eval and train (`torch.jit.is_tracing()`,
    // `is_torchdynamo_compiling()`), takes one arm: Swin's `torch.min(...) if
    // torch.jit.is_tracing() else min(...)` is a Python int under Dynamo.
    TSNode condition = ts_node_named_child(node, 1);
    Truth eval = EvaluateUnderCompile(condition, text_, imports_, Mode::kEval, &truths_,
                                      /*reduced_precision=*/true);
    if (eval != Truth::kUnknown &&
        EvaluateUnderCompile(condition, text_, imports_, Mode::kTrain, &truths_,
                             /*reduced_precision=*/true) == eval) {
      return Eval(ts_node_named_child(node, eval == Truth::kTrue ? 0 : 2), scope, depth);
    }
    return Eval(ts_node_named_child(node, 0), scope, depth)
        .Join(Eval(ts_node_named_child(node, 2), scope, depth));
  }
  if (type == "subscript") {
    Value value = Eval(Field(node, "value"), scope, depth);
    if (value.IsTensor()) return value;
    if (value.tensor_elements) {
      // `chunks[0]` is a tensor; `chunks[1:]` the same kind of container.
      return Is(Field(node, "subscript"), "slice") ? value : value.Element();
    }
    if (value.IsStatic()) return value.Has(Value::kModule) ? Value::Of(Value::kModule) : value;
    return value.Has(Value::kDataScalar) ? Value::Of(Value::kDataScalar) : Value::Unknown();
  }
  if (type == "named_expression") return Eval(Field(node, "value"), scope, depth);
  if (type == "tuple" || type == "list" || type == "expression_list" || type == "set" ||
      type == "dictionary" || type == "list_comprehension" || type == "set_comprehension" ||
      type == "dictionary_comprehension") {
    // A container display: static when every element is; otherwise what reading one element
    // gives is unknown (`{"full": cu_seqlens, "window": cu_window}[kind]` is a tensor), and one
    // holding a tensor (not one only assumed of an unannotated parameter) is marked for uses
    // that read it as sizes.
    std::vector<TSNode> elements;
    if (type == "dictionary") {
      for (TSNode entry : NamedChildren(node)) {
        elements.push_back(Is(entry, "pair") ? Field(entry, "value") : entry);  // or **other
      }
    } else if (type.ends_with("comprehension")) {
      TSNode body = Field(node, "body");
      elements.push_back(type == "dictionary_comprehension" ? Field(body, "value") : body);
    } else {
      elements = NamedChildren(node);
    }
    bool all_static = true;
    bool holds_data = false;
    // Iterating a dict yields its keys: only sequences and sets say what their elements are.
    bool all_tensors = type != "dictionary" && type != "dictionary_comprehension";
    bool any_assumed = false;
    size_t counted = 0;
    for (TSNode element : elements) {
      if (ts_node_is_null(element) || Is(element, "comment")) continue;
      ++counted;
      Value v = Is(element, "dictionary_splat") ? Value::Unknown() : Eval(element, scope, depth);
      all_static = all_static && v.IsStatic();
      holds_data = holds_data || (v.IsDataDependent() && v.Has(Value::kTensor) && !v.assumed);
      all_tensors = all_tensors && !Is(element, "list_splat") && v.IsTensor() && !v.Has(Value::kNone);
      any_assumed = any_assumed || v.assumed;
    }
    if (all_static) return Value::Of(Value::kConstant);
    Value out = Value::Unknown();
    out.holds_data = holds_data;
    out.tensor_elements = all_tensors && counted > 0;
    out.elements_assumed = out.tensor_elements && any_assumed;
    return out;
  }
  if (type == "lambda") return Value::Of(Value::kConstant);
  if (type == "await") return Value::Unknown();
  return Value::Unknown();
}

Value ValueInference::EvalAttribute(TSNode node, Scope& scope, int depth) {
  TSNode object = Field(node, "object");
  std::string name = Str(Field(node, "attribute"), text_);
  // Qualified constants such as torch.float32, math.pi, torch.bool.
  for (const std::string& qualified : QualifiedNames(node, text_, imports_)) {
    if (qualified.starts_with("torch.") || qualified.starts_with("math.") ||
        qualified.starts_with("numpy.")) {
      return Value::Of(Value::kConstant);
    }
  }
  if (name == "shape") return Value::Of(Value::kShape);
  if (name == "training" || name == "config") return Value::Of(Value::kConstant);
  // `latents.device` of a value not known to be a tensor (an optional input): a torch.device or
  // dtype whatever holds it, never tensor data.
  if (name == "device" || name == "dtype") return Value::Of(Value::kConstant);
  if (Is(object, "identifier") && NodeText(object, text_) == "self") {
    return SelfAttribute(node, name);
  }
  Value base = Eval(object, scope, depth);
  if (base.IsTensor()) {
    static const NameSet kStatic = {"ndim",     "dtype",   "device",  "is_cuda", "requires_grad",
                                    "layout",   "is_leaf", "is_sparse", "names", "is_meta",
                                    "is_quantized", "itemsize", "nbytes"};
    if (kStatic.contains(name)) return Value::Of(Value::kConstant);
    static const NameSet kTensors = {"T", "mT", "H", "mH", "real", "imag", "data", "grad"};
    if (kTensors.contains(name)) return Value::Tensor(base.assumed);
    return Value::Unknown();
  }
  if (base.Has(Value::kModule) && base.IsStatic()) {
    if (name == "weight" || name == "bias") return Value::Tensor();
    return Value::Unknown();
  }
  if (base.IsStatic()) return base.Has(Value::kShape) ? Value::Of(Value::kShape)
                                                      : Value::Of(Value::kConstant);
  return Value::Unknown();
}

Value ValueInference::EvalBinary(TSNode node, Scope& scope, int depth) {
  Value left = Eval(Field(node, "left"), scope, depth);
  Value right = Eval(Field(node, "right"), scope, depth);
  if (left.Has(Value::kTensor) || right.Has(Value::kTensor)) {
    bool assumed = (!left.Has(Value::kTensor) || left.assumed) &&
                   (!right.Has(Value::kTensor) || right.assumed);
    std::string_view op = NodeText(Field(node, "operator"), text_);
    bool logical = (op == "&" || op == "|" || op == "^") && (left.boolean || right.boolean);
    return logical ? Value::BoolTensor(assumed) : Value::Tensor(assumed);
  }
  if (left.Has(Value::kDataScalar) || right.Has(Value::kDataScalar)) {
    return Value::Of(Value::kDataScalar);
  }
  if (left.IsStatic() && right.IsStatic()) {
    if (left.numpy || right.numpy) return Value::NumpyScalar();  // np.float64 arithmetic
    return (left.Has(Value::kShape) || right.Has(Value::kShape)) ? Value::Of(Value::kShape)
                                                                  : Value::Of(Value::kConstant);
  }
  return Value::Unknown();
}

Value ValueInference::EvalCall(TSNode node, Scope& scope, int depth) {
  TSNode function = Field(node, "function");
  for (const std::string& name : QualifiedNames(function, text_, imports_)) {
    Value v = EvalNamedCall(node, name, scope, depth);
    if (v.kinds != 0) return v;
  }
  if (Is(function, "attribute")) return EvalMethodCall(node, function, scope, depth);
  if (Is(function, "identifier")) {
    std::string name = Str(function, text_);
    // A function defined in this file: its return statements say.
    TSNode defined = FunctionNamed(root_, name);
    if (!ts_node_is_null(defined)) return ReturnValue(defined);
    if (StartsUpper(name)) return Value::Of(Value::kModule);  // a class: an object
    // An imported function returns what it returns: unknown here.
    if (imports_.Lookup(name) != nullptr) return Value::Unknown();
    Value callee = Lookup(name, scope, ts_node_start_byte(function));
    if (callee.Has(Value::kModule) && callee.IsStatic()) return Value::Tensor(/*assumed=*/true);
  }
  if (Is(function, "subscript")) {
    // self.layers[i](x): calling an element of a module list.
    Value callee = Eval(function, scope, depth);
    if (callee.Has(Value::kModule) && callee.IsStatic()) return Value::Tensor(/*assumed=*/true);
  }
  return Value::Unknown();
}

Value ValueInference::EvalNamedCall(TSNode call, const std::string& name, Scope& scope,
                                    int depth) {
  TSNode arguments = Field(call, "arguments");
  auto first_argument = [&]() -> Value {
    for (TSNode argument : NamedChildren(arguments)) {
      if (!Is(argument, "keyword_argument") && !Is(argument, "comment")) {
        return Eval(argument, scope, depth);
      }
    }
    return Value::Unknown();
  };
  if (name.starts_with("builtins.")) {
    if (name == "builtins.len") return Value::Of(Value::kShape);
    if (Contains(NumericBuiltins(), name)) {
      Value argument = first_argument();
      if (argument.IsDataDependent()) return Value::Of(Value::kDataScalar);
      if (argument.IsStatic()) return argument.Has(Value::kShape) ? Value::Of(Value::kShape)
                                                                  : Value::Of(Value::kConstant);
      return Value::Unknown();
    }
    if (name == "builtins.max" || name == "builtins.min" || name == "builtins.sum") {
      Value joined;
      for (TSNode argument : NamedChildren(arguments)) {
        if (!Is(argument, "keyword_argument")) joined = joined.Join(Eval(argument, scope, depth));
      }
      if (joined.Has(Value::kTensor)) return Value::Tensor(joined.assumed);
      if (joined.IsStatic()) return joined.Has(Value::kShape) ? Value::Of(Value::kShape)
                                                              : Value::Of(Value::kConstant);
      return Value::Unknown();
    }
    if (Contains(ConstantBuiltins(), name)) return Value::Of(Value::kConstant);
    return Value::Unknown();
  }
  if (name == "random.uniform" || name == "random.randint" || name == "random.randrange") {
    // Dynamo traces these and keeps the number as a graph value (an unspecialized scalar,
    // backed by a tensor): arithmetic on it is traced, a branch on it breaks (measured on torch
    // 2.13: MusicGen's LayerDrop `if self.training and (dropout_probability < self.layerdrop)`).
    return Value::Tensor();
  }
  if (name.starts_with("math.")) {
    Value argument = first_argument();
    if (argument.IsDataDependent()) return Value::Of(Value::kDataScalar);
    if (argument.IsStatic()) return argument.Has(Value::kShape) ? Value::Of(Value::kShape)
                                                                : Value::Of(Value::kConstant);
    return Value::Unknown();
  }
  if (name.starts_with("numpy.")) {
    // Dynamo traces numpy through torch._numpy (trace_numpy, on by default): a numpy call makes
    // an ndarray backed by a tensor, constant arguments or not (np.array([1, 2]) // n, np.sum).
    // Only the dtype-like results fold to constants; numpy.random has its own rule (SE008).
    if (name.starts_with("numpy.random.")) return Value::Unknown();
    if (name == "numpy.dtype" || name == "numpy.iinfo" || name == "numpy.finfo" ||
        name == "numpy.issubdtype") {
      return Value::Of(Value::kConstant);
    }
    // On Python numbers the result is a one-element tensor Dynamo knows the value of
    // (`float(np.sqrt(self.dim))` does not break on torch 2.13); an array built from a list or
    // from another array is data (BigBird's `np.sum(np.array(plan)[:k])` used as a size breaks).
    // Functions that make or reduce arrays: their arguments are arrays, whatever their kind here.
    static const NameSet* kArrayMakers = new NameSet{
        "numpy.array",  "numpy.asarray", "numpy.arange",  "numpy.zeros",  "numpy.ones",
        "numpy.empty",  "numpy.full",    "numpy.concatenate", "numpy.stack", "numpy.linspace",
        "numpy.sum",    "numpy.prod",    "numpy.cumsum",  "numpy.max",    "numpy.min",
        "numpy.mean",   "numpy.argmax",  "numpy.argmin",  "numpy.where",  "numpy.nonzero",
        "numpy.unique", "numpy.sort",    "numpy.argsort"};
    if (kArrayMakers->contains(name)) return Value::Tensor();
    bool scalar_constants = false;
    for (TSNode argument : NamedChildren(arguments)) {
      if (Is(argument, "comment")) continue;
      if (Is(argument, "keyword_argument")) argument = Field(argument, "value");
      if (Is(argument, "list") || Is(argument, "tuple") || Is(argument, "list_comprehension")) {
        return Value::Tensor();
      }
      Value given = Eval(argument, scope, depth);
      // A tensor or an array in, an array out; of an argument of unknown kind (`h / window_size[0]`
      // with window_size from an unresolved helper, a plain number in MONAI's SwinUNETR) nothing
      // is known.
      if (given.Has(Value::kTensor) || given.Has(Value::kDataScalar)) return Value::Tensor();
      if (!given.IsStatic()) return Value::Unknown();
      scalar_constants = true;
    }
    return scalar_constants ? Value::NumpyScalar() : Value::Tensor();
  }
  if (name.starts_with("torch.")) {
    if (Contains(TorchStatic(), name)) return Value::Of(Value::kConstant);
    // Process, device and backend state: torch.distributed.is_initialized(), get_rank(),
    // all_reduce(...) (a work handle; it fills its argument in place), torch.cuda.device_count(),
    // torch.backends.cudnn.is_available(). torch.distributed.nn's collectives return tensors.
    if ((name.starts_with("torch.distributed.") && !name.starts_with("torch.distributed.nn.")) ||
        name.starts_with("torch.cuda.") || name.starts_with("torch.backends.")) {
      return Value::Of(Value::kConstant);
    }
    if (Contains(TorchShape(), name)) return Value::Of(Value::kShape);
    // `torch.div(seq_len, 2 * w, rounding_mode="trunc")` on sizes: Dynamo computes it on the
    // symbolic sizes, and the result sizes a view as a plain int would (measured on torch 2.13:
    // Longformer's chunking).
    if (Contains(TorchSizeArithmetic(), name)) {
      Value joined;
      bool any = false;
      for (TSNode argument : NamedChildren(Field(call, "arguments"))) {
        if (Is(argument, "keyword_argument") || Is(argument, "comment")) continue;
        joined = joined.Join(Eval(argument, scope, depth));
        any = true;
      }
      if (any && joined.IsStatic() && !joined.Has(Value::kModule)) {
        return joined.Has(Value::kShape) ? Value::Of(Value::kShape) : Value::Of(Value::kConstant);
      }
    }
    if (Contains(TorchDataScalar(), name)) return Value::Of(Value::kDataScalar);
    std::string_view last = std::string_view(name).substr(name.rfind('.') + 1);
    // nn.Parameter and nn.Buffer are tensors (Buffer: torch >= 2.5; transformers registers
    // sinusoidal tables with it), the other nn classes modules.
    if (name.starts_with("torch.nn.") && !name.starts_with("torch.nn.functional.") &&
        !name.starts_with("torch.nn.init.") && name != "torch.nn.Parameter" &&
        name != "torch.nn.Buffer" && StartsUpper(last)) {
      Value module = Value::Of(Value::kModule);  // torch.nn.Linear(...)
      // An nn.ParameterList holds Parameters: iterating or indexing it gives tensors, not a
      // Python list a tensor index would read as an int.
      module.tensor_elements = last == "ParameterList";
      return module;
    }
    if (BoolTensorMethods().contains(last)) return Value::BoolTensor();
    // `torch.ones(n, dtype=torch.bool)`, `torch.zeros_like(x, dtype=torch.bool)`: a mask.
    for (TSNode argument : NamedChildren(Field(call, "arguments"))) {
      if (Is(argument, "keyword_argument") && NodeText(Field(argument, "name"), text_) == "dtype" &&
          NodeText(Field(argument, "value"), text_) == "torch.bool") {
        return Value::BoolTensor();
      }
    }
    return Value::Tensor();
  }
  return Value{};  // not a name this function knows
}

// Whether a tensor method returns the dtype of its receiver: a boolean mask stays one through
// moves, copies and the methods that only lay its elements out anew (`mask.to(device)`,
// `mask.unsqueeze(-1)`, `mask.repeat_interleave(2)`, `mask.expand_as(x)`), not through `.to`
// or `.view` given a dtype (`mask.to(torch.float32)`, `mask.to(x.dtype)`).
bool ValueInference::KeepsDtype(TSNode call, std::string_view method) const {
  static const NameSet kLayout = {
      "clone", "to", "view", "reshape", "unsqueeze", "squeeze", "flatten", "unflatten", "expand",
      "expand_as", "repeat", "repeat_interleave", "permute", "transpose", "t", "contiguous",
      "flip", "roll", "narrow", "select", "cpu", "cuda", "detach", "view_as", "reshape_as",
      "tile", "index_select", "movedim", "swapaxes", "numpy"};
  if (!kLayout.contains(method)) return false;
  if (method != "to" && method != "view") return true;
  for (TSNode argument : NamedChildren(Field(call, "arguments"))) {
    TSNode value = argument;
    if (Is(argument, "keyword_argument")) {
      if (NodeText(Field(argument, "name"), text_) != "dtype") continue;
      value = Field(argument, "value");
    }
    std::string_view written = NodeText(value, text_);
    if (written == "torch.bool") continue;
    bool dtype = written.ends_with("dtype") || Is(argument, "keyword_argument") ||
                 (written.starts_with("torch.") && !written.starts_with("torch.device"));
    if (dtype) return false;
  }
  return true;
}

Value ValueInference::EvalMethodCall(TSNode call, TSNode attribute, Scope& scope, int depth) {
  TSNode object = Field(attribute, "object");
  std::string method = Str(Field(attribute, "attribute"), text_);
  bool on_self = Is(object, "identifier") && NodeText(object, text_) == "self";
  if (on_self) {
    // self.method(...) defined in this class, or self.submodule(...).
    TSNode owner = EnclosingClass(call);
    TSNode defined = ts_node_is_null(owner) ? TSNode{} : FunctionNamed(owner, method);
    if (!ts_node_is_null(defined)) return ReturnValue(defined);
    Value attribute_value = SelfAttribute(attribute, method);
    if (attribute_value.Has(Value::kModule)) return Value::Tensor(/*assumed=*/true);
    return Value::Unknown();
  }
  if (Is(object, "call") && NodeText(Field(object, "function"), text_) == "super") {
    return method == "forward" || method == "__call__" ? Value::Tensor(true) : Value::Unknown();
  }
  Value receiver = Eval(object, scope, depth);
  if (receiver.Has(Value::kModule) && receiver.IsStatic()) {
    if (method == "forward" || method == "__call__") return Value::Tensor(true);
    if (method == "parameters" || method == "named_parameters" || method == "children" ||
        method == "modules" || method == "to" || method == "eval" || method == "train") {
      return Value::Of(Value::kModule);
    }
    return Value::Unknown();
  }
  if (receiver.IsStatic() && !receiver.Has(Value::kModule)) {
    // Methods of constants, strings and sizes (config.get(...), name.startswith(...)).
    return receiver.Has(Value::kShape) ? Value::Of(Value::kShape) : Value::Of(Value::kConstant);
  }
  bool tensor = receiver.IsTensor();
  if (tensor || receiver.MaybeTensor()) {
    if (ShapeMethods().contains(method)) return Value::Of(Value::kShape);
    if (ConstantMethods().contains(method)) return Value::Of(Value::kConstant);
    if (DataScalarMethods().contains(method)) return Value::Of(Value::kDataScalar);
  }
  if (tensor) {
    if (BoolTensorMethods().contains(method)) return Value::BoolTensor(receiver.assumed);
    Value v = Value::Tensor(receiver.assumed);
    v.boolean = receiver.boolean && KeepsDtype(call, method);
    return v;
  }
  if (TensorOnlyMethods().contains(method) || BoolTensorMethods().contains(method)) {
    Value v = Value::Tensor(/*assumed=*/true);
    v.boolean = BoolTensorMethods().contains(method);
    return v;
  }
  return Value::Unknown();
}

Value ValueInference::SelfAttribute(TSNode at, const std::string& name) {
  if (name == "training" || name == "config") return Value::Of(Value::kConstant);
  TSNode owner = EnclosingClass(at);
  if (ts_node_is_null(owner)) return Value::Unknown();
  ClassInfo& info = ClassOf(owner);
  auto it = info.attributes.find(name);
  auto elsewhere = info.assigned_elsewhere.find(name);
  if (elsewhere == info.assigned_elsewhere.end()) {
    return it == info.attributes.end() ? Value::Unknown() : it->second;
  }
  // Also what other methods store there (`self.v = x.sum()` in forward), each value evaluated
  // in its own method. `self.n = self.n + 1` asks for itself: that part is what is known so far.
  Value joined = it == info.attributes.end() ? Value() : it->second;
  auto key = std::make_pair(owner.id, name);
  if (attributes_in_progress_.insert(key).second) {
    for (const auto& [method, value] : elsewhere->second) {
      joined = joined.Join(Eval(value, ScopeOf(method), 0));
    }
    attributes_in_progress_.erase(key);
  }
  return joined.kinds == 0 ? Value::Unknown() : joined;
}

void ValueInference::NoteAssignmentsToSelf(TSNode method, ClassInfo& info) {
  ForEachNamedNode(Field(method, "body"), [&](TSNode node, std::string_view type) {
    if (type == "function_definition" || type == "class_definition" || type == "lambda") {
      return false;
    }
    if (type != "assignment") return true;
    TSNode left = Field(node, "left");
    TSNode right = Field(node, "right");
    if (Is(left, "attribute") && NodeText(Field(left, "object"), text_) == "self" &&
        !ts_node_is_null(right)) {
      info.assigned_elsewhere[Str(Field(left, "attribute"), text_)].emplace_back(method, right);
    }
    return true;
  });
}

ValueInference::ClassInfo& ValueInference::ClassOf(TSNode class_definition) {
  uint32_t key = ts_node_start_byte(class_definition);
  auto it = classes_.find(key);
  if (it != classes_.end()) return *it->second;
  auto info = std::make_unique<ClassInfo>();
  ClassInfo& ref = *info;
  classes_.emplace(key, std::move(info));
  // `self.x = ...` in __init__, and register_buffer calls; the other methods' assignments are
  // noted here and evaluated when the attribute is asked for (SelfAttribute).
  TSNode body = Field(class_definition, "body");
  for (TSNode member : NamedChildren(body)) {
    if (Is(member, "decorated_definition")) member = Field(member, "definition");
    if (!Is(member, "function_definition")) continue;
    if (DefinitionName(member, text_) != "__init__") {
      NoteAssignmentsToSelf(member, ref);
      continue;
    }
    Scope& scope = ScopeOf(member);
    std::vector<TSNode> stack{Field(member, "body")};
    while (!stack.empty()) {
      TSNode node = stack.back();
      stack.pop_back();
      if (Is(node, "function_definition") || Is(node, "class_definition")) continue;
      if (Is(node, "assignment")) {
        TSNode left = Field(node, "left");
        TSNode right = Field(node, "right");
        if (Is(left, "attribute") && NodeText(Field(left, "object"), text_) == "self" &&
            !ts_node_is_null(right)) {
          std::string attr = Str(Field(left, "attribute"), text_);
          Value v = Eval(right, scope, 0);
          // Module containers hold modules.
          if (Is(right, "call") && v.Has(Value::kModule)) {
            bool parameters = v.tensor_elements;  // an nn.ParameterList's are tensors
            v = Value::Of(Value::kModule);
            v.tensor_elements = parameters;
          }
          // A number read out of data in __init__ (`int(np.log2(stride))`) is a plain Python
          // number by the time anything is compiled: a guarded constant.
          if (v.Has(Value::kDataScalar) && !v.Has(Value::kTensor)) v = Value::Of(Value::kConstant);
          // A numpy scalar made here is a 0-d ndarray to Dynamo when forward reads it: data.
          if (v.numpy) v = v.Join(Value::Tensor());
          ref.attributes[attr] = ref.attributes[attr].Join(v);
        }
      } else if (Is(node, "call")) {
        TSNode function = Field(node, "function");
        if (Is(function, "attribute") &&
            NodeText(Field(function, "attribute"), text_) == "register_buffer") {
          TSNode first = ts_node_named_child(Field(node, "arguments"), 0);
          if (Is(first, "string")) {
            std::string_view quoted = NodeText(first, text_);
            if (quoted.size() >= 2) {
              std::string attr(quoted.substr(1, quoted.size() - 2));
              ref.attributes[attr] = ref.attributes[attr].Join(Value::Tensor());
            }
          }
        }
      }
      PushNamedChildren(stack, node);
    }
  }
  return ref;
}

Value ValueInference::ReturnValue(TSNode function) {
  uint32_t key = ts_node_start_byte(function);
  if (auto it = returns_.find(key); it != returns_.end()) return it->second;
  if (returns_in_progress_.contains(key)) return Value::Unknown();
  returns_in_progress_.insert(key);
  Scope& scope = ScopeOf(function);
  Value joined;
  bool any_return = false;
  ForEachNamedNode(Field(function, "body"), [&](TSNode node, std::string_view type) {
    if (type == "function_definition" || type == "class_definition" || type == "lambda") {
      return false;
    }
    if (type == "return_statement") {
      any_return = true;
      TSNode value = ts_node_named_child(node, 0);
      joined = joined.Join(ts_node_is_null(value) ? Value::Of(Value::kNone)
                                                  : Eval(value, scope, 0));
      return false;
    }
    if (type == "yield") {
      joined = joined.Join(Value::Unknown());
      return false;
    }
    return true;
  });
  if (!any_return) joined = Value::Of(Value::kNone);
  returns_in_progress_.erase(key);
  // Kept only once final: a function it read mid-analysis may still change what it returns.
  if (&scope != too_deep_.get() && scope.complete && (scope.partial_reads.empty() ||
                         StalenessOf(scope, 0) == Staleness::kFresh)) {
    returns_[key] = joined;
  }
  return joined;
}

std::vector<Value> ValueInference::ReturnElements(TSNode function, size_t arity) {
  uint32_t key = ts_node_start_byte(function);
  if (returns_in_progress_.contains(key)) return {};
  returns_in_progress_.insert(key);
  Scope& scope = ScopeOf(function);
  std::vector<Value> out(arity);
  bool tuples = true;  // every return so far a tuple of `arity` plain elements
  bool any_return = false;
  ForEachNamedNode(Field(function, "body"), [&](TSNode node, std::string_view type) {
    if (!tuples || type == "function_definition" || type == "class_definition" ||
        type == "lambda") {
      return false;
    }
    if (type == "yield") tuples = false;
    if (type != "return_statement") return tuples;
    any_return = true;
    TSNode value = ts_node_named_child(node, 0);
    std::vector<TSNode> elements;
    if (!ts_node_is_null(value) && (Is(value, "expression_list") || Is(value, "tuple"))) {
      for (TSNode e : NamedChildren(value)) {
        if (!Is(e, "comment")) elements.push_back(e);
      }
    }
    if (elements.size() != arity) {
      tuples = false;
      return false;
    }
    for (size_t i = 0; i < arity; ++i) {
      if (Is(elements[i], "list_splat")) tuples = false;
      out[i] = out[i].Join(Eval(elements[i], scope, 0));
    }
    return false;
  });
  returns_in_progress_.erase(key);
  if (!tuples || !any_return) return {};
  return out;
}

TSNode ValueInference::LocalCallee(TSNode call) {
  TSNode function = Field(call, "function");
  if (Is(function, "identifier")) {
    std::string name = Str(function, text_);
    if (imports_.Lookup(name) != nullptr) return TSNode{};
    return FunctionNamed(root_, name);
  }
  if (Is(function, "attribute")) {
    TSNode object = Field(function, "object");
    if (!Is(object, "identifier") || NodeText(object, text_) != "self") return TSNode{};
    TSNode owner = EnclosingClass(call);
    if (ts_node_is_null(owner)) return TSNode{};
    std::string attribute = Str(Field(function, "attribute"), text_);
    TSNode method = FunctionNamed(owner, attribute);
    return ts_node_is_null(method) ? SubmoduleForward(owner, attribute) : method;
  }
  return TSNode{};
}

// The forward of the submodule `self.<attribute>` when __init__ builds it once as a class of this
// file (`self.pooler = Gemma4VisionPooler(config)`): `hidden, mask = self.pooler(...)` unpacks
// what that forward returns. Null otherwise.
TSNode ValueInference::SubmoduleForward(TSNode owner, const std::string& attribute) {
  auto key = std::pair(ts_node_start_byte(owner), attribute);
  auto cached = submodule_forwards_.find(key);
  if (cached != submodule_forwards_.end()) return cached->second;
  TSNode forward = FindSubmoduleForward(owner, attribute);
  submodule_forwards_.emplace(std::move(key), forward);
  return forward;
}

TSNode ValueInference::FindSubmoduleForward(TSNode owner, const std::string& attribute) {
  TSNode init = FunctionNamed(owner, "__init__");
  if (ts_node_is_null(init)) return TSNode{};
  TSNode built{};
  int assignments = 0;
  ForEachNamedNode(Field(init, "body"), [&](TSNode node, std::string_view type) {
    if (type == "function_definition" || type == "class_definition" || type == "lambda") {
      return false;
    }
    if (type != "assignment") return true;
    TSNode left = Field(node, "left");
    if (!Is(left, "attribute") || NodeText(Field(left, "object"), text_) != "self" ||
        NodeText(Field(left, "attribute"), text_) != attribute) {
      return true;
    }
    ++assignments;
    built = Field(node, "right");
    return false;
  });
  if (assignments != 1 || !Is(built, "call") || !Is(Field(built, "function"), "identifier")) {
    return TSNode{};
  }
  std::string class_name = Str(Field(built, "function"), text_);
  if (imports_.Lookup(class_name) != nullptr) return TSNode{};
  const DefinitionIndex::Definitions& classes = definitions_.In(root_, "class_definition");
  auto found = classes.find(class_name);
  return found == classes.end() ? TSNode{} : FunctionNamed(found->second, "forward");
}

const ValueInference::CallArguments& ValueInference::ArgumentsOf(TSNode call) {
  auto [it, added] = call_arguments_.try_emplace(call.id);
  CallArguments& out = it->second;
  if (!added) return out;
  for (TSNode a : NamedChildren(Field(call, "arguments"))) {
    if (Is(a, "comment")) continue;
    size_t at = out.all.size();
    out.all.push_back(a);
    if (Is(a, "keyword_argument")) {
      out.keywords.try_emplace(NodeText(Field(a, "name"), text_), at);  // the first one counts
    } else if (Is(a, "list_splat") || Is(a, "dictionary_splat")) {
      out.first_splat = std::min(out.first_splat, at);
    } else {
      out.positional.push_back(at);
    }
  }
  return out;
}

Value ValueInference::ArgumentsAtCalls(TSNode function, const std::string& parameter,
                                       size_t position) {
  bool method = !ts_node_is_null(OwningClass(function));
  // A constructor is called by its class's name (`Up(c, ...)`), from anywhere in the file.
  bool constructor = method && DefinitionName(function, text_) == "__init__";
  std::string callee = constructor ? DefinitionName(OwningClass(function), text_)
                                   : (method ? "self." : "") + DefinitionName(function, text_);
  TSNode owner = method ? OwningClass(function) : TSNode{};
  std::vector<TSNode> calls;
  for (TSNode call : calls_.To(callee)) {
    // `self.maybe_pad(...)` in another class of the file calls that class's maybe_pad.
    if (method && !constructor && !SameNode(EnclosingClass(call), owner)) continue;
    calls.push_back(call);
  }
  uint32_t key = ts_node_start_byte(function);
  if (in_progress_.contains(key)) return Value::Unknown();
  in_progress_.insert(key);
  Value joined = JoinArguments(calls, parameter, position, OmittedValue(function, parameter));
  in_progress_.erase(key);
  return joined;
}

Value ValueInference::OmittedValue(TSNode function, const std::string& parameter) {
  for (TSNode p : NamedChildren(Field(function, "parameters"))) {
    if ((!Is(p, "default_parameter") && !Is(p, "typed_default_parameter")) ||
        NodeText(Field(p, "name"), text_) != parameter) {
      continue;
    }
    TSNode value = Field(p, "value");
    if (Is(value, "none")) return Value::Of(Value::kNone);
    if (IsPlainLiteral(value, text_)) return Value::Of(Value::kConstant);
    break;
  }
  return Value::Unknown();
}

Value ValueInference::JoinArguments(const std::vector<TSNode>& calls, const std::string& parameter,
                                    size_t position, const Value& omitted) {
  Value joined;
  bool any_passes = false;
  for (TSNode call : calls) {
    if (ts_node_is_null(call)) {
      joined = joined.Join(Value::Unknown());
      continue;
    }
    // The first of: a keyword argument of that name, a * or ** splat, the positional argument
    // at `position`.
    const CallArguments& arguments = ArgumentsOf(call);
    size_t first = SIZE_MAX;
    if (auto it = arguments.keywords.find(parameter); it != arguments.keywords.end()) {
      first = it->second;
    }
    first = std::min(first, arguments.first_splat);
    if (position < arguments.positional.size()) {
      first = std::min(first, arguments.positional[position]);
    }
    bool found = first != SIZE_MAX;
    Value argument;
    if (found) {
      TSNode a = arguments.all[first];
      if (Is(a, "keyword_argument")) {
        argument = Evaluate(Field(a, "value"));
      } else if (Is(a, "list_splat") || Is(a, "dictionary_splat")) {
        argument = Value::Unknown();
      } else {
        argument = Evaluate(a);
      }
    }
    any_passes = any_passes || found;
    joined = joined.Join(found ? argument : omitted);
  }
  // Calls that all leave it out say nothing of what other modules' calls pass.
  return joined.kinds == 0 || !any_passes ? Value::Unknown() : joined;
}

bool ValueInference::ImportsNumpy() {
  if (!imports_numpy_) {
    imports_numpy_ = false;
    for (const auto& [local, targets] : imports_.bindings()) {
      for (const std::string& target : targets) {
        if (target == "numpy" || target.starts_with("numpy.")) imports_numpy_ = true;
      }
    }
  }
  return *imports_numpy_;
}

TSNode ValueInference::FunctionNamed(TSNode scope_owner, const std::string& name) {
  TSNode body = Is(scope_owner, "module") ? scope_owner : Field(scope_owner, "body");
  const DefinitionIndex::Definitions& functions = definitions_.In(body, "function_definition");
  auto found = functions.find(name);
  return found == functions.end() ? TSNode{} : found->second;
}

}  // namespace gbreak
