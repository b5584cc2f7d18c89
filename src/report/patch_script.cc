#include "report/patch_script.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "rules/edit_text.h"
#include "source/file_reader.h"
#include "source/sha256.h"
#include "syntax/tree_index.h"
#include "syntax/tree_sitter.h"

namespace gbreak {
namespace {

constexpr uint64_t kNoSizeLimit = std::numeric_limits<uint64_t>::max();

absl::string_view View(std::string_view s) { return absl::string_view(s.data(), s.size()); }

// A Python string literal of `text` (paths, names, messages: no newlines).
std::string PyString(std::string_view text) {
  return absl::StrCat("\"", absl::StrReplaceAll(View(text), {{"\\", "\\\\"}, {"\"", "\\\""}}),
                      "\"");
}

// The distribution that installed the top-level package `top` (a `<name>-<version>.dist-info`
// beside it whose name, normalized as pip normalizes it, is the package's), and its version.
std::optional<std::pair<std::string, std::string>> Distribution(const std::filesystem::path& root,
                                                                std::string_view top) {
  auto normalize = [](std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) {
      return c == '-' || c == '.' ? '_' : static_cast<char>(std::tolower(c));
    });
    return s;
  };
  std::error_code error;
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(root, error)) {
    std::string name = entry.path().filename().string();
    if (name.ends_with(".dist-info")) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) {
    std::string stem = name.substr(0, name.size() - std::string_view(".dist-info").size());
    size_t dash = stem.find('-');
    if (dash == std::string::npos) continue;
    if (normalize(stem.substr(0, dash)) == normalize(std::string(top))) {
      return std::make_pair(stem.substr(0, dash), stem.substr(dash + 1));
    }
  }
  return std::nullopt;
}

// The directory a module's top-level package lies in (site-packages), from its file's path and
// dotted name: `.../site-packages/transformers/models/bert/modeling_bert.py` and
// `transformers.models.bert.modeling_bert`.
std::filesystem::path LibraryRoot(const std::string& path, const std::string& module) {
  std::filesystem::path p(path);
  size_t parts = std::count(module.begin(), module.end(), '.') + 1;
  if (p.filename() == "__init__.py") ++parts;
  for (size_t i = 0; i < parts; ++i) p = p.parent_path();
  return p;
}

// The outermost function around `node`, and the classes around that, innermost last.
struct Definition {
  TSNode function{};
  TSNode whole{};  // the decorated_definition when it has decorators, else the function
  std::string qualname;
  bool method = false;
};

std::optional<Definition> DefinitionAround(TSNode node, std::string_view text,
                                           std::string* why) {
  Definition out;
  for (TSNode n = node; !ts_node_is_null(n); n = ts_node_parent(n)) {
    if (Is(n, "function_definition")) out.function = n;
  }
  if (ts_node_is_null(out.function)) {
    *why = "not in a function";
    return std::nullopt;
  }
  std::vector<std::string> names{std::string(NodeText(Field(out.function, "name"), text))};
  for (TSNode n = ts_node_parent(out.function); !ts_node_is_null(n); n = ts_node_parent(n)) {
    if (Is(n, "class_definition")) {
      names.emplace_back(NodeText(Field(n, "name"), text));
      out.method = true;
    } else if (!Is(n, "block") && !Is(n, "decorated_definition") && !Is(n, "module")) {
      // Under an `if` or `try` at module level: which definition the name ends up holding is
      // for the run to say.
      *why = "defined under a condition";
      return std::nullopt;
    }
  }
  std::reverse(names.begin(), names.end());
  out.qualname = absl::StrJoin(names, ".");
  TSNode parent = ts_node_parent(out.function);
  out.whole = Is(parent, "decorated_definition") ? parent : out.function;
  return out;
}

// `self.__x`: Python mangles it to `self._Class__x` only when compiled in the class body; a copy
// compiled outside would read another attribute.
bool ReadsMangledName(TSNode function, std::string_view text) {
  bool mangled = false;
  ForEachNamedNode(function, [&](TSNode n, std::string_view type) {
    if (type == "attribute") {
      std::string_view name = NodeText(Field(n, "attribute"), text);
      if (name.starts_with("__") && !name.ends_with("__")) mangled = true;
    }
    return !mangled;
  });
  return mangled;
}

