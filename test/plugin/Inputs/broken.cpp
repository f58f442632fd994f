#include "fake_cuda.h"
int broken(char *d) { return cudaMemset(d, 0, 4) + undeclared_thing; }
