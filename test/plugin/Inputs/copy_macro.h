// A macro whose body, written in this header, holds the call: the header is not rewritten.
#define UPLOAD_FROM_HEADER(d, h, n) cudaMemcpy(d, h, n, cudaMemcpyHostToDevice)