// `source` (a module-level function) indented by four spaces, except the lines that continue a
// string literal: indenting those would change the string.
std::optional<std::string> Indented(const std::string& source) {
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), source);
  TSNode root = ts_tree_root_node(tree.get());
  if (ts_node_has_error(root)) return std::nullopt;
  std::set<uint32_t> continued;  // rows inside a multi-line string
  ForEachNamedNode(root, [&](TSNode n, std::string_view type) {
    if (type == "string" || type == "concatenated_string") {
      for (uint32_t row = ts_node_start_point(n).row + 1; row <= ts_node_end_point(n).row; ++row) {
        continued.insert(row);
      }
      return false;
    }
    return true;
  });
  std::string out;
  uint32_t row = 0;
  for (absl::string_view line : absl::StrSplit(View(source), '\n')) {
    if (!line.empty() && !continued.contains(row)) out += "    ";
    absl::StrAppend(&out, line, "\n");
    ++row;
  }
  out.pop_back();  // the split's last piece follows the last newline
  return out;
}

// The edit a patch makes for a finding: the one for the file itself, else the one that needs
// `torch` handed in (Finding::patch_edit).
const TextEdit& PatchEditOf(const Finding& f) { return f.edit ? *f.edit : *f.patch_edit; }

// The edits of one function, in order, overlapping ones left out.
std::vector<std::pair<const Finding*, TextEdit>> OrderedEdits(
    const std::vector<const Finding*>& findings) {
  std::vector<std::pair<const Finding*, TextEdit>> edits;
  for (const Finding* f : findings) edits.emplace_back(f, PatchEditOf(*f));
  std::stable_sort(edits.begin(), edits.end(), [](const auto& a, const auto& b) {
    return std::tie(a.second.start, a.second.end) < std::tie(b.second.start, b.second.end);
  });
  std::vector<std::pair<const Finding*, TextEdit>> kept;
  for (auto& edit : edits) {
    if (!kept.empty()) {
      const TextEdit& previous = kept.back().second;
      bool same = edit.second.start == previous.start && edit.second.end == previous.end &&
                  edit.second.replacement == previous.replacement;
      if (!same && (edit.second.start < previous.end || edit.second.start == previous.start)) {
        continue;
      }
    }
    kept.push_back(std::move(edit));
  }
  return kept;
}

// One function's block of the patch file.
struct Block {
  PatchedFunction function;
  std::string distribution, version, sha256, maker;
  std::string library_path;  // the file, relative to site-packages (transformers/...)
};

// Whether a block's edits write `torch.` in a module that binds no `torch`: its maker then takes
// `torch` as a parameter, so the copy finds it as a closure variable (the module's globals stay
// as they are).
bool NeedsTorch(const std::vector<const Finding*>& fixed) {
  return std::any_of(fixed.begin(), fixed.end(), [](const Finding* f) { return !f->edit; });
}

