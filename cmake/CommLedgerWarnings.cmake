# Warnings are errors in our own code; sanitizers are opt-in for the CPU parts.
# ThreadSanitizer excludes ASan, hence its own build (build-tsan in scripts/test.sh).
option(COMMLEDGER_TSAN "Build the CPU parts with ThreadSanitizer" OFF)
if(COMMLEDGER_TSAN AND COMMLEDGER_SANITIZE)
  message(FATAL_ERROR "commledger: COMMLEDGER_TSAN and COMMLEDGER_SANITIZE exclude each other")
endif()
function(commledger_target_defaults target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Werror)
  if(COMMLEDGER_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
                                             -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
  if(COMMLEDGER_TSAN)
    target_compile_options(${target} PRIVATE -fsanitize=thread -fno-omit-frame-pointer)
    target_link_options(${target} PRIVATE -fsanitize=thread)
  endif()
endfunction()
