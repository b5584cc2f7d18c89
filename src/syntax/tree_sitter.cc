#include "syntax/tree_sitter.h"

#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
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

TSFieldId PythonFieldId(std::string_view name) {
  static const auto* ids = [] {
    const TSLanguage* language = PythonLanguage();
    auto* table = new absl::flat_hash_map<std::string_view, TSFieldId>();
    for (TSFieldId id = 1; id <= ts_language_field_count(language); ++id) {
      if (const char* field = ts_language_field_name_for_id(language, id)) table->emplace(field, id);
    }
    return table;
  }();
  auto it = ids->find(name);
  return it == ids->end() ? 0 : it->second;
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
