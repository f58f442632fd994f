/* A C program with instrumented-style sites and no CUDA: prints, then exits with argv[1], or
 * aborts when argv[2] is "abort" (the runtime must write its trace and keep the signal). */
#include "commledger/site.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  int printed = COMMLEDGER_SITE(0x1234ULL, printf("site program ran\n"));
  int code = argc > 1 ? atoi(argv[1]) : 0;
  if (argc > 2 && strcmp(argv[2], "abort") == 0)
    abort();
  return printed > 0 ? code : 99;
}
