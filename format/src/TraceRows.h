// JSON conversions of the trace's rows, shared by the trace reader and writer (Trace.cpp) only.
#pragma once
#include "JsonFields.h"
#include "commledger/format/Trace.h"

#include <optional>
#include <string>

namespace commledger::format::detail {

// Readers size matrices by the largest device index, so an index no machine has (a corrupt
// file, 2^31-1) must be refused when read, not become a matrix of 2^62 cells.
inline constexpr int kMaxDeviceIndex = 255;
// A device index field: -1 (host) .. kMaxDeviceIndex, else a FormatError naming `where.key`.
int deviceField(const json &j, const char *key, const std::string &where);

json endpointToJson(const Endpoint &e);
Endpoint endpointFromJson(const json &j, const std::string &where);
SiteId siteFrom(const json &j, const std::string &where);
CopyKind copyKindFrom(const json &j, const std::string &where);
// Rows attributed to a site carry "site"; the rest name their bucket instead.
template <class Row> void putSiteOrBucket(json &j, const Row &r) {
  if (r.site)
    j["site"] = siteIdToString(*r.site);
  else
    j["bucket"] = r.bucket;
}
template <class Row> void getSiteOrBucket(const json &j, const std::string &where, Row &r) {
  if (j.contains("site"))
    r.site = siteFrom(j, where);
  else
    r.bucket = stringField(j, "bucket", where);
}
json requestToJson(const RequestRow &r);
RequestRow requestFromJson(const json &j, const std::string &where);
json observedToJson(const ObservedRow &o);
ObservedRow observedFromJson(const json &j, const std::string &where);
json eventToJson(const EventRow &e);
EventRow eventFromJson(const json &j, const std::string &where);

} // namespace commledger::format::detail
