# Embeds the rule catalog (rules/*.toml and queries/*.scm) into a generated source file that is
# rebuilt whenever a rule or query changes.
file(GLOB _rule_files CONFIGURE_DEPENDS RELATIVE "${PROJECT_SOURCE_DIR}"
     "${PROJECT_SOURCE_DIR}/rules/*.toml" "${PROJECT_SOURCE_DIR}/queries/*.scm")
set(GBREAK_EMBEDDED_RULES_CC "${CMAKE_BINARY_DIR}/generated/embedded_rule_files.cc")
set(_abs_rule_files "")
foreach(_f IN LISTS _rule_files)
  list(APPEND _abs_rule_files "${PROJECT_SOURCE_DIR}/${_f}")
endforeach()
string(REPLACE ";" "\\;" _rule_files_arg "${_rule_files}")
add_custom_command(
  OUTPUT "${GBREAK_EMBEDDED_RULES_CC}"
  COMMAND "${CMAKE_COMMAND}" -DOUT=${GBREAK_EMBEDDED_RULES_CC} -DROOT=${PROJECT_SOURCE_DIR}
          "-DFILES=${_rule_files_arg}" -DSYMBOL=EmbeddedRuleFiles
          -P "${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake"
  DEPENDS ${_abs_rule_files} "${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake"
  COMMENT "Embedding the rule catalog"
  VERBATIM)
# The generated file is compiled in src/; a target here owns the command that makes it.
add_custom_target(gbreak_embedded_rules DEPENDS "${GBREAK_EMBEDDED_RULES_CC}")
