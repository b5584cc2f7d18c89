#include "syntax/tree_sitter.h"

#include <array>
#include <string>
#include <utility>

#include "source/source_file.h"
#include "syntax/data_literals.h"

extern "C" const TSLanguage* tree_sitter_python(void);

namespace gbreak {

const TSLanguage* PythonLanguage() { return tree_sitter_python(); }

ParserPtr NewPythonParser() {
  ParserPtr parser(ts_parser_new());
  // Cannot fail for the grammar we build against; checked once by the syntax tests.
  ts_parser_set_language(parser.get(), PythonLanguage());
  return parser;
}

namespace {

TreePtr ParseText(TSParser* parser, std::string_view text) {
  return TreePtr(ts_parser_parse_string_encoding(parser, nullptr, text.data(),
                                                 static_cast<uint32_t>(text.size()),
                                                 TSInputEncodingUTF8));
}

}  // namespace

TreePtr ParsePython(TSParser* parser, std::string_view text) {
  // Both rewrites below keep every byte offset, so the tree fits `text` (the tree keeps no text).
  std::string copy;
  // SourceFile::text() has no lone `\r` left; other callers (the markdown repro reads the file
  // again) may pass one, which the grammar does not take as a line end.
  if (HasLoneCarriageReturn(text)) {
    copy = NormalizeLoneCarriageReturns(text);
    text = copy;
  }
  if (std::string elided = ElideLargeDataLiterals(text); !elided.empty()) {
    copy = std::move(elided);
    text = copy;
  }
  return ParseText(parser, text);
}

const std::vector<std::string_view>& PythonSymbolNames() {
  static const std::vector<std::string_view>* names = [] {
    const TSLanguage* language = PythonLanguage();
    auto* table = new std::vector<std::string_view>(ts_language_symbol_count(language));
    for (TSSymbol s = 0; s < table->size(); ++s) {
      const char* name = ts_language_symbol_name(language, s);
      if (name != nullptr) (*table)[s] = name;
    }
    return table;
  }();
  return *names;
}

namespace {

// PythonFieldId's table: open addressing over a hash of the name's length and end characters,
// which is all it takes to tell the grammar's 32 field names apart (a general string hash was
// 3% of a whole-tree run: `Field(node, "body")` is the analysis's commonest question).
constexpr size_t kFieldSlots = 128;  // a power of two, well above the field count

size_t FieldSlot(std::string_view name) {
  return (name.size() * 31 + static_cast<unsigned char>(name.front()) * 7 +
          static_cast<unsigned char>(name.back())) &
         (kFieldSlots - 1);
}

}  // namespace

TSFieldId PythonFieldId(std::string_view name) {
  struct Slot {
    std::string_view name;
    TSFieldId id = 0;
  };
  static const auto* slots = [] {
    const TSLanguage* language = PythonLanguage();
    auto* table = new std::array<Slot, kFieldSlots>();
    for (TSFieldId id = 1; id <= ts_language_field_count(language); ++id) {
      const char* field = ts_language_field_name_for_id(language, id);
      if (field == nullptr || *field == '\0') continue;
      size_t at = FieldSlot(field);
      while ((*table)[at].id != 0) at = (at + 1) & (kFieldSlots - 1);
      (*table)[at] = Slot{field, id};
    }
    return table;
  }();
  if (name.empty()) return 0;
  for (size_t at = FieldSlot(name);; at = (at + 1) & (kFieldSlots - 1)) {
    const Slot& slot = (*slots)[at];
    if (slot.id == 0) return 0;
    if (slot.name == name) return slot.id;
  }
}

TSNode FirstSyntaxError(TSNode root) {
  if (!ts_node_has_error(root)) return TSNode{};
  // Walk down into the first child that contains an error, in document order.
  TSNode node = root;
  while (true) {
    if (ts_node_is_error(node) || ts_node_is_missing(node)) return node;
    TSNode next{};
    bool found = false;
    TSTreeCursor cursor = ts_tree_cursor_new(node);
    if (ts_tree_cursor_goto_first_child(&cursor)) {
      do {
        TSNode child = ts_tree_cursor_current_node(&cursor);
        if (ts_node_has_error(child) || ts_node_is_missing(child)) {
          next = child;
          found = true;
          break;
        }
      } while (ts_tree_cursor_goto_next_sibling(&cursor));
    }
    ts_tree_cursor_delete(&cursor);
    if (!found) return node;  // has_error but no child carries it: report the node itself
    node = next;
  }
}

}  // namespace gbreak
