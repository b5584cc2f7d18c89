# gbreak_fetch_pypi_sources(MANIFEST OUT WHAT): lay out the files a manifest pins from PyPI sdists
# in OUT, each checked against its SHA-256 (cmake/fetch_pypi_sources.py), at configure time; a
# mismatch or a failed download stops the configuration. CMake configures again when the
# manifest changes. WHAT names the sources in the error message.
find_package(Python3 REQUIRED COMPONENTS Interpreter)

function(gbreak_fetch_pypi_sources manifest out what)
  execute_process(
    COMMAND "${Python3_EXECUTABLE}" "${PROJECT_SOURCE_DIR}/cmake/fetch_pypi_sources.py"
            --manifest "${manifest}" --out "${out}"
    RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "Fetching or verifying ${what} failed (see above).")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${manifest}")
endfunction()
