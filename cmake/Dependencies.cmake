# Libraries from Debian 12's packages (installed by scripts/setup): Abseil, RE2, nlohmann-json,
# toml++ (header-only mode), CLI11, GoogleTest and Google Benchmark. GBREAK_FETCH_DEPS=ON builds
# the first five from pinned source releases instead (cmake/FetchDependencies.cmake).
find_package(Threads REQUIRED)

# zlib measures the gzipped SARIF size (code scanning's 10 MB limit); OpenSSL's libcrypto computes
# the SHA-256 a generated patch file checks a library function's source against
# (report/patch_script.h). A static build links libz.a and libcrypto.a. Where a build machine has
# no static archive (manylinux's images), a GBREAK_FETCH_DEPS build links the shared library and
# the wheel repair (auditwheel, delocate) copies it into the wheel.
if(GBREAK_STATIC)
  set(ZLIB_USE_STATIC_LIBS ON)
  set(OPENSSL_USE_STATIC_LIBS TRUE)
endif()
if(GBREAK_STATIC AND GBREAK_FETCH_DEPS)
  find_package(ZLIB QUIET)
  find_package(OpenSSL QUIET COMPONENTS Crypto)
  if(NOT ZLIB_FOUND OR NOT OpenSSL_FOUND)
    message(STATUS "No static zlib/libcrypto here: linking the shared ones")
    unset(ZLIB_USE_STATIC_LIBS)
    unset(OPENSSL_USE_STATIC_LIBS)
  endif()
endif()
find_package(ZLIB REQUIRED)
find_package(OpenSSL REQUIRED COMPONENTS Crypto)

if(GBREAK_FETCH_DEPS)
  include(${CMAKE_CURRENT_LIST_DIR}/FetchDependencies.cmake)
else()
  find_package(absl REQUIRED)
  find_package(nlohmann_json 3.10 REQUIRED)
  find_package(CLI11 REQUIRED)
  find_package(PkgConfig REQUIRED)
  # Debian's RE2 has no CMake package; pkg-config knows it.
  pkg_check_modules(RE2 REQUIRED IMPORTED_TARGET re2)
  find_path(TOMLPLUSPLUS_INCLUDE_DIR toml++/toml.h REQUIRED)
endif()

# toml++: use the headers only. Its CMake target forces the shared library (tech.md §4).
add_library(gbreak_toml INTERFACE)
target_include_directories(gbreak_toml SYSTEM INTERFACE "${TOMLPLUSPLUS_INCLUDE_DIR}")
target_compile_definitions(gbreak_toml INTERFACE TOML_HEADER_ONLY=1 TOML_EXCEPTIONS=0)

if(GBREAK_FETCH_DEPS)
  # gbreak_re2 is made by FetchDependencies.cmake; fetched libraries are static already.
elseif(GBREAK_STATIC)
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
