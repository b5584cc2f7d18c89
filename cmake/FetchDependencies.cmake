# GBREAK_FETCH_DEPS=ON: build Abseil, RE2, nlohmann-json, toml++ and CLI11 from pinned source
# releases instead of taking them from the system. For the release wheels (manylinux, macOS),
# whose build machines have no static Abseil or RE2 packages; Debian 12 builds use its packages
# (cmake/Dependencies.cmake). No third-party source lives in the repository: every archive is
# downloaded at configure time and checked against the SHA-256 written here.
#
# Where the archives come from: Debian's pool keeps each upstream release as the unmodified
# upstream tarball (`*.orig.tar.*`, a "+dfsg"/"+ds" one with non-free files removed), and its
# signed .dsc lists the SHA-256 copied below. Abseil 20240722.0 and RE2 2024-07-02 are Debian 13's
# (Abseil 20220623, Debian 12's, does not build with GCC 13+, which manylinux_2_28 ships);
# nlohmann-json 3.11.2 and CLI11 2.1.2 are Debian 12's, the versions gbreak is tested with.
# toml++ comes as its single-header release, toml.hpp 3.4.0, from the pytomlpp 1.1.0 sdist on
# PyPI (Debian's pool mirror lacks its tarball), checked file by file like tree-sitter's.
include(FetchContent)

set(_debian_pool "https://deb.debian.org/debian/pool/main")

# Abseil, static, with its install rules on: RE2's export set names the absl targets it links.
# Nothing of either is installed into the wheel (install components, pyproject.toml).
set(ABSL_PROPAGATE_CXX_STD ON)
set(ABSL_BUILD_TESTING OFF)
set(ABSL_ENABLE_INSTALL ON)
set(BUILD_TESTING OFF)
FetchContent_Declare(absl
  URL "${_debian_pool}/a/abseil/abseil_20240722.0.orig.tar.gz"
  URL_HASH SHA256=df6d1f5ef540725f3851201176a60486aab332410788465c9877910bb471c34a)

set(RE2_BUILD_TESTING OFF)
FetchContent_Declare(re2
  URL "${_debian_pool}/r/re2/re2_20240702.orig.tar.gz"
  URL_HASH SHA256=eb2df807c781601c14a260a507a5bb4509be1ee626024cb45acbd57cb9d4032b)

# Header-only libraries: populated, not configured (SOURCE_SUBDIR names no CMakeLists.txt, so
# FetchContent_MakeAvailable adds no subdirectory); gbreak makes their targets below.
FetchContent_Declare(nlohmann_json
  URL "${_debian_pool}/n/nlohmann-json3/nlohmann-json3_3.11.2.orig.tar.gz"
  URL_HASH SHA256=d69f9deb6a75e2580465c6c4c5111b89c4dc2fa94e3a85fcd2ffcd9a143d9273
  SOURCE_SUBDIR no-cmake)
FetchContent_Declare(cli11
  URL "${_debian_pool}/c/cli11/cli11_2.1.2+ds.orig.tar.xz"
  URL_HASH SHA256=8143d20b688e98ccce8e24562d3b68e5f47c12e896c42c7ca8553dbde5bed55d
  SOURCE_SUBDIR no-cmake)

set(BUILD_SHARED_LIBS OFF)
FetchContent_MakeAvailable(absl re2 nlohmann_json cli11)

add_library(gbreak_nlohmann_json INTERFACE)
target_include_directories(gbreak_nlohmann_json SYSTEM INTERFACE
                           "${nlohmann_json_SOURCE_DIR}/single_include")
add_library(nlohmann_json::nlohmann_json ALIAS gbreak_nlohmann_json)

add_library(gbreak_cli11 INTERFACE)
target_include_directories(gbreak_cli11 SYSTEM INTERFACE "${cli11_SOURCE_DIR}/include")
add_library(CLI11::CLI11 ALIAS gbreak_cli11)

set(GBREAK_TOML_DIR "${CMAKE_BINARY_DIR}/_deps/tomlplusplus" CACHE PATH
    "Where the verified toml++ header is laid out")
include(${CMAKE_CURRENT_LIST_DIR}/FetchPypiSources.cmake)
gbreak_fetch_pypi_sources("${CMAKE_CURRENT_LIST_DIR}/tomlplusplus_sources.sha256"
                          "${GBREAK_TOML_DIR}" "the toml++ header")
set(TOMLPLUSPLUS_INCLUDE_DIR "${GBREAK_TOML_DIR}/include")

add_library(gbreak_re2 INTERFACE)
target_link_libraries(gbreak_re2 INTERFACE re2::re2)

# The licenses of what the binary embeds (cmake/WheelLicenses.cmake).
set(GBREAK_FETCHED_LICENSES
    "${absl_SOURCE_DIR}/LICENSE=abseil-LICENSE"
    "${re2_SOURCE_DIR}/LICENSE=re2-LICENSE"
    "${nlohmann_json_SOURCE_DIR}/LICENSE.MIT=nlohmann-json-LICENSE"
    "${cli11_SOURCE_DIR}/LICENSE=cli11-LICENSE"
    "${GBREAK_TOML_DIR}/LICENSE=tomlplusplus-LICENSE")
