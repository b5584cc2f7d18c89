#include "report/repro.h"

#include <map>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "source/absl_compat.h"
#include "syntax/tree_sitter.h"

namespace gbreak {
namespace {

std::string_view Text(TSNode node, std::string_view source) {
  return ts_node_is_null(node) ? std::string_view() : NodeText(node, source);
}

TSNode Field(TSNode node, const char* name) {
  return ts_node_child_by_field_name(node, name, static_cast<uint32_t>(std::string_view(name).size()));
}

// The function definition that most closely encloses `node` (null at module level).
TSNode EnclosingFunction(TSNode node) {
  for (TSNode n = ts_node_parent(node); !ts_node_is_null(n); n = ts_node_parent(n)) {
    if (NodeType(n) == "function_definition") return n;
  }
  return TSNode{};
}

// The node a definition hangs from: its decorated_definition when decorated.
TSNode Outer(TSNode definition) {
  TSNode up = ts_node_parent(definition);
  return !ts_node_is_null(up) && NodeType(up) == "decorated_definition" ? up : definition;
}

bool AtModuleLevel(TSNode definition) {
  TSNode up = ts_node_parent(Outer(definition));
  return !ts_node_is_null(up) && NodeType(up) == "module";
}

// The decorators' texts (without '@') of a definition.
std::vector<std::string> Decorators(TSNode definition, std::string_view source) {
  std::vector<std::string> out;
  TSNode outer = Outer(definition);
  if (NodeType(outer) != "decorated_definition") return out;
  for (TSNode child : NamedChildren(outer)) {
    if (NodeType(child) != "decorator") continue;
    std::string_view text = Text(child, source);
    if (!text.empty() && text[0] == '@') text.remove_prefix(1);
    out.emplace_back(absl::StripAsciiWhitespace(ToAbsl(text)));
  }
  return out;
}

bool HasDecorator(const std::vector<std::string>& decorators, std::string_view needle) {
  for (const std::string& d : decorators) {
    if (absl::StrContains(d, ToAbsl(needle))) return true;
  }
  return false;
}

// What the repro compiles: a module-level function, or a method of a module-level class.
struct Target {
  TSNode function{};
  TSNode klass{};  // null for a function
};

std::optional<Target> FindTarget(TSNode root, uint32_t offset) {
  TSNode node = ts_node_descendant_for_byte_range(root, offset, offset);
  // A break in a nested function (a closure inside forward) is reached through the function that
  // defines it, so walk outwards to the first importable definition.
  for (TSNode fn = EnclosingFunction(node); !ts_node_is_null(fn); fn = EnclosingFunction(fn)) {
    if (AtModuleLevel(fn)) return Target{fn, TSNode{}};
    TSNode block = ts_node_parent(Outer(fn));
    if (ts_node_is_null(block) || NodeType(block) != "block") continue;
    TSNode klass = ts_node_parent(block);
    if (!ts_node_is_null(klass) && NodeType(klass) == "class_definition" && AtModuleLevel(klass)) {
      return Target{fn, klass};
    }
  }
  return std::nullopt;
}

// One parameter of the compiled function, as the repro must pass it.
struct Param {
  std::string name;
  std::string type;  // annotation text, "" when none
};

// The parameters a caller must pass: no defaults, no *args/**kwargs; `skip` leading ones
// (self, cls). Keyword-only parameters without a default are included (passed by keyword).
std::vector<Param> RequiredParams(TSNode function, std::string_view source, int skip,
                                  std::vector<bool>* keyword_only) {
  std::vector<Param> out;
  TSNode params = Field(function, "parameters");
  bool after_star = false;
  for (TSNode p : NamedChildren(params)) {
    std::string_view type = NodeType(p);
    if (type == "list_splat_pattern" || type == "keyword_separator") {
      after_star = true;
      continue;
    }
    if (skip > 0 && (type == "identifier" || type == "typed_parameter")) {
      --skip;
      continue;
    }
    if (type == "identifier") {
      out.push_back({std::string(Text(p, source)), ""});
    } else if (type == "typed_parameter") {
      out.push_back({std::string(Text(ts_node_named_child(p, 0), source)),
                     std::string(Text(Field(p, "type"), source))});
    } else {
      continue;  // defaults, **kwargs, `/`
    }
    if (keyword_only != nullptr) keyword_only->push_back(after_star);
  }
  return out;
}

// The first method named `name` directly in a class body.
TSNode Method(TSNode klass, std::string_view name, std::string_view source) {
  TSNode body = Field(klass, "body");
  for (TSNode child : NamedChildren(body)) {
    if (NodeType(child) == "decorated_definition") child = Field(child, "definition");
    if (NodeType(child) == "function_definition" && Text(Field(child, "name"), source) == name) {
      return child;
    }
  }
  return TSNode{};
}

// A shape-giving layer constructed in __init__: `self.proj = nn.Linear(16, 4)`.
struct Layer {
  std::string kind;  // Linear, Conv2d, Embedding, ...
  int size = 0;      // its first integer argument (in_features, channels, num_embeddings)
};

// Python code for an input that such a layer accepts.
std::string InputFor(const Layer& layer) {
  const std::string& k = layer.kind;
  std::string n = absl::StrCat(layer.size);
  if (k == "Embedding" || k == "EmbeddingBag") return absl::StrCat("torch.randint(0, ", n, ", (2, 4))");
  if (k == "Conv1d" || k == "BatchNorm1d" || k == "InstanceNorm1d") {
    return k == "Conv1d" ? absl::StrCat("torch.randn(2, ", n, ", 8)")
                         : absl::StrCat("torch.randn(2, ", n, ")");
  }
  if (k == "Conv2d" || k == "BatchNorm2d" || k == "InstanceNorm2d") {
    return absl::StrCat("torch.randn(2, ", n, ", 8, 8)");
  }
  if (k == "Conv3d" || k == "BatchNorm3d") return absl::StrCat("torch.randn(2, ", n, ", 4, 4, 4)");
  if (k == "LSTM" || k == "GRU" || k == "RNN" || k == "MultiheadAttention" ||
      k == "TransformerEncoderLayer") {
    return absl::StrCat("torch.randn(2, 4, ", n, ")");
  }
  // Linear, LayerNorm, ...: they take any leading dimensions; (batch, sequence, features) is what
  // transformer-style code unpacks most often.
  return absl::StrCat("torch.randn(2, 4, ", n, ")");
}

bool IsShapeLayer(std::string_view kind) {
  static const char* const kKinds[] = {
      "Linear",      "Bilinear",       "LayerNorm",   "RMSNorm",    "Embedding",
      "EmbeddingBag", "Conv1d",        "Conv2d",      "Conv3d",     "BatchNorm1d",
      "BatchNorm2d", "BatchNorm3d",    "InstanceNorm1d", "InstanceNorm2d", "LSTM",
      "GRU",         "RNN",            "MultiheadAttention", "TransformerEncoderLayer"};
  for (const char* k : kKinds) {
    if (kind == k) return true;
  }
  return false;
}

// The first argument of a call as an integer: a literal, or a constructor parameter whose value
// the repro knows (`nn.Linear(dim, ...)`).
std::optional<int> FirstIntArgument(TSNode call, std::string_view source,
                                    const std::map<std::string, int>& known) {
  TSNode args = Field(call, "arguments");
  if (ts_node_named_child_count(args) == 0) return std::nullopt;
  TSNode arg = ts_node_named_child(args, 0);
  if (NodeType(arg) == "keyword_argument") arg = Field(arg, "value");
  int value = 0;
  if (NodeType(arg) == "integer" && absl::SimpleAtoi(ToAbsl(Text(arg, source)), &value)) {
    return value;
  }
  if (NodeType(arg) == "identifier") {
    auto it = known.find(std::string(Text(arg, source)));
    if (it != known.end()) return it->second;
  }
  return std::nullopt;  // only the first argument gives the input size
}

// Visits every node under `node` in document order.
template <typename F>
void Walk(TSNode node, F&& visit) {
  visit(node);
  for (TSNode child : NamedChildren(node)) Walk(child, visit);
}

// The value the repro passes for a required constructor parameter, by its annotation; "" when
// it cannot guess (the reader then fills it in).
std::string ConstructorValue(const Param& p) {
  std::string type(absl::StripAsciiWhitespace(p.type));
  if (type == "int") return "8";
  if (type == "float") return "0.1";
  if (type == "bool") return "False";
  return "";
}

// Integer constructor arguments the repro passes, by parameter name (to size the inputs).
std::map<std::string, int> ConstructorInts(TSNode klass, std::string_view source) {
  std::map<std::string, int> ints;
  TSNode init = Method(klass, "__init__", source);
  if (ts_node_is_null(init)) return ints;
  for (const Param& p : RequiredParams(init, source, /*skip=*/1, nullptr)) {
    if (ConstructorValue(p) == "8") ints[p.name] = 8;
  }
  // Defaults count too: `def __init__(self, dim: int = 64)`.
  TSNode params = Field(init, "parameters");
  for (TSNode d : NamedChildren(params)) {
    if (NodeType(d) != "default_parameter" && NodeType(d) != "typed_default_parameter") continue;
    int value = 0;
    TSNode v = Field(d, "value");
    if (NodeType(v) == "integer" && absl::SimpleAtoi(ToAbsl(Text(v, source)), &value)) {
      ints[std::string(Text(Field(d, "name"), source))] = value;
    }
  }
  return ints;
}

// `self.<attr> = <...>.Kind(N, ...)` assignments in __init__, in order.
std::vector<std::pair<std::string, Layer>> LayersOf(TSNode klass, std::string_view source) {
  std::vector<std::pair<std::string, Layer>> layers;
  TSNode init = Method(klass, "__init__", source);
  if (ts_node_is_null(init)) return layers;
  std::map<std::string, int> known = ConstructorInts(klass, source);
  Walk(Field(init, "body"), [&](TSNode n) {
    if (NodeType(n) != "assignment") return;
    TSNode left = Field(n, "left");
    TSNode right = Field(n, "right");
    if (ts_node_is_null(right) || NodeType(right) != "call") return;
    auto kind_of = [&](TSNode call) {
      std::string_view callee = Text(Field(call, "function"), source);
      return callee.substr(callee.rfind('.') == std::string_view::npos ? 0
                                                                       : callee.rfind('.') + 1);
    };
    std::string_view kind = kind_of(right);
    if (kind == "Sequential") {
      // nn.Sequential(nn.Linear(3, 8), ...): the input feeds its first layer.
      TSNode first = ts_node_named_child(Field(right, "arguments"), 0);
      if (ts_node_is_null(first) || NodeType(first) != "call") return;
      right = first;
      kind = kind_of(right);
    }
    if (!IsShapeLayer(kind)) return;
    std::optional<int> size = FirstIntArgument(right, source, known);
    if (!size.has_value() || *size <= 0) return;
    std::string_view target = Text(left, source);
    std::string attr(absl::StartsWith(ToAbsl(target), "self.") ? target.substr(5) : target);
    layers.push_back({attr, Layer{std::string(kind), *size}});
  });
  return layers;
}

// The layer a parameter flows into: `self.<attr>(<param>, ...)` in the function body; else the
// class's first layer, on the guess that the input feeds it.
std::optional<Layer> LayerForParam(const std::string& param, TSNode function, TSNode klass,
                                   std::string_view source) {
  if (ts_node_is_null(klass)) return std::nullopt;
  std::vector<std::pair<std::string, Layer>> layers = LayersOf(klass, source);
  if (layers.empty()) return std::nullopt;
  std::optional<Layer> found;
  Walk(Field(function, "body"), [&](TSNode n) {
    if (found.has_value() || NodeType(n) != "call") return;
    std::string_view callee = Text(Field(n, "function"), source);
    TSNode args = Field(n, "arguments");
    if (ts_node_named_child_count(args) == 0) return;
    if (Text(ts_node_named_child(args, 0), source) != param) return;
    for (const auto& [attr, layer] : layers) {
      if (callee == "self." + attr) found = layer;
    }
  });
  return found.has_value() ? found : std::optional<Layer>(layers.front().second);
}

// How the function body uses a parameter, as far as the input's shape and dtype go.
struct Usage {
  bool scalar = false;   // `p.item()`, `float(p)`: a one-element tensor
  int rank = 0;          // `b, t, d = p.shape`: that many dimensions (0: unknown)
  bool count = false;    // `range(p)`, `x[:p]`: a 0-d integer tensor
  bool lengths = false;  // `range(p.max())`, `repeat_interleave(x, p)`: small positive integers
  bool index = false;    // `x[p]`, `x[p[0]]`: integer indices within the batch
  bool classes = false;  // `one_hot(p)`, `bincount(p)`: class ids
  bool mask = false;     // `masked_select(x, p)`, `torch.where(p)`, named `mask`: booleans
  int where_targets = 0;  // `(i,) = torch.where(p)`: p has that many dimensions
};

bool IsMaskLike(std::string_view name) { return name == "mask" || name.ends_with("_mask"); }

bool IsCountLike(std::string_view name) {
  return name == "lengths" || name == "length" || name == "durations" || name == "counts" ||
         name == "sizes" || name == "repeats" || name.ends_with("_lengths") ||
         name.ends_with("_lens");
}

// True when `expression` is the parameter, or the parameter with a method or subscript applied
// (`p`, `p.max()`, `p[0]`): what a slice bound, range() or an index reads from it.
bool Mentions(TSNode expression, const std::string& param, std::string_view source) {
  std::string_view text = Text(expression, source);
  return text == param || absl::StartsWith(ToAbsl(text), param + ".") ||
         absl::StartsWith(ToAbsl(text), param + "[");
}

Usage UsageOf(const std::string& param, TSNode function, std::string_view source) {
  Usage usage;
  usage.mask = IsMaskLike(param);
  usage.lengths = IsCountLike(param);
  Walk(Field(function, "body"), [&](TSNode n) {
    std::string_view type = NodeType(n);
    if (type == "call") {
      std::string_view callee = Text(Field(n, "function"), source);
      TSNode args = Field(n, "arguments");
      bool first_is_param = ts_node_named_child_count(args) > 0 &&
                            Text(ts_node_named_child(args, 0), source) == param;
      bool any_is_param = false;
      for (TSNode a : NamedChildren(args)) {
        if (NodeType(a) == "keyword_argument") a = Field(a, "value");
        any_is_param = any_is_param || Text(a, source) == param;
      }
      std::string_view last = callee.substr(callee.rfind('.') == std::string_view::npos
                                                ? 0
                                                : callee.rfind('.') + 1);
      if (callee == param + ".item" ||
          (first_is_param && (callee == "float" || callee == "int" || callee == "bool"))) {
        usage.scalar = true;
      }
      if ((callee == "range" || last == "arange") && ts_node_named_child_count(args) > 0) {
        TSNode a = ts_node_named_child(args, 0);
        if (Text(a, source) == param) usage.count = true;
        if (Mentions(a, param, source) && Text(a, source) != param) usage.lengths = true;
      }
      if (any_is_param && (last == "one_hot" || last == "bincount")) usage.classes = true;
      if (callee == param + ".bincount") usage.classes = true;
      if (any_is_param && last == "repeat_interleave") usage.lengths = true;
      if (any_is_param && (last == "masked_select" || last == "masked_fill" ||
                           last == "masked_scatter")) {
        usage.mask = true;
      }
      if (callee == param + ".tolist" || callee == param + ".max") usage.lengths = true;
    } else if (type == "slice") {
      for (TSNode bound : NamedChildren(n)) {
        if (Text(bound, source) == param) usage.count = true;
        else if (Mentions(bound, param, source)) usage.lengths = true;
      }
    } else if (type == "subscript") {
      // x[p] / x[p[0]]: p indexes another tensor (not a mask by name).
      TSNode index = Field(n, "subscript");
      if (!ts_node_is_null(index) && Mentions(index, param, source) &&
          Text(Field(n, "value"), source) != param && !usage.mask) {
        usage.index = true;
      }
    } else if (type == "assignment" && usage.rank == 0) {
      TSNode left = Field(n, "left");
      std::string_view right = Text(Field(n, "right"), source);
      if ((right == param + ".shape" || right == param + ".size()") &&
          (NodeType(left) == "pattern_list" || NodeType(left) == "tuple_pattern")) {
        usage.rank = static_cast<int>(ts_node_named_child_count(left));
      }
      // (idx,) = torch.where(p) / p.nonzero(as_tuple=True): one index tensor per dimension.
      bool unpacks = NodeType(left) == "pattern_list" || NodeType(left) == "tuple_pattern";
      if (unpacks && (right == "torch.where(" + param + ")" ||
                      absl::StartsWith(ToAbsl(right), param + ".nonzero("))) {
        usage.mask = true;
        usage.where_targets = static_cast<int>(ts_node_named_child_count(left));
      }
    }
  });
  return usage;
}

// `torch.randn(2, 4, N)`: the layer's feature size last, padded to the rank the body unpacks.
std::string WithRank(std::string input, int rank) {
  if (rank <= 0 || !absl::StartsWith(input, "torch.randn(")) return input;
  std::vector<std::string> dims = absl::StrSplit(
      absl::string_view(input).substr(12, input.size() - 13), ", ");
  while (static_cast<int>(dims.size()) < rank) dims.insert(dims.begin() + 1, "4");
  while (static_cast<int>(dims.size()) > rank && dims.size() > 1) dims.erase(dims.begin() + 1);
  return absl::StrCat("torch.randn(", absl::StrJoin(dims, ", "), ")");
}

// Python code for one argument value.
std::string ArgumentFor(const Param& p, TSNode function, TSNode klass, std::string_view source) {
  std::string type(absl::StripAsciiWhitespace(p.type));
  if (type == "int") return "2";
  if (type == "float") return "0.5";
  if (type == "bool") return "True";
  if (type == "str") return "\"a\"";
  Usage usage = UsageOf(p.name, function, source);
  // Integer and boolean inputs first: a float tensor there fails before Dynamo reaches the break
  // ("only integer tensors of a single element can be converted to an index").
  if (usage.count) return "torch.tensor(3)";
  if (usage.classes) return "torch.tensor([3, 0, 1])";  // one_hot infers 4 classes
  if (usage.lengths) return "torch.tensor([1, 2])";     // one per batch row (the batch is 2)
  if (usage.index) return "torch.tensor([1, 0])";       // rows of a batch of 2
  if (usage.mask) {
    if (usage.where_targets == 1) return "torch.tensor([True, False])";
    return "torch.randn(2, 4) > 0";
  }
  if (usage.scalar) return "torch.tensor(0.5)";
  std::string input = "torch.randn(2, 4)";
  if (std::optional<Layer> layer = LayerForParam(p.name, function, klass, source)) {
    input = InputFor(*layer);
  }
  return WithRank(input, usage.rank);
}

// A Python string literal.
std::string PyString(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\\' || c == '"') out.push_back('\\');
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out.push_back(c);
  }
  return out + "\"";
}

// `text` as comment lines.
std::string Commented(std::string_view text) {
  std::string out;
  for (absl::string_view line : absl::StrSplit(ToAbsl(text), '\n')) {
    absl::StrAppend(&out, line.empty() ? "#" : "# ", line, "\n");
  }
  return out;
}

// The constructor call's arguments when every required parameter can be guessed from its
// annotation (`dim: int` -> 8); nullopt when one cannot.
std::optional<std::string> ConstructorArguments(TSNode klass, std::string_view source) {
  TSNode init = Method(klass, "__init__", source);
  if (ts_node_is_null(init)) return std::string();
  std::vector<bool> keyword_only;
  std::vector<Param> params = RequiredParams(init, source, /*skip=*/1, &keyword_only);
  std::vector<std::string> args;
  for (size_t i = 0; i < params.size(); ++i) {
    std::string value = ConstructorValue(params[i]);
    if (value.empty()) return std::nullopt;
    args.push_back(absl::StrCat(params[i].name, "=", value));
  }
  return absl::StrJoin(args, ", ");
}

bool IsModuleClass(TSNode klass, std::string_view source) {
  return absl::StrContains(ToAbsl(Text(Field(klass, "superclasses"), source)), "Module");
}

// Dynamo treats tensor-to-Python conversions and data-dependent output shapes differently under
// fullgraph=True: it captures them as unbacked symbolic values instead of breaking
// (torch/_dynamo/variables/tensor.py: "We enable capture_scalar_outputs when full_graph=True by
// default"; measured on torch 2.13: `x.nonzero()`, `x[mask]` and `torch.bincount` compile under
// fullgraph=True, and break without it).
bool FullgraphHidesTheBreak(const Rule& rule) {
  return rule.category == "conversions" || absl::StartsWith(rule.code, "CV") ||
         rule.category == "dynamic-shapes" || absl::StartsWith(rule.code, "DS");
}

}  // namespace

