// The HTML report's run metadata: per trace the process (host, pid, command
// line, CUDA versions, wall time), its GPUs (names, PCI bus ids) and the
// peer-access topology CUDA reported.
#include "commledger/reconcile/HtmlEscape.h"
#include "commledger/reconcile/HtmlReportParts.h"

#include <cstdio>
#include <ctime>
#include <sstream>

namespace commledger::reconcile {

namespace {
// CUDA encodes versions as 1000 × major + 10 × minor: 13000 is 13.0.
std::string cudaVersion(int v) {
  if (v <= 0)
    return "unknown";
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10) +
         " (" + std::to_string(v) + ")";
}

std::string shellWord(const std::string &word) {
  if (!word.empty() &&
      word.find_first_of(" \t\n'\"\\$`*?;&|<>()") == std::string::npos)
    return word;
  std::string out = "'";
  for (char c : word)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string wallTime(std::int64_t ns) {
  if (ns <= 0)
    return "unknown";
  std::time_t seconds = static_cast<std::time_t>(ns / 1000000000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &utc);
  return buf;
}

void field(std::ostringstream &os, const char *name, const std::string &value) {
  os << "<tr><th scope=\"row\">" << name << "</th><td>" << htmlEscape(value)
     << "</td></tr>\n";
}

void writeDevices(std::ostringstream &os, const RunInfo &run) {
  os << "<table "
        "class=\"devices\"><caption>GPUs</caption>\n<tr><th>GPU</th><th>name</"
        "th>"
        "<th>PCI bus id</th><th>UUID</th></tr>\n";
  for (const format::DeviceInfo &d : run.devices)
    os << "<tr><th scope=\"row\">G" << d.index << "</th><td>"
       << htmlEscape(d.name) << "</td><td>" << htmlEscape(d.pciBusId)
       << "</td><td><code>" << htmlEscape(d.uuid) << "</code></td></tr>\n";
  if (run.devices.empty())
    os << "<tr><td colspan=\"4\">no GPU inventory in this trace</td></tr>\n";
  os << "</table>\n";
}

// Rows are the GPU that accesses, columns the GPU whose memory it accesses.
void writePeers(std::ostringstream &os, const RunInfo &run) {
  if (run.peers.empty()) {
    os << "<p class=\"hint\">No peer-access information in this trace.</p>\n";
    return;
  }
  os << "<table class=\"peers\"><caption>Peer access (row can access "
        "column&rsquo;s memory)"
        "</caption>\n<tr><th class=\"corner\">src \\ dst</th>";
  for (const format::DeviceInfo &d : run.devices)
    os << "<th scope=\"col\">G" << d.index << "</th>";
  os << "</tr>\n";
  for (const format::DeviceInfo &src : run.devices) {
    os << "<tr><th scope=\"row\">G" << src.index << "</th>";
    for (const format::DeviceInfo &dst : run.devices) {
      const format::PeerInfo *peer = nullptr;
      for (const format::PeerInfo &p : run.peers)
        if (p.src == src.index && p.dst == dst.index)
          peer = &p;
      if (src.index == dst.index)
        os << "<td class=\"self\">&ndash;</td>";
      else if (!peer)
        os << "<td>?</td>";
      else if (!peer->accessSupported)
        os << "<td class=\"no\" title=\"no peer access: copies stage through "
              "the host\">no</td>";
      else
        os << "<td class=\"yes\" title=\"performance rank "
           << peer->performanceRank
           << (peer->nativeAtomicSupported ? ", native atomics" : "")
           << "\">yes, rank " << peer->performanceRank
           << (peer->nativeAtomicSupported ? ", atomics" : "") << "</td>";
    }
    os << "</tr>\n";
  }
  os << "</table>\n";
}

void writeRun(std::ostringstream &os, const RunInfo &run, bool open) {
  const format::ProcessInfo &p = run.process;
  os << "<details class=\"run\"" << (open ? " open" : "") << "><summary><code>"
     << htmlEscape(run.trace) << "</code> &mdash; " << htmlEscape(p.host)
     << ", pid " << p.pid
     << "</summary>\n<div class=\"run-body\"><table class=\"meta\">\n";
  std::string command;
  for (const std::string &word : p.commandLine)
    command += (command.empty() ? "" : " ") + shellWord(word);
  field(os, "command", command.empty() ? "unknown" : command);
  field(os, "host", p.host);
  field(os, "pid", std::to_string(p.pid));
  field(os, "CUDA driver", cudaVersion(p.cudaDriverVersion));
  field(os, "CUDA runtime", cudaVersion(p.cudaRuntimeVersion));
  field(os, "CUPTI", run.cuptiActive ? "active" : "not active");
  field(os, "started", wallTime(p.startNs));
  if (p.endNs > p.startNs && p.startNs > 0) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.3f s",
                  static_cast<double>(p.endNs - p.startNs) / 1e9);
    field(os, "duration", seconds);
  }
  field(os, "ended by", p.endReason.empty() ? "unknown" : p.endReason);
  os << "</table>\n";
  writeDevices(os, run);
  writePeers(os, run);
  os << "</div></details>\n";
}
} // namespace

std::string renderHtmlRuns(const Report &report) {
  std::ostringstream os;
  os << "<section id=\"runs\">\n<h2>Runs <small>" << report.runs.size()
     << (report.runs.size() == 1 ? " trace" : " traces") << "</small></h2>\n";
  for (std::size_t i = 0; i < report.runs.size(); ++i)
    writeRun(os, report.runs[i], i == 0);
  os << "</section>\n";
  return os.str();
}

} // namespace commledger::reconcile
