# tree-sitter 0.25.2's C core and tree-sitter-python 0.23.6, fetched from their PyPI sdists at
# configure time and checked file by file against tree_sitter_sources.sha256 (no third-party
# source lives in the repository). Both are compiled as static C libraries.
include(${CMAKE_CURRENT_LIST_DIR}/FetchPypiSources.cmake)

set(GBREAK_TS_DIR "${CMAKE_BINARY_DIR}/_deps/tree-sitter" CACHE PATH
    "Where the verified tree-sitter sources are laid out")
gbreak_fetch_pypi_sources("${CMAKE_CURRENT_LIST_DIR}/tree_sitter_sources.sha256"
                          "${GBREAK_TS_DIR}" "the tree-sitter sources")

add_library(ts_core STATIC "${GBREAK_TS_DIR}/core/lib/src/lib.c")
set_target_properties(ts_core PROPERTIES C_STANDARD 11 POSITION_INDEPENDENT_CODE ON)
target_compile_definitions(ts_core PRIVATE _POSIX_C_SOURCE=200112L _DEFAULT_SOURCE)
target_include_directories(ts_core SYSTEM PUBLIC "${GBREAK_TS_DIR}/core/lib/include"
                                          PRIVATE "${GBREAK_TS_DIR}/core/lib/src")
target_compile_options(ts_core PRIVATE -w)

# The grammar's scanner.c is compiled through src/syntax/python_scanner.c, which includes it and
# replaces its state save/restore: upstream 0.23.6 saves each indent width in one byte, so code
# indented 256 columns or more (64 levels of four spaces) failed to parse. The included file is the
# pinned one; nothing fetched is edited.
add_library(ts_python STATIC "${GBREAK_TS_DIR}/python/src/parser.c"
                             "${PROJECT_SOURCE_DIR}/src/syntax/python_scanner.c")
set_target_properties(ts_python PROPERTIES C_STANDARD 11 POSITION_INDEPENDENT_CODE ON)
target_include_directories(ts_python PRIVATE "${GBREAK_TS_DIR}/python/src")
target_compile_options(ts_python PRIVATE -w)
target_link_libraries(ts_python PUBLIC ts_core)
