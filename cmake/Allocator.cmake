# The allocator of the gbreak binary: jemalloc where the build machine has it (Debian 12's
# libjemalloc-dev, installed by scripts/setup), else the C library's malloc.
#
# Why: a lint run makes and frees millions of small objects (tree-sitter's subtrees, the
# analysis's strings, vectors and maps) and glibc's malloc spent ~11 % of a whole-tree run in
# its own code (_int_malloc, malloc_consolidate, free); jemalloc's per-size bins cut the whole
# run's CPU by 10-15 % (bench/README.md, "Update, 2026-12-07: jemalloc"). Output does not
# depend on it.
#
# Left out under the sanitizers and the fuzzers (they bring their own allocator), and wherever
# pkg-config finds no jemalloc (a wheel built on manylinux's images): the binary is then the
# same program on the system malloc (macOS and Windows always are). GBREAK_JEMALLOC=OFF opts out.
option(GBREAK_JEMALLOC "Link the gbreak binary with jemalloc when the build machine has it" ON)

set(GBREAK_ALLOCATOR "malloc")
add_library(gbreak_allocator INTERFACE)
# Linux only: elsewhere a linked jemalloc does not replace the system allocator the same way.
if(GBREAK_JEMALLOC AND NOT GBREAK_SANITIZE AND NOT GBREAK_FUZZ AND CMAKE_SYSTEM_NAME STREQUAL "Linux")
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(JEMALLOC QUIET jemalloc)
  endif()
  if(JEMALLOC_FOUND AND GBREAK_STATIC)
    # A self-contained binary: the position-independent archive (gbreak links as PIE).
    find_library(JEMALLOC_STATIC_LIBRARY NAMES libjemalloc_pic.a HINTS ${JEMALLOC_LIBRARY_DIRS})
    if(JEMALLOC_STATIC_LIBRARY)
      target_link_libraries(gbreak_allocator INTERFACE "${JEMALLOC_STATIC_LIBRARY}"
                            Threads::Threads ${CMAKE_DL_LIBS} m)
      set(GBREAK_ALLOCATOR "jemalloc ${JEMALLOC_VERSION} (static)")
    endif()
  elseif(JEMALLOC_FOUND)
    target_link_directories(gbreak_allocator INTERFACE ${JEMALLOC_LIBRARY_DIRS})
    target_link_libraries(gbreak_allocator INTERFACE ${JEMALLOC_LIBRARIES})
    set(GBREAK_ALLOCATOR "jemalloc ${JEMALLOC_VERSION}")
  endif()
endif()
message(STATUS "gbreak allocator: ${GBREAK_ALLOCATOR}")
