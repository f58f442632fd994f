// JSON conversions of the trace's optional sections (TraceSections.h); Trace.cpp places them.
#include "TraceSections.h"

#include "TraceRows.h"

namespace commledger::format::detail {

using nlohmann::json;

namespace {
std::optional<SiteId> optionalSite(const json &j, const char *key, const std::string &where) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null())
    return std::nullopt;
  const std::string text = it->is_string() ? it->get<std::string>() : std::string();
  auto id = siteIdFromString(text);
  if (!id)
    throw FormatError(where + "." + key + ": '" + text + "' is not 0x followed by 16 hex digits");
  return *id;
}
int optionalInt(const json &j, const char *key, int fallback) {
  auto it = j.find(key);
  return it != j.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

json kernelToJson(const KernelRow &k) {
  json j = {{"name", k.name}, {"device", k.device}, {"count", k.count}, {"total_ns", k.totalNs}};
  putSiteOrBucket(j, k);
  return j;
}
KernelRow kernelFromJson(const json &j, const std::string &w) {
  KernelRow k;
  getSiteOrBucket(j, w, k);
  k.name = stringField(j, "name", w);
  k.device = deviceField(j, "device", w);
  k.count = unsignedField(j, "count", w);
  k.totalNs = unsignedField(j, "total_ns", w);
  return k;
}

json allocationToJson(const AllocationRow &a) {
  json j = {{"api", a.api},     {"memory", a.memory}, {"device", a.device},
            {"flags", a.flags}, {"bytes", a.bytes},   {"count", a.count}};
  putSiteOrBucket(j, a);
  return j;
}
AllocationRow allocationFromJson(const json &j, const std::string &w) {
  AllocationRow a;
  getSiteOrBucket(j, w, a);
  a.api = stringField(j, "api", w);
  a.memory = stringField(j, "memory", w);
  a.device = deviceField(j, "device", w);
  a.flags = static_cast<unsigned>(unsignedField(j, "flags", w));
  a.bytes = unsignedField(j, "bytes", w);
  a.count = unsignedField(j, "count", w);
  return a;
}

json unifiedMemoryToJson(const UnifiedMemoryRow &u) {
  json j = {{"counter", u.counter}, {"cause", u.cause}, {"src", u.src},
            {"dst", u.dst},         {"value", u.value}, {"count", u.count}};
  if (u.allocationSite)
    j["allocation_site"] = siteIdToString(*u.allocationSite);
  else
    j["allocation_bucket"] = u.allocationBucket;
  if (u.causeSite)
    j["cause_site"] = siteIdToString(*u.causeSite);
  return j;
}
UnifiedMemoryRow unifiedMemoryFromJson(const json &j, const std::string &w) {
  UnifiedMemoryRow u;
  u.allocationSite = optionalSite(j, "allocation_site", w);
  if (!u.allocationSite)
    u.allocationBucket = stringField(j, "allocation_bucket", w);
  u.counter = stringField(j, "counter", w);
  u.cause = optionalString(j, "cause");
  u.causeSite = optionalSite(j, "cause_site", w);
  u.src = deviceField(j, "src", w);
  u.dst = deviceField(j, "dst", w);
  u.value = unsignedField(j, "value", w);
  u.count = unsignedField(j, "count", w);
  return u;
}

json ncclCommToJson(const NcclCommRow &c) {
  json j = {{"comm_id", c.commId}, {"address", c.address},   {"rank", c.rank},
            {"nranks", c.nranks},  {"device", c.device},     {"init_api", c.initApi},
            {"rings", c.rings},    {"trees", c.trees}};
  if (c.initSite)
    j["init_site"] = siteIdToString(*c.initSite);
  return j;
}
NcclCommRow ncclCommFromJson(const json &j, const std::string &w) {
  NcclCommRow c;
  c.commId = stringField(j, "comm_id", w);
  c.address = optionalString(j, "address");
  c.rank = static_cast<int>(integerField(j, "rank", w));
  c.nranks = static_cast<int>(integerField(j, "nranks", w));
  c.device = deviceField(j, "device", w);
  c.initApi = optionalString(j, "init_api");
  c.initSite = optionalSite(j, "init_site", w);
  if (auto it = j.find("rings"); it != j.end() && it->is_array())
    for (const json &ring : *it) {
      if (!ring.is_array())
        throw FormatError(w + ".rings: each ring is a list of ranks");
      std::vector<int> order;
      for (const json &r : ring) {
        if (!r.is_number_integer() || r.get<std::int64_t>() < 0 || r.get<std::int64_t>() > 65535)
          throw FormatError(w + ".rings: a rank is not an integer in 0..65535");
        order.push_back(r.get<int>());
      }
      c.rings.push_back(std::move(order));
    }
  if (auto it = j.find("trees"); it != j.end() && it->is_array())
    for (const json &t : *it)
      if (t.is_string())
        c.trees.push_back(t.get<std::string>());
  if (c.nranks < 0 || c.nranks > 65536 || c.rank < 0 || c.rank >= c.nranks)
    throw FormatError(w + ": rank " + std::to_string(c.rank) + " of " +
                      std::to_string(c.nranks) + " ranks is impossible");
  return c;
}

json ncclCallToJson(const NcclCallRow &c) {
  json j = {{"api", c.api},
            {"comm_id", c.commId},
            {"rank", c.rank},
            {"nranks", c.nranks},
            {"device", c.device},
            {"elements", c.elements},
            {"datatype", c.datatype},
            {"datatype_bytes", c.datatypeBytes},
            {"op", c.op},
            {"root", c.root},
            {"peer", c.peer},
            {"calls", c.calls},
            {"bytes", c.bytes}};
  putSiteOrBucket(j, c);
  if (c.launchSite)
    j["launch_site"] = siteIdToString(*c.launchSite);
  if (!c.algorithm.empty())
    j["algorithm"] = c.algorithm;
  if (!c.protocol.empty())
    j["protocol"] = c.protocol;
  if (c.channels > 0)
    j["channels"] = c.channels;
  return j;
}
NcclCallRow ncclCallFromJson(const json &j, const std::string &w) {
  NcclCallRow c;
  getSiteOrBucket(j, w, c);
  c.api = stringField(j, "api", w);
  c.commId = optionalString(j, "comm_id");
  c.rank = static_cast<int>(integerField(j, "rank", w));
  c.nranks = static_cast<int>(integerField(j, "nranks", w));
  c.device = deviceField(j, "device", w);
  c.elements = unsignedField(j, "elements", w);
  c.datatype = optionalString(j, "datatype");
  c.datatypeBytes = static_cast<unsigned>(unsignedField(j, "datatype_bytes", w));
  c.op = optionalString(j, "op");
  c.root = optionalInt(j, "root", -1);
  c.peer = optionalInt(j, "peer", -1);
  c.launchSite = optionalSite(j, "launch_site", w);
  c.calls = unsignedField(j, "calls", w);
  c.bytes = unsignedField(j, "bytes", w);
  c.algorithm = optionalString(j, "algorithm");
  c.protocol = optionalString(j, "protocol");
  c.channels = optionalInt(j, "channels", 0) > 0 ? optionalInt(j, "channels", 0) : 0;
  if (c.nranks < 0 || c.nranks > 65536)
    throw FormatError(w + ".nranks: " + std::to_string(c.nranks) + " is not a rank count");
  return c;
}

json counterToJson(const CounterRow &c) {
  json j = {{"kernel", c.kernel}, {"device", c.device}, {"metric", c.metric},
            {"value", c.value},   {"ranges", c.ranges}};
  putSiteOrBucket(j, c);
  return j;
}
CounterRow counterFromJson(const json &j, const std::string &w) {
  CounterRow c;
  getSiteOrBucket(j, w, c);
  c.kernel = optionalString(j, "kernel");
  c.device = deviceField(j, "device", w);
  c.metric = stringField(j, "metric", w);
  const json &value = member(j, "value", w);
  if (!value.is_number())
    throw FormatError(w + ".value: not a number");
  c.value = value.get<double>();
  c.ranges = unsignedField(j, "ranges", w);
  return c;
}

json launchToJson(const LaunchRow &l) {
  json sites = json::array();
  for (const std::optional<SiteId> &s : l.allocationSites)
    sites.push_back(s ? json(siteIdToString(*s)) : json(nullptr));
  json j = {{"site", siteIdToString(l.site)}, {"values", l.values},
            {"allocation_sites", std::move(sites)}, {"count", l.count}};
  if (l.other)
    j["other"] = true;
  return j;
}
LaunchRow launchFromJson(const json &j, const std::string &w) {
  LaunchRow l;
  l.site = siteFrom(j, w);
  for (const json &v : arrayField(j, "values", w)) {
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0))
      throw FormatError(w + ".values: each value is an unsigned 64-bit integer");
    l.values.push_back(v.get<std::uint64_t>());
  }
  const json &sites = arrayField(j, "allocation_sites", w);
  for (size_t i = 0; i < sites.size(); ++i)
    l.allocationSites.push_back(
        sites[i].is_null() ? std::nullopt
                           : std::optional<SiteId>(siteFrom(json{{"site", sites[i]}},
                                                            w + ".allocation_sites[" +
                                                                std::to_string(i) + "]")));
  if (l.allocationSites.size() > l.values.size())
    throw FormatError(w + ".allocation_sites: more entries than values");
  l.other = j.contains("other") && boolField(j, "other", w);
  l.count = unsignedField(j, "count", w);
  return l;
}

