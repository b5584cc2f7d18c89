#include "rules/frame_skip.h"

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "absl/strings/str_cat.h"
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

// A break every run that reaches its line takes.
bool IsSureBreak(const Finding& f) {
  return f.rule->kind == Rule::Kind::kQuery && f.rule->PredictsBreak() &&
         f.confidence != Confidence::kPossible && f.conditions.empty() &&
         f.requires_disabled_callee.empty() && f.placement != Placement::kInHigherOrderOp;
}

bool ModesWithin(const Modes& inner, const Modes& outer) {
  return (!inner.eval || outer.eval) && (!inner.train || outer.train);
}

struct Located {
  size_t index;
  TSNode own;      // the node of the function's own code that holds the finding
  bool nested;     // inside a lambda (a frame Dynamo compiles of its own)
  TSNode function;
};

}  // namespace

void DropFindingsAfterFrameSkip(std::vector<Finding>* findings, const std::string& path,
                                TSNode root, uint32_t content_offset) {
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
    here.push_back(located);
  }
  // By function, in source order: a break hides only later findings of its own function (a
  // file of many functions each with a loop break stays linear).
  std::stable_sort(here.begin(), here.end(), [&](const Located& a, const Located& b) {
    return std::pair(ts_node_start_byte(a.function), (*findings)[a.index].start.offset) <
           std::pair(ts_node_start_byte(b.function), (*findings)[b.index].start.offset);
  });
  std::vector<bool> dropped(findings->size(), false);
  for (size_t first = 0, end = 0; first < here.size(); first = end) {
    end = first;
    while (end < here.size() && SameNode(here[end].function, here[first].function)) ++end;
    for (size_t s = first; s < end; ++s) {
      const Located& skip = here[s];
      Finding& at = (*findings)[skip.index];
      if (dropped[skip.index] || !IsSureBreak(at)) continue;
      if (at.placement != Placement::kInLoop && at.placement != Placement::kInWith) continue;
      uint32_t after = ts_node_end_byte(skip.own);
      int hidden = 0;
      for (size_t l = s + 1; l < end; ++l) {
        const Located& later = here[l];
        const Finding& f = (*findings)[later.index];
        if (dropped[later.index] || later.nested || ts_node_start_byte(later.own) < after ||
            !ModesWithin(f.modes, at.modes)) {
          continue;
        }
        dropped[later.index] = true;
        ++hidden;
      }
      if (hidden == 0) continue;
      absl::StrAppend(&at.message, " [", hidden,
                      hidden == 1 ? " later finding" : " later findings",
                      " in this function hidden: Dynamo never traces them until this break is "
                      "fixed]");
    }
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
