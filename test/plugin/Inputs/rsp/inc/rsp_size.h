// Reached only through the -I inside the response file.
#define RSP_BYTES (64 * 8)
