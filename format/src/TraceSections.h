// The trace's optional sections in JSON (TraceSections.cpp), for Trace.cpp only.
#pragma once
#include "JsonFields.h"
#include "JsonListStream.h"
#include "commledger/format/Trace.h"

namespace commledger::format::detail {

// Adds each non-empty section to the document.
void putSections(nlohmann::json &doc, const Trace &trace);
// Registers the sections' row readers: rows stream into `trace` while the text is parsed.
void addSectionReaders(JsonListStream &rows, Trace &trace);
// After the parse: each section present must have been a list the readers consumed.
void checkSections(const JsonListStream &rows, const nlohmann::json &doc);

} // namespace commledger::format::detail
