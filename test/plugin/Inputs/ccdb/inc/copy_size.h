// Reached only through the -I that compile_commands.json names.
#pragma once
#define COPY_BYTES (4096 * SCALE)
