/* Stands in for libcommledger-rt in the plugin tests: overrides site.h's weak enter/leave and
 * prints each, so a test sees that (and where) the compiled program was instrumented. */
#include <stdio.h>

void commledger_enter(unsigned long long site) { printf("commledger_enter 0x%016llx\n", site); }
void commledger_leave(void) { printf("commledger_leave\n"); }
