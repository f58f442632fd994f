# commledger_instrument(<target> [SITES <file>] [PROJECT_ROOT <dir>])
#   Compiles the target's CUDA, C++ and C sources through commledger-cc, which records their call
#   sites into one database for the whole build (default ${CMAKE_BINARY_DIR}/commledger-sites.json).
# commledger_add_report_target(<name> TARGET <exe> [ARGS <arg>...] [SITES <file>...]
#                              [FORMAT text|json|csv|html|sarif] [OUTPUT <file>])
#   `cmake --build . --target <name>` runs <exe> under `commledger run` and writes the report.
# Needs COMMLEDGER_CC, COMMLEDGER_INCLUDE_DIR, COMMLEDGER_RUN and COMMLEDGER_REPORT
# (CommLedgerConfig.cmake sets them).
include_guard(GLOBAL)

function(commledger_instrument target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "SITES;PROJECT_ROOT" "")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "commledger_instrument(${target}): unknown arguments "
                        "${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "commledger_instrument: ${target} is not a target")
  endif()
  if(NOT CommLedger_instrument_FOUND)
    message(FATAL_ERROR "commledger_instrument(${target}): ${COMMLEDGER_CC} is missing "
                        "(CommLedger was built with COMMLEDGER_BUILD_INSTRUMENTER=OFF)")
  endif()
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY" OR type STREQUAL "UTILITY")
    message(FATAL_ERROR "commledger_instrument: ${target} compiles no sources")
  endif()
  set(sites "${CMAKE_BINARY_DIR}/commledger-sites.json")
  if(arg_SITES)
    get_filename_component(sites "${arg_SITES}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  # Site paths are relative to the project root: the top-level source folder unless told.
  set(root "${CMAKE_SOURCE_DIR}")
  if(arg_PROJECT_ROOT)
    get_filename_component(root "${arg_PROJECT_ROOT}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  endif()
  # commledger-cc takes its settings from the environment; `cmake -E env` sets them per compile,
  # which works the same under every generator, and no two targets share a setting by accident.
  set(launcher "${CMAKE_COMMAND}" -E env "COMMLEDGER_SITES=${sites}"
               "COMMLEDGER_PROJECT_ROOT=${root}" "${COMMLEDGER_CC}")
  foreach(lang CUDA CXX C)
    set_property(TARGET ${target} PROPERTY ${lang}_COMPILER_LAUNCHER ${launcher})
  endforeach()
  # commledger-cc adds site.h's folder itself; this lets the sources include it directly too.
  # Nothing is linked: site.h's symbols are weak (the program runs without the runtime) and
  # `commledger run` preloads libcommledger-rt.so. Link CommLedger::runtime to bind it anyway.
  target_include_directories(${target} SYSTEM PRIVATE "${COMMLEDGER_INCLUDE_DIR}")
  set_property(TARGET ${target} PROPERTY COMMLEDGER_SITES "${sites}")
  # The database merges every compile; cleaned with the objects so it never keeps stale sites.
  set_property(DIRECTORY APPEND PROPERTY ADDITIONAL_CLEAN_FILES "${sites}" "${sites}.lock")
endfunction()

function(commledger_add_report_target name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "TARGET;FORMAT;OUTPUT" "ARGS;SITES")
  if(arg_UNPARSED_ARGUMENTS OR NOT arg_TARGET)
    message(FATAL_ERROR "usage: commledger_add_report_target(<name> TARGET <exe> [ARGS ...] "
                        "[SITES <file>...] [FORMAT text|json|csv|html|sarif] [OUTPUT <file>])")
  endif()
  set(sites ${arg_SITES})
  if(NOT sites)
    get_target_property(sites ${arg_TARGET} COMMLEDGER_SITES)
    if(NOT sites)
      message(FATAL_ERROR "commledger_add_report_target(${name}): ${arg_TARGET} is not "
                          "instrumented; call commledger_instrument(${arg_TARGET}) or pass SITES")
    endif()
  endif()
  set(format text)
  if(arg_FORMAT)
    set(format ${arg_FORMAT})
  endif()
  set(extension ${format})
  if(format STREQUAL "text")
    set(extension txt)
  endif()
  set(output "${CMAKE_CURRENT_BINARY_DIR}/${name}.${extension}")
  if(arg_OUTPUT)
    get_filename_component(output "${arg_OUTPUT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  set(site_args)
  foreach(file IN LISTS sites)
    list(APPEND site_args --sites "${file}")
  endforeach()
  # Every process of a run writes its own trace; an old run's traces would be summed in.
  set(traces "${CMAKE_CURRENT_BINARY_DIR}/${name}-traces")
  add_custom_target(${name}
    COMMAND "${CMAKE_COMMAND}" -E rm -rf "${traces}"
    COMMAND ${COMMLEDGER_RUN} -o "${traces}" -- "$<TARGET_FILE:${arg_TARGET}>" ${arg_ARGS}
    COMMAND ${COMMLEDGER_REPORT} ${site_args} --format ${format} -o "${output}" "${traces}"
    COMMAND "${CMAKE_COMMAND}" -E echo "commledger: report written to ${output}"
    DEPENDS ${arg_TARGET}
    COMMENT "Running ${arg_TARGET} under commledger run"
    VERBATIM USES_TERMINAL)
endfunction()
