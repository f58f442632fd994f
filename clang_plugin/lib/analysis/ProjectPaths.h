// The path a site ID is computed on: relative to the project root, '/' separators, so the same
// source gives the same ID on any machine.
#pragma once
#include <string>

namespace commledger::instrument {

// `explicitRoot` if given, else the nearest enclosing folder of `file` holding `.git`, else the
// current directory. Returned as a real (symlink-free) absolute path.
std::string findProjectRoot(const std::string &explicitRoot, const std::string &file);

// `file` relative to `root` when inside it, else its absolute path; '/' separators.
std::string relativeToRoot(const std::string &root, const std::string &file);

} // namespace commledger::instrument
