// Whole-file reads and crash-safe writes (temporary file in the same folder, then rename).
#pragma once
#include <string>

namespace commledger::format {

bool readWholeFile(const std::string &path, std::string &out, std::string &error);
bool writeFileAtomically(const std::string &path, const std::string &text, std::string &error);

} // namespace commledger::format
