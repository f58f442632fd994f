#include "fake_cuda.h"
#include "rsp_size.h"
int upload(char *d, const char *h) { return cudaMemcpy(d, h, RSP_BYTES, cudaMemcpyHostToDevice); }
