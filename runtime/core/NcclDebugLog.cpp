// Parser of NCCL_DEBUG=INFO text into per-communicator rings and trees. Line shapes: NCCL 2.28
// src/debug.cc (prefix), src/init.cc (Init COMPLETE, Trees), src/graph/rings.cc (Channel).
#include "core/NcclDebugLog.h"
#include "commledger/format/TraceSections.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <tuple>

namespace commledger::rt {

namespace {
constexpr int kMaxChannels = 1024;   // NCCL has MAXCHANNELS 64; garbage must not allocate more
constexpr int kMaxRanks = 1 << 20;

struct Cursor {
  std::string_view s;
  void skipSpaces() {
    while (!s.empty() && s.front() == ' ')
      s.remove_prefix(1);
  }
  bool eat(std::string_view word) {
    if (s.substr(0, word.size()) != word)
      return false;
    s.remove_prefix(word.size());
    return true;
  }
  bool integer(int &out) {
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    if (ec != std::errc())
      return false;
    s.remove_prefix(static_cast<std::size_t>(end - s.data()));
    return true;
  }
};

bool toInt(std::string_view text, int &out) {
  Cursor c{text};
  return c.integer(out) && c.s.empty();
}

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ')
      ++i;
    std::size_t start = i;
    while (i < s.size() && s[i] != ' ')
      ++i;
    if (i > start)
      out.push_back(s.substr(start, i - start));
  }
  return out;
}

// "[timestamp] host:pid:tid [cudaDev] NCCL INFO message" (src/debug.cc, ncclDebugLogV).
struct Prefix {
  std::string host;
  int pid = 0, tid = 0;
};
bool splitPrefix(std::string_view line, Prefix &prefix, std::string_view &message) {
  constexpr std::string_view kInfo = " NCCL INFO ";
  std::size_t at = line.find(kInfo);
  if (at == std::string_view::npos)
    return false;
  message = line.substr(at + kInfo.size());
  std::vector<std::string_view> head = words(line.substr(0, at));
  if (head.size() < 2 || head.back().front() != '[')
    return false;
  std::string_view who = head[head.size() - 2]; // host:pid:tid
  std::size_t c2 = who.rfind(':');
  if (c2 == std::string_view::npos || c2 == 0)
    return false;
  std::size_t c1 = who.rfind(':', c2 - 1);
  if (c1 == std::string_view::npos)
    return false;
  prefix.host = std::string(who.substr(0, c1));
  return toInt(who.substr(c1 + 1, c2 - c1 - 1), prefix.pid) &&
         toInt(who.substr(c2 + 1), prefix.tid);
}

// "%s comm %p rank %d nranks %d cudaDev %d nvmlDev %d busId %lx commId 0x%llx - Init COMPLETE"
// or, for split/shrink/grow children, "... busId %lx parent %p childCount %d color %d key %d
// - Init COMPLETE" (src/init.cc, ncclCommInitRankFunc).
bool parseInitComplete(std::string_view message, NcclRankRecord &r) {
  constexpr std::string_view kTail = " - Init COMPLETE";
  if (message.size() < kTail.size() || message.substr(message.size() - kTail.size()) != kTail)
    return false;
  std::vector<std::string_view> w = words(message.substr(0, message.size() - kTail.size()));
  bool ok = true, haveRank = false, haveNranks = false;
  for (std::size_t i = 0; i + 1 < w.size(); ++i) {
    std::string_view k = w[i], v = w[i + 1];
    if (k == "comm" && r.comm.empty()) {
      r.comm = std::string(v);
      if (i > 0)
        r.initFunction = std::string(w[i - 1]);
    } else if (k == "rank")
      haveRank = toInt(v, r.rank);
    else if (k == "nranks")
      haveNranks = toInt(v, r.nranks);
    else if (k == "cudaDev")
      ok &= toInt(v, r.cudaDev);
    else if (k == "nvmlDev")
      ok &= toInt(v, r.nvmlDev);
    else if (k == "busId")
      r.busId = std::string(v);
    else if (k == "commId")
      r.commId = std::string(v);
    else if (k == "parent")
      r.parent = std::string(v);
    else if (k == "childCount")
      ok &= toInt(v, r.childCount);
    else if (k == "color")
      ok &= toInt(v, r.color);
    else if (k == "key")
      ok &= toInt(v, r.key);
  }
  return ok && haveRank && haveNranks && !r.comm.empty() && r.nranks > 0 &&
         r.nranks <= kMaxRanks && r.rank >= 0 && r.rank < r.nranks &&
         (!r.commId.empty() || !r.parent.empty());
}

