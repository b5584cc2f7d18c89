// tree-sitter-python 0.23.6's external scanner, with its state saved two bytes per indent.
//
// Why: the upstream scanner saves each indentation width as one `char`, so a block indented 256
// columns or more (64 levels of four spaces; CPython takes 99) comes back from tree-sitter's state
// buffer as a different width, the next DEDENT never matches, and the whole file parses as
// "unexpected end of file". Upstream fixed this in 0.25.0 ("keep size of indents consistent"),
// which needs the ABI-15 grammar. Rather than patch the fetched file, this unit includes it (its
// sha256 is pinned in cmake/tree_sitter_sources.sha256, so the Scanner layout below is the one we
// checked) and replaces only the two state functions.
//
// The state is: inside_f_string, the delimiter count and delimiters (as upstream), then each
// indent after the first (always 0) as a little-endian uint16. tree-sitter's buffer
// (TREE_SITTER_SERIALIZATION_BUFFER_SIZE, 1024 bytes) holds 383 indents next to the most
// delimiters. A deeper stack keeps its outer 383 and the parse fails as before; CPython refuses
// anything past 99 levels anyway, and src/syntax/syntax_check.cc reports that in its words.

#define tree_sitter_python_external_scanner_serialize gbreak_upstream_python_serialize
#define tree_sitter_python_external_scanner_deserialize gbreak_upstream_python_deserialize
#include "scanner.c"
#undef tree_sitter_python_external_scanner_serialize
#undef tree_sitter_python_external_scanner_deserialize

unsigned tree_sitter_python_external_scanner_serialize(void *payload, char *buffer) {
  Scanner *scanner = (Scanner *)payload;
  size_t size = 0;
  buffer[size++] = (char)scanner->inside_f_string;

  size_t delimiter_count = scanner->delimiters.size;
  if (delimiter_count > UINT8_MAX) delimiter_count = UINT8_MAX;
  buffer[size++] = (char)delimiter_count;
  if (delimiter_count > 0) memcpy(&buffer[size], scanner->delimiters.contents, delimiter_count);
  size += delimiter_count;

  for (uint32_t i = 1;
       i < scanner->indents.size && size + 2 <= TREE_SITTER_SERIALIZATION_BUFFER_SIZE; ++i) {
    uint16_t indent = *array_get(&scanner->indents, i);
    buffer[size++] = (char)(indent & 0xFF);
    buffer[size++] = (char)(indent >> 8);
  }
  return (unsigned)size;
}

void tree_sitter_python_external_scanner_deserialize(void *payload, const char *buffer,
                                                      unsigned length) {
  Scanner *scanner = (Scanner *)payload;
  array_delete(&scanner->delimiters);
  array_delete(&scanner->indents);
  array_push(&scanner->indents, 0);
  if (length == 0) return;

  size_t size = 0;
  scanner->inside_f_string = (bool)buffer[size++];
  size_t delimiter_count = (uint8_t)buffer[size++];
  if (delimiter_count > 0) {
    array_reserve(&scanner->delimiters, delimiter_count);
    scanner->delimiters.size = delimiter_count;
    memcpy(scanner->delimiters.contents, &buffer[size], delimiter_count);
    size += delimiter_count;
  }
  for (; size + 2 <= length; size += 2) {
    uint16_t indent = (uint16_t)((uint8_t)buffer[size] | ((uint8_t)buffer[size + 1] << 8));
    array_push(&scanner->indents, indent);
  }
}
