#include "rules/frame_skip.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"
#include "analysis/branch_conditions.h"
#include "analysis/compiled_region.h"
#include "analysis/definition_index.h"
#include "analysis/file_facts.h"
#include "analysis/placement.h"
#include "analysis/syntax_queries.h"

namespace gbreak {
namespace {

// The node of `function`'s own code that holds `node`: the node itself, or the outermost
// comprehension or lambda around it (whose call is where a break inside it stops the function).
// `nested` says whether that is a lambda: a frame Dynamo compiles when the function, run
// eagerly after a skip, calls it. A comprehension is not: Dynamo compiles no comprehension's
// frame on its own (and from Python 3.12 it is the function's code), so it runs eagerly with
// the function (corpus/regions/comprehension_after_frame_skip.py).
TSNode OwnCodeAround(TSNode node, TSNode function, bool* nested) {
  TSNode own = node;
  *nested = false;
  for (TSNode n = ParentOf(node); !ts_node_is_null(n) && !SameNode(n, function); n = ParentOf(n)) {
    if (IsOwnCodeObject(n)) {
      own = n;
      *nested = Is(n, "lambda");
    }
  }
  return own;
}

// A break every run that reaches its line and holds its conditions takes.
bool IsBreakUnderItsConditions(const Finding& f) {
  return f.rule->kind == Rule::Kind::kQuery && f.rule->PredictsBreak() &&
         f.confidence != Confidence::kPossible && !f.requirement.deferred() &&
         f.placement != Placement::kInHigherOrderOp;
}

// A break every run that reaches its line takes.
bool IsSureBreak(const Finding& f) { return IsBreakUnderItsConditions(f) && f.conditions.empty(); }

// Whether every run that reaches `later` (after `at` in the same function) took the break `at`:
// `at` is sure under its conditions, and `later` needs each of them too (both after the same
// early return: `[only when not mode != "reflect"]`).
bool BreaksBefore(const Finding& at, const Finding& later) {
  if (!IsBreakUnderItsConditions(at)) return false;
  return std::all_of(at.conditions.begin(), at.conditions.end(), [&](const std::string& c) {
    return std::find(later.conditions.begin(), later.conditions.end(), c) != later.conditions.end();
  });
}

bool ModesWithin(const Modes& inner, const Modes& outer) {
  return (!inner.eval || outer.eval) && (!inner.train || outer.train);
}

struct Located {
  size_t index;
  TSNode own;      // the node of the function's own code that holds the finding
  bool nested;     // inside a lambda (a frame Dynamo compiles of its own)
  TSNode function;
  TSNode node{};          // the finding's node, or the call
  uint32_t offset = 0;   // where it starts, in Finding offsets
  bool via_call = false;  // a call in a loop or `with` block to a function holding finding `index`
};

bool Encloses(TSNode outer, TSNode inner) {
  return ts_node_start_byte(outer) <= ts_node_start_byte(inner) &&
         ts_node_end_byte(inner) <= ts_node_end_byte(outer) && !SameNode(outer, inner);
}

// The forwards of this file's classes a call of a submodule runs: `self.attn(x)`, or `layer(x)`
// inside `for layer in self.layers:`, for the classes the owner's __init__ puts there
// (`ModuleList([Block(c) for ...])`).
std::vector<TSNode> SubmoduleForwards(TSNode call, FileFacts& facts,
                                      const DefinitionIndex& definitions) {
  std::string_view text = facts.text();
  TSNode callee = Field(call, "function");
  TSNode owner = EnclosingClass(call);
  if (ts_node_is_null(owner)) return {};
  std::string_view attribute;
  if (Is(callee, "attribute") && IsSelf(Field(callee, "object"), text)) {
    attribute = NodeText(Field(callee, "attribute"), text);
  } else if (Is(callee, "identifier")) {
    for (TSNode n = ParentOf(call); !ts_node_is_null(n) && !IsOwnCodeObject(n); n = ParentOf(n)) {
      TSNode left = Field(n, "left"), right = Field(n, "right");
      if (Is(n, "for_statement") && Is(left, "identifier") &&
          NodeText(left, text) == NodeText(callee, text) && Is(right, "attribute") &&
          IsSelf(Field(right, "object"), text)) {
        attribute = NodeText(Field(right, "attribute"), text);
        break;
      }
    }
  }
  if (attribute.empty()) return {};
  const CompiledRegion::AttributeClasses& classes = facts.region().AttributeClassesOf(owner);
  auto it = classes.find(attribute);
  if (it == classes.end()) return {};

  std::vector<TSNode> out;
  const DefinitionIndex::Definitions& local_classes =
      definitions.In(facts.root(), "class_definition");
  for (TSNode constructor : it->second) {
    // The container the blocks are held in (`nn.ModuleList([Block(c) ...])`) runs no forward.
    std::string_view name = NodeText(Is(constructor, "attribute") ? Field(constructor, "attribute")
                                                                  : constructor,
                                     text);
    if (name == "ModuleList" || name == "ModuleDict" || name == "Sequential") continue;
    auto cls = Is(constructor, "identifier") ? local_classes.find(NodeText(constructor, text))
                                             : local_classes.end();
    if (cls == local_classes.end()) return {};  // a class of elsewhere: not known to break
    const DefinitionIndex::Definitions& methods =
        definitions.In(Field(cls->second, "body"), "function_definition");
    auto forward = methods.find("forward");
    if (forward == methods.end()) return {};
    out.push_back(forward->second);
  }
  return out;
}

// Calls, in a loop or `with` block of their function, to a function of this file that breaks
// on every run: Dynamo inlines the callee, meets the break where it cannot resume the caller, and
// runs the caller's whole frame eagerly (the callee then runs as a frame of its own and breaks
// there). Each such call stands for a break of the caller, at the call. A function breaks on every
// run when it holds a sure break, or an unconditional call whose every target of this file (the
// helper, the method, the submodule's forward a `for layer in self.layers:` loop calls) does.
std::vector<Located> CallsIntoBreaks(const std::vector<Finding>& findings,
                                     const std::vector<Located>& here, FileFacts& facts,
                                     uint32_t content_offset) {
  std::map<uint32_t, size_t> breaking;  // function start byte -> a sure break it takes
  for (const Located& l : here) {
    if (IsSureBreak(findings[l.index])) breaking.try_emplace(ts_node_start_byte(l.function), l.index);
  }
  std::vector<Located> out;
  if (breaking.empty()) return out;
  struct Call {
    TSNode node;
    TSNode function;
    std::vector<TSNode> targets;
    std::optional<bool> unconditional;  // runs whenever its function does (asked when needed)
  };
  std::vector<Call> calls;
  std::map<uint32_t, std::vector<size_t>> calls_of;  // target start byte -> the calls running it
  const DefinitionIndex definitions(facts.text());
  ForEachNamedNode(facts.root(), [&](TSNode node, std::string_view type) {
    if (type != "call") return true;
    TSNode function = EnclosingFunction(node);
    if (ts_node_is_null(function)) return true;
    bool nested = false;  // in a lambda: a frame of its own
    OwnCodeAround(node, function, &nested);
    if (nested) return true;
    std::vector<TSNode> targets = facts.region().LocalTargetsOf(node);
    if (targets.empty()) targets = SubmoduleForwards(node, facts, definitions);
    std::erase_if(targets, [&](TSNode t) { return SameNode(t, function); });
    if (targets.empty()) return true;
    for (TSNode t : targets) calls_of[ts_node_start_byte(t)].push_back(calls.size());
    calls.push_back(Call{node, function, std::move(targets), std::nullopt});
    return true;
  });
  auto breaks = [&](TSNode function) { return breaking.find(ts_node_start_byte(function)); };
  auto runs_into_break = [&](Call& call) {
    if (!std::all_of(call.targets.begin(), call.targets.end(),
                     [&](TSNode t) { return breaks(t) != breaking.end(); })) {
      return false;
    }
    if (!call.unconditional) {
      call.unconditional = !OnErrorPath(call.node) && UndecidedConditions(call.node, facts).empty();
    }
    return *call.unconditional;
  };
  // A caller breaks through its callees: each function that breaks wakes the calls of it once.
  std::deque<uint32_t> work;
  for (const auto& [function, index] : breaking) work.push_back(function);
  while (!work.empty()) {
    auto callers = calls_of.find(work.front());
    work.pop_front();
    if (callers == calls_of.end()) continue;
    for (size_t i : callers->second) {
      Call& call = calls[i];
      if (breaks(call.function) != breaking.end() || !runs_into_break(call)) continue;
      breaking.emplace(ts_node_start_byte(call.function), breaks(call.targets.front())->second);
      work.push_back(ts_node_start_byte(call.function));
    }
  }
  std::string_view text = facts.text();
  for (Call& call : calls) {
    if (breaks(call.targets.front()) == breaking.end()) continue;
    StatementPlacement placement =
        PlacementOf(call.node, text, facts.imports(), facts.higher_order_op_bodies());
    if ((placement != StatementPlacement::kInLoop && placement != StatementPlacement::kInWith) ||
        !runs_into_break(call)) {
      continue;
    }
    Located located{breaks(call.targets.front())->second, {}, false, call.function};
    located.own = OwnCodeAround(call.node, call.function, &located.nested);
    located.node = call.node;
    located.offset = ts_node_start_byte(call.node) + content_offset;
    located.via_call = true;
    out.push_back(located);
  }
  return out;
}

}  // namespace

void DropFindingsAfterFrameSkip(std::vector<Finding>* findings, const std::string& path,
                                FileFacts& facts, uint32_t content_offset) {
  TSNode root = facts.root();
  std::vector<Located> here;
  for (size_t i = 0; i < findings->size(); ++i) {
    const Finding& f = (*findings)[i];
    if (f.path != path || f.rule->kind != Rule::Kind::kQuery || !f.rule->PredictsBreak()) continue;
    if (f.start.offset < content_offset || f.end.offset < f.start.offset) continue;
    TSNode node = ts_node_descendant_for_byte_range(root, f.start.offset - content_offset,
                                                    f.end.offset - content_offset);
    TSNode function = EnclosingFunction(node);
    if (ts_node_is_null(function)) continue;
    Located located{i, {}, false, function};
    located.own = OwnCodeAround(node, function, &located.nested);
    located.node = node;
    located.offset = f.start.offset;
    here.push_back(located);
  }
  std::vector<Located> calls = CallsIntoBreaks(*findings, here, facts, content_offset);
  here.insert(here.end(), calls.begin(), calls.end());
  // By function, in source order: a break hides only later findings of its own function (a
  // file of many functions each with a loop break stays linear).
  std::stable_sort(here.begin(), here.end(), [&](const Located& a, const Located& b) {
    // A call first among what starts where it does: `helper(x).repeat(n)` runs the call first.
    return std::tuple(ts_node_start_byte(a.function), a.offset, !a.via_call) <
           std::tuple(ts_node_start_byte(b.function), b.offset, !b.via_call);
  });
  std::vector<bool> dropped(findings->size(), false);
  for (size_t first = 0, end = 0; first < here.size(); first = end) {
    end = first;
    while (end < here.size() && SameNode(here[end].function, here[first].function)) ++end;
    for (size_t s = first; s < end; ++s) {
      const Located& skip = here[s];
      Finding& at = (*findings)[skip.index];
      if (dropped[skip.index] || !IsBreakUnderItsConditions(at)) continue;
      if (skip.via_call && !IsSureBreak(at)) continue;  // its conditions are the callee's
      if (!skip.via_call && at.placement != Placement::kInLoop &&
          at.placement != Placement::kInWith && at.resumes) {
        continue;
      }
      uint32_t after = ts_node_end_byte(skip.own);
      int hidden = 0;
      for (size_t l = s + 1; l < end; ++l) {
        const Located& later = here[l];
        const Finding& f = (*findings)[later.index];
        // What starts after the break, or an expression around the call (evaluated once the
        // call returns: `helper(x).repeat(n)`).
        bool runs_after = ts_node_start_byte(later.own) >= after ||
                          (skip.via_call && Encloses(later.node, skip.node));
        if (later.via_call || dropped[later.index] || later.nested || !runs_after ||
            !ModesWithin(f.modes, at.modes) || !BreaksBefore(at, f)) {
          continue;
        }
        dropped[later.index] = true;
        ++hidden;
      }
      if (hidden == 0) continue;
      if (skip.via_call) {
        absl::StrAppend(&at.message, " [", hidden, hidden == 1 ? " finding" : " findings",
                        " after a call of this function in a loop or `with` block of `",
                        DefinitionName(skip.function, facts.text()),
                        "` hidden: Dynamo runs that function eagerly until this break is fixed]");
        continue;
      }
      absl::StrAppend(&at.message, " [", hidden,
                      hidden == 1 ? " later finding" : " later findings",
                      " in this function hidden: Dynamo never traces them until this break is "
                      "fixed", at.resumes ? "" : " (it cannot resume after it)", "]");
    }
  }
  size_t i = 0;
  std::erase_if(*findings, [&](const Finding&) { return dropped[i++]; });
}

namespace {

// Whether `name`, read in `function` after `cut` (a statement's start), is a graph input of the
// frame Dynamo compiles there: a parameter or a local, bound only before `cut`.
bool IsFrameInputAfter(TSNode function, std::string_view name, uint32_t cut,
                       std::string_view text) {
  std::vector<TSNode> bindings = BindingsOf(function, name, text);
  for (TSNode binding : bindings) {
    if (ts_node_end_byte(binding) > cut) return false;
  }
  if (!bindings.empty()) return true;
  TSNode parameters = Field(function, "parameters");
  for (uint32_t i = 0; i < ts_node_named_child_count(parameters); ++i) {
    TSNode bound = ParameterNameNode(ts_node_named_child(parameters, i));
    if (!ts_node_is_null(bound) && NodeText(bound, text) == name) return true;
  }
  return false;
}

}  // namespace

void DropSizeReadsOfFrameInputs(std::vector<Finding>* findings, const std::string& path,
                                FileFacts& facts, uint32_t content_offset) {
  TSNode root = facts.root();
  std::string_view text = facts.text();
  auto node_of = [&](const Finding& f) {
    return ts_node_descendant_for_byte_range(root, f.start.offset - content_offset,
                                             f.end.offset - content_offset);
  };
  // The breaks of each function's own code (not a lambda's), by function start.
  std::map<uint32_t, std::vector<size_t>> breaks;
  for (size_t i = 0; i < findings->size(); ++i) {
    const Finding& f = (*findings)[i];
    if (f.path != path || !IsBreakUnderItsConditions(f) || f.start.offset < content_offset) {
      continue;
    }
    TSNode node = node_of(f);
    TSNode function = EnclosingFunction(node);
    bool nested = false;
    OwnCodeAround(node, function, &nested);
    if (ts_node_is_null(function) || nested) continue;
    breaks[ts_node_start_byte(function)].push_back(i);
  }
  if (breaks.empty()) return;
  std::vector<bool> dropped(findings->size(), false);
  for (size_t i = 0; i < findings->size(); ++i) {
    const Finding& f = (*findings)[i];
    if (f.path != path || f.frame_input_ok.empty() || f.start.offset < content_offset) continue;
    TSNode node = node_of(f);
    TSNode function = EnclosingFunction(node);
    if (ts_node_is_null(function)) continue;
    auto it = breaks.find(ts_node_start_byte(function));
    if (it == breaks.end()) continue;
    // The first break every run reaching this finding took, in a statement before its own (the
    // frame after the break runs it).
    TSNode cut{};
    for (size_t b : it->second) {
      const Finding& at = (*findings)[b];
      bool unused = false;
      TSNode statement = EnclosingStatement(OwnCodeAround(node_of(at), function, &unused));
      if (b == i || ts_node_start_byte(EnclosingStatement(node)) < ts_node_end_byte(statement) ||
          !ModesWithin(f.modes, at.modes) || !BreaksBefore(at, f)) {
        continue;
      }
      if (ts_node_is_null(cut) || ts_node_start_byte(statement) < ts_node_start_byte(cut)) {
        cut = statement;
      }
    }
    if (ts_node_is_null(cut)) continue;
    uint32_t cut_at = ts_node_start_byte(cut);
    bool all_inputs = true;
    for (auto [start, end] : f.frame_input_ok) {
      TSNode value = ts_node_descendant_for_byte_range(root, start, end);
      if (!Is(value, "identifier") ||
          !IsFrameInputAfter(function, NodeText(value, text), cut_at, text)) {
        all_inputs = false;
        break;
      }
    }
    dropped[i] = all_inputs;
  }
  size_t i = 0;
  std::erase_if(*findings, [&](const Finding&) { return dropped[i++]; });
}

void DropRecompilesInSkippedFrames(std::vector<Finding>* findings) {
  std::set<std::pair<std::string, std::string>> skipped;  // (path, function)
  for (const Finding& f : *findings) {
    if (f.rule->PredictsRecompile() || f.function.empty()) continue;
    if (f.placement == Placement::kInLoop || f.placement == Placement::kInWith) {
      skipped.emplace(f.path, f.function);
    }
  }
  if (skipped.empty()) return;
  std::erase_if(*findings, [&](const Finding& f) {
    return f.rule->PredictsRecompile() && skipped.contains({f.path, f.function});
  });
}

}  // namespace gbreak