std::optional<Block> MakeBlock(const std::vector<const Finding*>& findings, const Definition& d,
                               std::string_view text, std::string* why) {
  const Finding& first = *findings.front();
  Block block;
  block.function.module = first.module;
  block.function.qualname = d.qualname;
  block.function.path = first.path;
  uint32_t start = LineStartOf(text, ts_node_start_byte(d.whole));
  uint32_t end = NextLineStartOf(text, ts_node_end_byte(d.whole));
  block.function.first_line = static_cast<int>(ts_node_start_point(d.whole).row) + 1;
  block.function.last_line = static_cast<int>(ts_node_end_point(d.whole).row) + 1;
  std::filesystem::path root = LibraryRoot(first.path, first.module);
  std::string top = first.module.substr(0, first.module.find('.'));
  std::optional<std::pair<std::string, std::string>> dist = Distribution(root, top);
  if (!dist) {
    *why = absl::StrCat("no installed distribution of `", top, "` found beside it");
    return std::nullopt;
  }
  std::tie(block.distribution, block.version) = *dist;
  block.library_path = std::filesystem::path(first.path).lexically_relative(root).string();
  std::string_view original = text.substr(start, end - start);
  block.sha256 = Sha256Hex(original);
  // Apply the edits, last first, on the function's own text.
  std::string source(original);
  std::vector<std::pair<const Finding*, TextEdit>> edits = OrderedEdits(findings);
  for (auto it = edits.rbegin(); it != edits.rend(); ++it) {
    const TextEdit& e = it->second;
    if (e.start < start || e.end > end) continue;
    source.replace(e.start - start, e.end - e.start, e.replacement);
    block.function.fixed.insert(block.function.fixed.begin(), it->first);
  }
  if (block.function.fixed.empty()) {
    *why = "its edits reach outside the function";
    return std::nullopt;
  }
  if (!source.ends_with('\n')) source += '\n';
  if (!d.method) {
    std::optional<std::string> indented = Indented(source);
    if (!indented) {
      *why = "the edited copy does not parse";
      return std::nullopt;
    }
    source = *indented;
  }
  std::string name(NodeText(Field(d.function, "name"), text));
  block.maker = absl::StrCat(NeedsTorch(block.function.fixed) ? "(__class__, torch):\n"
                                                              : "(__class__):\n",
                             source, "    return ", name, "\n");
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), "def _patch" + block.maker);
  if (ts_node_has_error(ts_tree_root_node(tree.get()))) {
    *why = "the edited copy does not parse";
    return std::nullopt;
  }
  return block;
}

std::string FindingLine(const Finding& f) {
  std::string message = f.message.substr(0, f.message.find(" ["));
  return absl::StrCat("#   ", f.rule->code, " line ", f.start.line, ": ", message);
}

constexpr std::string_view kRuntime = R"(import hashlib
import importlib
import importlib.metadata
import sys
import types

import torch


def _gbreak_patch(module_name, qualname, distribution, version, lines, sha256):
    """Replaces module_name.qualname by the function the decorated maker returns, after checking
    that the library and the function's lines are those this file was generated from."""

    def apply(maker):
        found = importlib.metadata.version(distribution)
        if found != version:
            raise RuntimeError(
                f"gbreak: this patch of {module_name}.{qualname} was generated against "
                f"{distribution} {version}, but {found} is installed: not patching. Generate "
                f"the file again (gbreak lint --entry ... --write-patches).")
        module = importlib.import_module(module_name)
        first, last = lines
        with open(module.__file__, "rb") as f:
            source = b"".join(f.read().splitlines(keepends=True)[first - 1:last])
        if hashlib.sha256(source).hexdigest() != sha256:
            raise RuntimeError(
                f"gbreak: {module.__file__}:{first}-{last} is not the source of {qualname} "
                f"this patch was made from: not patching. Generate the file again.")
        *outer, name = qualname.split(".")
        owner = module
        for part in outer:
            owner = getattr(owner, part)
        cls = owner if isinstance(owner, type) else None
        original = getattr(owner, name)
        # The copy runs in the library module's globals, as the original does; a maker that
        # takes `torch` is for a module that never imports it (its copy writes `torch.`).
        make = types.FunctionType(maker.__code__, vars(module), maker.__name__)
        replacement = make(cls, torch) if maker.__code__.co_argcount == 2 else make(cls)
        setattr(owner, name, replacement)
        if cls is None:
            _rebind(original, replacement)
        return replacement

    return apply


def _rebind(original, replacement):
    """Modules that imported the function by name (`from .utils import f`), and the dicts at
    their top level that hold it, get the replacement too."""
    for module in list(sys.modules.values()):
        namespace = getattr(module, "__dict__", None)
        if not isinstance(namespace, dict):
            continue
        for key, value in list(namespace.items()):
            if value is original:
                namespace[key] = replacement
            elif type(value) is dict:
                for k, v in list(value.items()):
                    if v is original:
                        value[k] = replacement


def _gbreak_resolve(qualified):
    """builtins.print -> print: the object a list setting names."""
    module, _, name = qualified.rpartition(".")
    return getattr(importlib.import_module(module), name)
)";