std::optional<Repro> MakeRepro(const Finding& finding, std::string_view source) {
  const Rule& rule = *finding.rule;
  // gbreak's own diagnostics and recompilation hazards are not graph breaks: nothing to raise.
  if (rule.kind == Rule::Kind::kBuiltin || rule.category == "recompiles" ||
      absl::StartsWith(rule.code, "GX") || absl::StartsWith(rule.code, "RC")) {
    return std::nullopt;
  }
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), source);
  if (tree == nullptr) return std::nullopt;
  std::optional<Target> target = FindTarget(ts_tree_root_node(tree.get()), finding.start.offset);
  if (!target.has_value()) return std::nullopt;

  Repro repro;
  std::string function_name(Text(Field(target->function, "name"), source));
  std::vector<std::string> decorators = Decorators(target->function, source);
  bool is_static = HasDecorator(decorators, "staticmethod");
  bool is_classmethod = HasDecorator(decorators, "classmethod");
  bool is_method = !ts_node_is_null(target->klass);
  int skip = is_method && !is_static ? 1 : 0;
  std::vector<bool> keyword_only;
  std::vector<Param> params = RequiredParams(target->function, source, skip, &keyword_only);

  std::string script = Commented(absl::StrCat(
      "Repro for gbreak ", rule.code, " (", rule.name, ") at ", finding.path, ":",
      finding.start.line, ":", finding.start.column, ":\n", finding.message, "\n\n",
      "Run it from the directory gbreak ran in. ",
      FullgraphHidesTheBreak(rule)
          ? "It raises RuntimeError(\"graph break: ...\") when Dynamo\nbreaks the graph there."
          : "fullgraph=True turns the graph break into an\nerror: expect torch._dynamo.exc.Unsupported."));
  absl::StrAppend(&script,
                  "import importlib.util\n"
                  "import pathlib\n"
                  "import sys\n\n"
                  "import torch\n\n"
                  "path = pathlib.Path(", PyString(finding.path), ").resolve()\n",
                  "sys.path.insert(0, str(path.parent))  # for the module's own imports\n"
                  "spec = importlib.util.spec_from_file_location(path.stem, path)\n"
                  "module = importlib.util.module_from_spec(spec)\n"
                  "sys.modules[spec.name] = module\n"
                  "spec.loader.exec_module(module)\n\n"
                  "torch.manual_seed(0)\n");

  std::string callee;
  if (!is_method) {
    callee = absl::StrCat("module.", function_name);
    if (HasDecorator(decorators, "compile")) {
      // Already wrapped by torch.compile in the module: compile the original function instead.
      callee = absl::StrCat("getattr(", callee, ", \"_torchdynamo_orig_callable\", ", callee, ")");
    }
    repro.target = function_name;
  } else {
    std::string class_name(Text(Field(target->klass, "name"), source));
    if (is_static || is_classmethod) {
      callee = absl::StrCat("module.", class_name, ".", function_name);
    } else {
      if (std::optional<std::string> ctor = ConstructorArguments(target->klass, source)) {
        absl::StrAppend(&script, "obj = module.", class_name, "(", *ctor, ")\n");
      } else {
        repro.complete = false;
        absl::StrAppend(&script, "obj = module.", class_name,
                        "()  # EDIT: pass the constructor's arguments\n");
      }
      if (IsModuleClass(target->klass, source)) {
        // `self.training` is part of what Dynamo traces: pick the mode the finding applies to.
        bool train = finding.modes.train && !finding.modes.eval;
        absl::StrAppend(&script, train ? "obj.train()\n" : "obj.eval()\n");
      }
      // Compiling the module itself is what users do; other methods are compiled bound.
      callee = function_name == "forward" && IsModuleClass(target->klass, source)
                   ? "obj"
                   : absl::StrCat("obj.", function_name);
    }
    repro.target = absl::StrCat(class_name, is_static || is_classmethod ? "." : "().",
                                function_name);
  }

  std::vector<std::string> args;
  for (size_t i = 0; i < params.size(); ++i) {
    std::string value = ArgumentFor(params[i], target->function, target->klass, source);
    args.push_back(keyword_only[i] ? absl::StrCat(params[i].name, "=", value) : value);
  }
  std::string call_args = absl::StrJoin(args, ", ");
  if (FullgraphHidesTheBreak(rule)) {
    repro.fullgraph = false;
    absl::StrAppend(
        &script,
        "# fullgraph=True would hide this break: under it Dynamo captures tensor-to-Python\n"
        "# conversions (`.item()`, `int(t)`, `.tolist()`) and data-dependent shapes\n"
        "# (`nonzero`, `x[mask]`) as symbolic values (torch 2.13 does).\n"
        "# So compile the default way and fail when Dynamo counts a graph break (or gives up\n"
        "# on the frame). torch._dynamo.explain misses some of these on torch 2.13.\n"
        "from torch._dynamo.utils import counters\n\n"
        "compiled = torch.compile(", callee, ", backend=\"eager\")\n",
        "compiled(", call_args, ")\n",
        "breaks = list(counters[\"graph_break\"]) + list(counters[\"unimplemented\"])\n"
        "if breaks:\n"
        "    raise RuntimeError(\"graph break: \" + breaks[0].splitlines()[0])\n");
  } else {
    absl::StrAppend(&script, "compiled = torch.compile(", callee,
                    ", fullgraph=True, backend=\"eager\")\n", "compiled(", call_args, ")\n");
  }
  repro.script = std::move(script);
  return repro;
}

}  // namespace gbreak