// "Channel 00/02 :    0   1" (src/graph/rings.cc, ncclBuildRings; only rank 0 prints it). The
// transport lines "Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM" fail the all-integers test.
bool parseChannelRing(std::string_view message, int &channel, std::vector<int> &ring) {
  Cursor c{message};
  int total = 0;
  if (!c.eat("Channel ") || !c.integer(channel) || !c.eat("/") || !c.integer(total))
    return false;
  c.skipSpaces();
  if (!c.eat(":") || channel < 0 || channel >= kMaxChannels)
    return false;
  ring.clear();
  for (c.skipSpaces(); !c.s.empty(); c.skipSpaces()) {
    int rank = 0;
    if (!c.integer(rank))
      return false;
    ring.push_back(rank);
  }
  return !ring.empty();
}

// "Trees [0] 1/-1/-1->0->-1 [1] -1/-1/-1->0->1" (src/init.cc, initTransportsRank; every rank).
bool parseTrees(std::string_view message, int rank, std::vector<NcclTreeLink> &trees) {
  Cursor c{message};
  if (!c.eat("Trees"))
    return false;
  for (c.skipSpaces(); !c.s.empty(); c.skipSpaces()) {
    NcclTreeLink link;
    int down[3], self = 0;
    if (!c.eat("[") || !c.integer(link.channel) || !c.eat("] ") || !c.integer(down[0]) ||
        !c.eat("/") || !c.integer(down[1]) || !c.eat("/") || !c.integer(down[2]) ||
        !c.eat("->") || !c.integer(self) || !c.eat("->") || !c.integer(link.parent))
      break; // a line cut at NCCL's 1023 characters keeps its complete entries
    if (self != rank || link.channel < 0 || link.channel >= kMaxChannels)
      return false;
    for (int d : down)
      if (d >= 0)
        link.children.push_back(d);
    trees.push_back(std::move(link));
  }
  return !trees.empty();
}

// "Ring 00 : 3 -> 0 -> 1" (src/init.cc, NCCL_GRAPH subsystem; every rank).
bool parseRingNeighbours(std::string_view message, int &channel, int &self, int &next) {
  Cursor c{message};
  int prev = 0;
  return c.eat("Ring ") && c.integer(channel) && c.eat(" : ") && c.integer(prev) &&
         c.eat(" -> ") && c.integer(self) && c.eat(" -> ") && c.integer(next) && c.s.empty() &&
         channel >= 0 && channel < kMaxChannels;
}

bool isPermutation(const std::vector<int> &ring, int n) { return format::isRingOrder(ring, n); }

void buildTopology(NcclCommunicatorTopology &comm) {
  std::sort(comm.ranks.begin(), comm.ranks.end(),
            [](const NcclRankRecord &a, const NcclRankRecord &b) { return a.rank < b.rank; });
  const int n = comm.nranks;
  for (const NcclRankRecord &r : comm.ranks) {
    if (r.rank != 0)
      continue;
    for (const std::vector<int> &ring : r.rings) {
      if (!isPermutation(ring, n))
        break; // a gap or a truncated line: later channels would be misnumbered
      comm.rings.push_back(ring);
    }
  }
  bool everyRank = static_cast<int>(comm.ranks.size()) == n;
  for (int i = 0; i < n && everyRank; ++i)
    everyRank = comm.ranks[i].rank == i;
  if (!everyRank)
    return;
  // Without rank 0's Channel lines, rebuild rings from the per-rank GRAPH successors.
  if (comm.rings.empty()) {
    for (std::size_t ch = 0; ch < comm.ranks[0].ringNext.size(); ++ch) {
      std::vector<int> ring{0};
      for (int at = 0; static_cast<int>(ring.size()) < n;) {
        const std::vector<int> &next = comm.ranks[at].ringNext;
        at = ch < next.size() ? next[ch] : -1;
        if (at <= 0 || at >= n)
          break;
        ring.push_back(at);
      }
      if (!isPermutation(ring, n))
        break;
      comm.rings.push_back(ring);
    }
  }
  std::size_t channels = comm.ranks[0].trees.size();
  for (const NcclRankRecord &r : comm.ranks)
    channels = std::min(channels, r.trees.size());
  for (std::size_t ch = 0; ch < channels; ++ch) {
    std::vector<int> parent(n, -1);
    for (int i = 0; i < n; ++i)
      parent[i] = comm.ranks[i].trees[ch].parent;
    comm.treeParent.push_back(std::move(parent));
  }
}
} // namespace

