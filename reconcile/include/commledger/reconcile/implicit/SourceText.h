// What the implicit-traffic model reads from the program's source text, because the site
// database does not record it: an allocation's pointer argument ("&g0" -> "g0"), host code that
// indexes that pointer, and cudaHostGetDevicePointer aliases. A textual, static match: it fails
// on pointers passed between functions, copied to other names, or hidden in macros.
#pragma once
#include <functional>
#include <optional>
#include <string>

namespace commledger::reconcile {

// The text of line `line` of `file` (1-based); nullopt when the source cannot be read.
using SourceLines = std::function<std::optional<std::string>(const std::string &file,
                                                             unsigned line)>;

// The first argument of the call whose callee starts at `column` (1-based) of `lineText`,
// without a leading "&" or pointer cast: "CK(cudaMallocManaged(&g0, n))", 6 -> "g0".
// Empty when the text does not look like a call there.
std::string firstCallArgument(const std::string &lineText, unsigned column);

// Whether `lineText` subscripts `name` as a whole word ("g0[i]", "g0 [i]").
bool subscripts(const std::string &lineText, const std::string &name);

// "cudaHostGetDevicePointer(&dIn, in, 0)" on `lineText` -> {"dIn", "in"}; nullopt otherwise.
std::optional<std::pair<std::string, std::string>> devicePointerAlias(const std::string &lineText);

} // namespace commledger::reconcile
