#include "report/unified_diff.h"

#include <algorithm>
#include <cstddef>

#include "absl/strings/str_cat.h"
#include "source/absl_compat.h"

namespace gbreak {
namespace {

// Where each line of a text starts. Line i spans [start(i), start(i + 1)) and keeps its '\n';
// the last line may have none.
class LineIndex {
 public:
  explicit LineIndex(std::string_view text) : text_(text) {
    if (!text.empty()) starts_.push_back(0);
    for (size_t i = 0; i + 1 < text.size(); ++i) {
      if (text[i] == '\n') starts_.push_back(i + 1);
    }
    starts_.push_back(text.size());
  }

  int count() const { return static_cast<int>(starts_.size()) - 1; }
  size_t start(int line) const { return starts_[static_cast<size_t>(line)]; }
  std::string_view line(int i) const { return text_.substr(start(i), start(i + 1) - start(i)); }

  // The line holding byte `offset`; count() for the end of a text that ends with a line end.
  int LineOf(size_t offset) const {
    if (offset >= text_.size()) {
      bool open_last_line = !text_.empty() && text_.back() != '\n';
      return open_last_line ? count() - 1 : count();
    }
    auto after = std::upper_bound(starts_.begin(), starts_.end() - 1, offset);
    return static_cast<int>(after - starts_.begin()) - 1;
  }

 private:
  std::string_view text_;
  std::vector<size_t> starts_;
};

// Old lines [old_begin, old_end) become `new_lines`.
struct Change {
  int old_begin = 0;
  int old_end = 0;
  std::vector<std::string> new_lines;
};

std::vector<std::string> SplitLines(std::string_view text) {
  std::vector<std::string> lines;
  while (!text.empty()) {
    size_t newline = text.find('\n');
    size_t length = newline == std::string_view::npos ? text.size() : newline + 1;
    lines.emplace_back(text.substr(0, length));
    text.remove_prefix(length);
  }
  return lines;
}

// The edits grouped by the lines they touch, each group with the new text of those lines.
std::vector<Change> LineChanges(std::string_view text, const LineIndex& lines,
                                const std::vector<TextEdit>& edits) {
  struct Region {
    int begin, end;
    std::vector<const TextEdit*> edits;
  };
  std::vector<Region> regions;
  for (const TextEdit& edit : edits) {
    int begin = lines.LineOf(edit.start);
    int last = lines.LineOf(edit.end);
    bool at_line_start = last >= lines.count() || lines.start(last) == edit.end;
    int end = at_line_start && edit.end > edit.start ? last : std::min(last + 1, lines.count());
    end = std::max(end, begin);
    // Edits on the same or adjacent lines make one change, so that its old lines come before
    // its new ones, the way diff prints them.
    if (!regions.empty() && begin <= regions.back().end) {
      regions.back().end = std::max(regions.back().end, end);
      regions.back().edits.push_back(&edit);
    } else {
      regions.push_back({begin, end, {&edit}});
    }
  }
  std::vector<Change> changes;
  for (const Region& region : regions) {
    size_t from = lines.start(region.begin), to = lines.start(region.end);
    std::string replaced;
    size_t cursor = from;
    for (const TextEdit* edit : region.edits) {
      absl::StrAppend(&replaced, ToAbsl(text.substr(cursor, edit->start - cursor)),
                      edit->replacement);
      cursor = edit->end;
    }
    absl::StrAppend(&replaced, ToAbsl(text.substr(cursor, to - cursor)));
    if (replaced == text.substr(from, to - from)) continue;  // the edits change nothing here
    changes.push_back({region.begin, region.end, SplitLines(replaced)});
  }
  return changes;
}

// `-l,n` the way diff and difflib write it: a one-line range is just `l`; an empty range names
// the line before it.
std::string Range(int begin, int length) {
  if (length == 1) return absl::StrCat(begin + 1);
  return absl::StrCat(length == 0 ? begin : begin + 1, ",", length);
}

void AppendLine(std::string& out, char prefix, std::string_view line) {
  out += prefix;
  out.append(line);
  if (line.empty() || line.back() != '\n') out += "\n\\ No newline at end of file\n";
}

std::string DiffPath(std::string_view prefix, std::string_view path) {
  if (path.starts_with("/")) return std::string(path);
  while (path.starts_with("./")) path.remove_prefix(2);
  return absl::StrCat(ToAbsl(prefix), ToAbsl(path));
}

}  // namespace

std::string ApplyEdits(std::string_view text, const std::vector<TextEdit>& edits) {
  std::string out;
  out.reserve(text.size());
  size_t cursor = 0;
  for (const TextEdit& edit : edits) {
    absl::StrAppend(&out, ToAbsl(text.substr(cursor, edit.start - cursor)), edit.replacement);
    cursor = edit.end;
  }
  absl::StrAppend(&out, ToAbsl(text.substr(cursor)));
  return out;
}

std::string UnifiedDiff(std::string_view path, std::string_view text,
                        const std::vector<TextEdit>& edits, int context) {
  LineIndex lines(text);
  std::vector<Change> changes = LineChanges(text, lines, edits);
  if (changes.empty()) return "";
  std::string out = absl::StrCat("--- ", DiffPath("a/", path), "\n+++ ", DiffPath("b/", path),
                                 "\n");
  int shift = 0;  // new line number minus old line number before the current hunk
  for (size_t first = 0; first < changes.size();) {
    // The changes whose context lines touch or overlap make one hunk.
    size_t last = first;
    while (last + 1 < changes.size() &&
           changes[last + 1].old_begin - changes[last].old_end <= 2 * context) {
      ++last;
    }
    int old_begin = std::max(0, changes[first].old_begin - context);
    int old_end = std::min(lines.count(), changes[last].old_end + context);
    int growth = 0;
    for (size_t i = first; i <= last; ++i) {
      growth += static_cast<int>(changes[i].new_lines.size()) -
                (changes[i].old_end - changes[i].old_begin);
    }
    int old_length = old_end - old_begin;
    absl::StrAppend(&out, "@@ -", Range(old_begin, old_length), " +",
                    Range(old_begin + shift, old_length + growth), " @@\n");
    int cursor = old_begin;
    for (size_t i = first; i <= last; ++i) {
      const Change& change = changes[i];
      for (; cursor < change.old_begin; ++cursor) AppendLine(out, ' ', lines.line(cursor));
      for (int line = change.old_begin; line < change.old_end; ++line) {
        AppendLine(out, '-', lines.line(line));
      }
      for (const std::string& line : change.new_lines) AppendLine(out, '+', line);
      cursor = change.old_end;
    }
    for (; cursor < old_end; ++cursor) AppendLine(out, ' ', lines.line(cursor));
    shift += growth;
    first = last + 1;
  }
  return out;
}

}  // namespace gbreak
