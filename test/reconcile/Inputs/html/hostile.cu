// Source of a site whose text would break out of the HTML report if it were not escaped.
void copy(char *dst, const char *src) {
  // </pre><script>alert("src")</script>
  cudaMemcpy(dst, src, 64, cudaMemcpyDefault); // a < b && c > d
}