// The `torch._dynamo.config` line that makes a finding of `rule` trace instead of break, from
// the rule's first `unless_config` condition ("" when it has none).
std::string SettingLine(const Rule& rule) {
  for (const std::string& condition : rule.unless_config) {
    size_t colon = condition.find(':');
    if (condition.find('=') != std::string::npos) continue;
    if (colon == std::string::npos) {
      return absl::StrCat("torch._dynamo.config.", condition, " = True");
    }
    return absl::StrCat("torch._dynamo.config.", condition.substr(0, colon), ".add(_gbreak_resolve(",
                        PyString(condition.substr(colon + 1)), "))");
  }
  return "";
}

std::string Header(const PatchScriptOptions& options,
                   const std::map<std::string, std::string>& versions, bool functions,
                   bool settings) {
  std::vector<std::string> libraries;
  for (const auto& [distribution, version] : versions) {
    libraries.push_back(absl::StrCat(distribution, " ", version));
  }
  std::string out = absl::StrCat(
      "\"\"\"Graph-break patches for `", options.entry, "`, generated by gbreak ",
      options.gbreak_version, " (rules for torch ", options.torch_version, ")",
      libraries.empty() ? "" : absl::StrCat(" against ", absl::StrJoin(libraries, ", ")),
      ".\n\n");
  std::string what = functions && settings ? "library functions patched, Dynamo settings set"
                     : functions            ? "library functions patched"
                     : settings             ? "Dynamo settings set"
                                            : "only Dynamo settings to try, commented out";
  if (!options.script.empty()) {
    absl::StrAppend(&out, "`python <this file> [arguments]` runs `", options.script,
                    "` with the changes below (", what,
                    "),\nthen the script unchanged (as __main__).\n");
  } else {
    absl::StrAppend(&out, "Import this module before building the model: it makes the changes "
                          "below (", what, ").\n");
  }
  absl::StrAppend(&out,
                  "No library file is edited. Each patch checks at import that the library "
                  "version and the\nfunction's source are those it was made from, and refuses "
                  "otherwise.\n\"\"\"\n");
  return out;
}

}  // namespace

