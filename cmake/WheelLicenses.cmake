# Licenses of everything linked into the static `gbreak` binary, shipped in the wheel's
# .dist-info/licenses/ (tech.md §5.2): tree-sitter and its Python grammar (MIT; fetched with the
# sources), and the Debian packages linked statically: Abseil (Apache-2.0), RE2 (BSD-3),
# nlohmann-json (MIT), toml++ (MIT), CLI11 (BSD-3), zlib (zlib), OpenSSL's libcrypto
# (Apache-2.0). A GBREAK_FETCH_DEPS build ships the LICENSE files of the fetched releases
# instead of Debian's copyright files (GBREAK_FETCHED_LICENSES, cmake/FetchDependencies.cmake).
set(_gbreak_license_dir "${SKBUILD_METADATA_DIR}/licenses")
install(FILES "${GBREAK_TS_DIR}/licenses/tree-sitter-LICENSE"
              "${GBREAK_TS_DIR}/licenses/tree-sitter-python-LICENSE"
        DESTINATION "${_gbreak_license_dir}" COMPONENT gbreak)
if(GBREAK_FETCH_DEPS)
  foreach(_entry IN LISTS GBREAK_FETCHED_LICENSES)
    string(REPLACE "=" ";" _pair "${_entry}")
    list(GET _pair 0 _file)
    list(GET _pair 1 _name)
    install(FILES "${_file}" DESTINATION "${_gbreak_license_dir}" RENAME "${_name}"
            COMPONENT gbreak)
  endforeach()
  set(_debian_packages zlib1g-dev libssl-dev)
else()
  set(_debian_packages libabsl-dev libre2-dev nlohmann-json3-dev libtomlplusplus-dev libcli11-dev
                       zlib1g-dev libssl-dev)
endif()
foreach(_pkg IN LISTS _debian_packages)
  set(_copyright "/usr/share/doc/${_pkg}/copyright")
  if(EXISTS "${_copyright}")
    install(FILES "${_copyright}" DESTINATION "${_gbreak_license_dir}"
            RENAME "${_pkg}-copyright" COMPONENT gbreak)
  else()
    message(WARNING "No license text for ${_pkg} at ${_copyright}; the wheel will lack it")
  endif()
endforeach()