template <class Row, class F> void putList(json &doc, const char *key, const std::vector<Row> &rows,
                                           F &&convert) {
  if (rows.empty())
    return;
  json list = json::array();
  for (const Row &r : rows)
    list.push_back(convert(r));
  doc[key] = std::move(list);
}
} // namespace

void putSections(json &doc, const Trace &t) {
  putList(doc, "kernels", t.kernels, kernelToJson);
  putList(doc, "allocations", t.allocations, allocationToJson);
  putList(doc, "unified_memory", t.unifiedMemory, unifiedMemoryToJson);
  putList(doc, "nccl_comms", t.ncclComms, ncclCommToJson);
  putList(doc, "nccl_calls", t.ncclCalls, ncclCallToJson);
  putList(doc, "counters", t.counters, counterToJson);
  putList(doc, "launches", t.launches, launchToJson);
}

void addSectionReaders(JsonListStream &rows, Trace &t) {
  rows.add("kernels", [&t](const json &j, const std::string &w) {
    t.kernels.push_back(kernelFromJson(j, w));
  });
  rows.add("allocations", [&t](const json &j, const std::string &w) {
    t.allocations.push_back(allocationFromJson(j, w));
  });
  rows.add("unified_memory", [&t](const json &j, const std::string &w) {
    t.unifiedMemory.push_back(unifiedMemoryFromJson(j, w));
  });
  rows.add("nccl_comms", [&t](const json &j, const std::string &w) {
    t.ncclComms.push_back(ncclCommFromJson(j, w));
  });
  rows.add("nccl_calls", [&t](const json &j, const std::string &w) {
    t.ncclCalls.push_back(ncclCallFromJson(j, w));
  });
  rows.add("counters", [&t](const json &j, const std::string &w) {
    t.counters.push_back(counterFromJson(j, w));
  });
  rows.add("launches", [&t](const json &j, const std::string &w) {
    t.launches.push_back(launchFromJson(j, w));
  });
}

void checkSections(const JsonListStream &rows, const json &doc) {
  for (const char *key :
       {"kernels", "allocations", "unified_memory", "nccl_comms", "nccl_calls", "counters",
        "launches"})
    if (doc.contains(key))
      rows.check(doc, key);
}

} // namespace commledger::format::detail

namespace commledger::format {

bool isRingOrder(const std::vector<int> &ring, int nranks) {
  if (nranks < 0 || static_cast<int>(ring.size()) != nranks)
    return false;
  std::vector<bool> seen(nranks, false);
  for (int r : ring) {
    if (r < 0 || r >= nranks || seen[r])
      return false;
    seen[r] = true;
  }
  return true;
}

} // namespace commledger::format
