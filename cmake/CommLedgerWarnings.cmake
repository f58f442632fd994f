# Warnings are errors in our own code; sanitizers are opt-in for the CPU parts.
function(commledger_target_defaults target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Werror)
  if(COMMLEDGER_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
                                             -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
endfunction()