PatchScript MakePatchScript(const std::vector<Finding>& findings,
                            const PatchScriptOptions& options) {
  PatchScript script;
  // Library findings with an edit, by file.
  std::map<std::string, std::vector<const Finding*>> by_path;
  for (const Finding& f : findings) {
    if ((f.edit || f.patch_edit) && f.origin != "user" && !f.module.empty()) {
      by_path[f.path].push_back(&f);
    }
  }
  std::vector<Block> blocks;
  for (const auto& [path, in_file] : by_path) {
    absl::StatusOr<std::string> text = ReadFileBytes(path, kNoSizeLimit);
    auto skip = [&](const Finding& f, std::string_view why) {
      script.skipped.push_back(absl::StrCat(path, ":", f.start.line, ": ", f.rule->code,
                                            " not patched: ", View(why)));
    };
    if (!text.ok()) {
      std::string why(text.status().message());
      for (const Finding* f : in_file) skip(*f, why);
      continue;
    }
    ParserPtr parser = NewPythonParser();
    TreePtr tree = ParsePython(parser.get(), *text);
    TSNode root = ts_tree_root_node(tree.get());
    // Findings by the function they are in (its start byte), the definition found once.
    std::map<uint32_t, std::pair<Definition, std::vector<const Finding*>>> by_function;
    for (const Finding* f : in_file) {
      const TextEdit& edit = PatchEditOf(*f);
      if (edit.end > text->size()) {
        skip(*f, "the file changed while gbreak ran");
        continue;
      }
      TSNode at = ts_node_descendant_for_byte_range(root, edit.start, edit.start);
      std::string why;
      std::optional<Definition> d = DefinitionAround(at, *text, &why);
      if (d && d->method && ReadsMangledName(d->function, *text)) {
        why = "it reads a name-mangled attribute (`self.__x`)";
        d.reset();
      }
      if (!d) {
        skip(*f, why);
        continue;
      }
      auto& entry = by_function[ts_node_start_byte(d->function)];
      entry.first = *d;
      entry.second.push_back(f);
    }
    for (const auto& [start, entry] : by_function) {
      std::string why;
      std::optional<Block> block = MakeBlock(entry.second, entry.first, *text, &why);
      if (!block) {
        for (const Finding* f : entry.second) skip(*f, why);
        continue;
      }
      blocks.push_back(std::move(*block));
    }
  }
  // Settings: each line with the findings it turns from breaks into traced code (those the
  // patched functions no longer hold need none).
  std::set<const Finding*> patched;
  for (const Block& b : blocks) patched.insert(b.function.fixed.begin(), b.function.fixed.end());
  std::map<std::string, std::vector<const Finding*>> settings;
  for (const Finding& f : findings) {
    if (f.rule == nullptr || patched.contains(&f)) continue;
    std::string line = SettingLine(*f.rule);
    if (!line.empty()) settings[line].push_back(&f);
  }
  if (blocks.empty() && settings.empty()) return script;

  std::map<std::string, std::string> versions;
  for (const Block& b : blocks) versions[b.distribution] = b.version;
  std::string out = Header(options, versions, !blocks.empty(), options.set_settings && !settings.empty());
  absl::StrAppend(&out, View(kRuntime));
  if (!settings.empty()) {
    absl::StrAppend(&out, "\n\n# Dynamo settings under which these findings trace instead of "
                          "breaking the graph.\n");
    if (!options.set_settings) {
      absl::StrAppend(&out,
                      "# Not set: where later code branches on the traced value, Dynamo raises "
                      "an error\n# (GuardOnDataDependentSymNode) instead of breaking the graph. "
                      "Uncomment to try them\n# (gbreak sets them with --unsafe-fixes).\n");
    }
    for (const auto& [line, fixed] : settings) {
      std::set<std::string> sites;
      for (const Finding* f : fixed) sites.insert(absl::StrCat(f->path, ":", f->start.line));
      std::vector<std::string> shown(sites.begin(), sites.end());
      if (shown.size() > 3) shown.resize(3);
      absl::StrAppend(&out, "# ", fixed.front()->rule->code, " (", fixed.size(), " finding",
                      fixed.size() == 1 ? "" : "s", "): ", absl::StrJoin(shown, ", "),
                      sites.size() > 3 ? ", ..." : "", "\n", options.set_settings ? "" : "# ",
                      line, "\n");
      (options.set_settings ? script.settings : script.suggested)
          .push_back(line.substr(0, line.find_first_of(" .", 21)));
    }
  }
  for (size_t i = 0; i < blocks.size(); ++i) {
    const Block& b = blocks[i];
    const PatchedFunction& fn = b.function;
    absl::StrAppend(&out, "\n\n# ", i + 1, ". ", fn.qualname, " (", b.library_path, ":", fn.first_line,
                    "-", fn.last_line, "), ", b.distribution, " ", b.version, "; removes:\n");
    for (const Finding* f : fn.fixed) absl::StrAppend(&out, FindingLine(*f), "\n");
    absl::StrAppend(&out, "@_gbreak_patch(", PyString(fn.module), ", ", PyString(fn.qualname),
                    ", ", PyString(b.distribution), ", ", PyString(b.version), ", (",
                    fn.first_line, ", ", fn.last_line, "),\n               ",
                    PyString(b.sha256), ")\ndef _patch_", i + 1, b.maker);
    script.functions.push_back(fn);
  }
  if (!options.script.empty()) {
    absl::StrAppend(&out,
                    "\n\nif __name__ == \"__main__\":\n"
                    "    import os\n"
                    "    import runpy\n\n"
                    "    _script = os.path.join(os.path.dirname(os.path.abspath(__file__)), ",
                    PyString(options.script), ")\n",
                    "    sys.argv[0] = _script\n"
                    "    runpy.run_path(_script, run_name=\"__main__\")\n");
  }
  script.text = std::move(out);
  return script;
}

}  // namespace gbreak