NcclDebugLog parseNcclDebugLog(std::string_view text) {
  NcclDebugLog log;
  // Lines a thread wrote since its last Init START/COMPLETE belong to the init it runs next.
  struct Pending {
    std::vector<std::vector<int>> rings;
    std::vector<int> ringNext;
    std::string treesLine; // parsed at Init COMPLETE, when the rank is known
  };
  using Thread = std::tuple<std::string, int, int>;
  std::map<Thread, Pending> pending;
  std::map<std::tuple<std::string, int, std::string>, std::string> keyOfPointer;
  std::map<std::string, std::size_t> indexOfKey;

  while (!text.empty()) {
    std::size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    Prefix prefix;
    std::string_view message;
    if (!splitPrefix(line, prefix, message)) {
      log.linesIgnored += !line.empty();
      continue;
    }
    Pending &open = pending[Thread{prefix.host, prefix.pid, prefix.tid}];
    int channel = 0, self = 0, next = 0;
    std::vector<int> ring;
    if (message.find(" - Init START") != std::string_view::npos) {
      open = Pending{};
    } else if (parseChannelRing(message, channel, ring)) {
      if (open.rings.size() <= static_cast<std::size_t>(channel))
        open.rings.resize(channel + 1);
      open.rings[channel] = std::move(ring);
    } else if (message.substr(0, 6) == "Trees ") {
      open.treesLine = std::string(message);
    } else if (parseRingNeighbours(message, channel, self, next)) {
      if (open.ringNext.size() <= static_cast<std::size_t>(channel))
        open.ringNext.resize(channel + 1, -1);
      open.ringNext[channel] = next;
    } else {
      NcclRankRecord done;
      if (!parseInitComplete(message, done)) {
        ++log.linesIgnored;
        continue;
      }
      done.host = prefix.host;
      done.pid = prefix.pid;
      done.tid = prefix.tid;
      done.rings = std::move(open.rings);
      done.ringNext = std::move(open.ringNext);
      if (!parseTrees(open.treesLine, done.rank, done.trees))
        done.trees.clear(); // absent, or another rank's: no tree rather than a wrong one
      open = Pending{};
      std::string key = done.commId;
      if (key.empty()) {
        auto parent = keyOfPointer.find({done.host, done.pid, done.parent});
        std::string parentKey = parent != keyOfPointer.end()
                                    ? parent->second
                                    : done.host + ":" + std::to_string(done.pid) + ":" + done.parent;
        key = parentKey + "/split" + std::to_string(done.childCount) + "/color" +
              std::to_string(done.color);
      }
      keyOfPointer[{done.host, done.pid, done.comm}] = key;
      auto [it, inserted] = indexOfKey.emplace(key, log.communicators.size());
      if (inserted) {
        log.communicators.emplace_back();
        log.communicators.back().key = key;
        log.communicators.back().nranks = done.nranks;
      }
      NcclCommunicatorTopology &comm = log.communicators[it->second];
      if (done.nranks != comm.nranks) {
        ++log.linesIgnored;
        continue;
      }
      comm.ranks.push_back(std::move(done));
    }
    ++log.linesUsed;
  }
  for (NcclCommunicatorTopology &comm : log.communicators)
    buildTopology(comm);
  return log;
}

} // namespace commledger::rt
