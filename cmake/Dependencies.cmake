# Libraries from Debian 12's packages (installed by scripts/setup): Abseil, RE2, nlohmann-json,
# toml++ (header-only mode), CLI11, GoogleTest and Google Benchmark.
find_package(Threads REQUIRED)
find_package(absl REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(CLI11 REQUIRED)
find_package(PkgConfig REQUIRED)
# zlib measures the gzipped SARIF size (code scanning's 10 MB limit). A static build links libz.a.
if(GBREAK_STATIC)
  set(ZLIB_USE_STATIC_LIBS ON)
endif()
find_package(ZLIB REQUIRED)
# OpenSSL's libcrypto computes the SHA-256 a generated patch file checks a library function's
# source against (report/patch_script.h).
if(GBREAK_STATIC)
  set(OPENSSL_USE_STATIC_LIBS TRUE)
endif()
find_package(OpenSSL REQUIRED COMPONENTS Crypto)
# Debian's RE2 has no CMake package; pkg-config knows it.
pkg_check_modules(RE2 REQUIRED IMPORTED_TARGET re2)

# toml++: use the headers only. Its CMake target forces the shared library (tech.md §4).
find_path(TOMLPLUSPLUS_INCLUDE_DIR toml++/toml.h REQUIRED)
add_library(gbreak_toml INTERFACE)
target_include_directories(gbreak_toml SYSTEM INTERFACE "${TOMLPLUSPLUS_INCLUDE_DIR}")
target_compile_definitions(gbreak_toml INTERFACE TOML_HEADER_ONLY=1 TOML_EXCEPTIONS=0)

if(GBREAK_STATIC)
  # A self-contained binary (for the wheel): Debian's Abseil targets point at .so files; the
  # static archives sit beside them. Rewrite every imported absl target to its .a, and import
  # libre2.a directly.
  # IMPORTED_TARGETS is per directory: find_package(absl) above created them in this one
  # (include() opens no new directory scope; ${absl_DIR} is not a processed directory).
  get_property(_absl_targets DIRECTORY PROPERTY IMPORTED_TARGETS)
  foreach(_t IN LISTS _absl_targets)
    if(_t MATCHES "^absl::")
      get_target_property(_type ${_t} TYPE)
      if(_type STREQUAL "SHARED_LIBRARY")
        foreach(_prop IMPORTED_LOCATION_NONE IMPORTED_LOCATION_RELEASE IMPORTED_LOCATION)
          get_target_property(_loc ${_t} ${_prop})
          if(_loc)
            string(REGEX REPLACE "\\.so(\\.[0-9.]+)?$" ".a" _static "${_loc}")
            if(EXISTS "${_static}")
              set_target_properties(${_t} PROPERTIES ${_prop} "${_static}")
            endif()
          endif()
        endforeach()
      endif()
    endif()
  endforeach()
  find_library(RE2_STATIC_LIBRARY NAMES libre2.a REQUIRED)
  add_library(gbreak_re2 STATIC IMPORTED)
  set_target_properties(gbreak_re2 PROPERTIES IMPORTED_LOCATION "${RE2_STATIC_LIBRARY}")
  target_include_directories(gbreak_re2 INTERFACE ${RE2_INCLUDE_DIRS})
  target_link_libraries(gbreak_re2 INTERFACE Threads::Threads)
else()
  add_library(gbreak_re2 INTERFACE)
  target_link_libraries(gbreak_re2 INTERFACE PkgConfig::RE2)
endif()

if(GBREAK_BUILD_TESTS)
  find_package(GTest REQUIRED)
endif()
if(GBREAK_BUILD_BENCHMARKS)
  find_package(benchmark REQUIRED)
endif()
