// Argument parsing for `commledger report`, `show`, `run` and `timeline`.
#include "commledger/reconcile/CommandLine.h"

#include "commledger/reconcile/ReportWriters.h"

#include <algorithm>

#include <initializer_list>

namespace commledger::reconcile {

namespace {
// Accepts "--flag VALUE" and "--flag=VALUE"; advances `i` past what it consumed.
bool takeValue(const std::vector<std::string> &args, std::size_t &i, const std::string &flag,
               std::string &value, bool &matched, std::string &error) {
  const std::string &arg = args[i];
  matched = false;
  if (arg == flag) {
    matched = true;
    if (i + 1 >= args.size()) {
      error = "option " + flag + " needs a value";
      return false;
    }
    value = args[++i];
    return true;
  }
  if (flag.size() > 2 && arg.compare(0, flag.size() + 1, flag + "=") == 0) {
    matched = true;
    value = arg.substr(flag.size() + 1);
  }
  return true;
}

// The loop `report` and `show` share: inputs (everything after "--" too), -h/--help, and
// options that take one value, handed to `onOption` by name.
template <class OnOption>
bool walkArguments(const std::vector<std::string> &args,
                   std::initializer_list<const char *> valueOptions,
                   std::vector<std::string> &inputs, bool &help, OnOption onOption,
                   std::string &error) {
  bool onlyInputs = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (onlyInputs || arg.empty() || arg[0] != '-' || arg == "-") {
      inputs.push_back(arg);
      continue;
    }
    if (arg == "--") {
      onlyInputs = true;
      continue;
    }
    if (arg == "-h" || arg == "--help") {
      help = true;
      continue;
    }
    bool matched = false;
    for (const char *option : valueOptions) {
      std::string value;
      if (!takeValue(args, i, option, value, matched, error))
        return false;
      if (matched) {
        if (!onOption(std::string(option), value, error))
          return false;
        break;
      }
    }
    if (!matched) {
      error = "unknown option '" + arg + "'";
      return false;
    }
  }
  return true;
}
} // namespace

bool parseReportArguments(const std::vector<std::string> &args, ReportOptions &out,
                          std::string &error) {
  auto onOption = [&out](const std::string &option, const std::string &value,
                         std::string &problem) {
    if (option == "--sites") {
      out.siteFiles.push_back(value);
    } else if (option == "--format") {
      std::vector<std::string> known = reportFormats();
      if (std::find(known.begin(), known.end(), value) == known.end()) {
        std::string list;
        for (const std::string &name : known)
          list += (list.empty() ? "" : ", ") + name;
        problem = "unknown format '" + value + "' (expected one of " + list + ")";
        return false;
      }
      out.format = value;
    } else if (option == "--source-root") {
      out.sourceRoot = value;
    } else if (option == "--machine-profile") {
      out.machineProfile = value;
    } else {
      out.output = value;
    }
    return true;
  };
  if (!walkArguments(args, {"--sites", "--format", "--source-root", "--machine-profile", "-o"}, out.inputs, out.help,
                     onOption, error))
    return false;
  if (!out.help && out.inputs.empty()) {
    error = "no trace given (a trace-*.json file or a directory of them)";
    return false;
  }
  return true;
}

bool parseShowArguments(const std::vector<std::string> &args, ShowOptions &out,
                        std::string &error) {
  std::vector<std::string> inputs;
  auto onOption = [&out](const std::string &, const std::string &value, std::string &) {
    out.siteFiles.push_back(value);
    return true;
  };
  if (!walkArguments(args, {"--sites"}, inputs, out.help, onOption, error))
    return false;
  if (out.help)
    return true;
  if (inputs.size() != 1) {
    error = inputs.empty() ? "no file given (a site database or a trace)"
                           : "one file at a time (got " + std::to_string(inputs.size()) + ")";
    return false;
  }
  out.input = inputs.front();
  return true;
}

bool parseTimelineArguments(const std::vector<std::string> &args, TimelineOptions &out,
                            std::string &error) {
  auto onOption = [&out](const std::string &option, const std::string &value, std::string &) {
    if (option == "--sites")
      out.siteFiles.push_back(value);
    else
      out.output = value;
    return true;
  };
  if (!walkArguments(args, {"--sites", "-o"}, out.inputs, out.help, onOption, error))
    return false;
  if (!out.help && out.inputs.empty()) {
    error = "no trace given (a trace-*.json file or a directory of them)";
    return false;
  }
  return true;
}

// --events N: a positive count, at most the runtime's own bound (EventLog::kMaxEvents).
static bool parseEventCount(const std::string &value, std::uint64_t &events, std::string &error) {
  constexpr std::uint64_t kMaxEvents = std::uint64_t{1} << 30;
  const bool digits = !value.empty() && value.size() <= 10 &&
                      value.find_first_not_of("0123456789") == std::string::npos;
  events = digits ? std::stoull(value) : 0;
  if (events == 0 || events > kMaxEvents) {
    error = "option --events needs a number of events from 1 to " + std::to_string(kMaxEvents) +
            " (got '" + value + "')";
    return false;
  }
  return true;
}

// --checkpoint-ms N: 0 (off) up to one day, the runtime's own bound (PeriodicTask).
static bool parseCheckpointMs(const std::string &value, std::int64_t &ms, std::string &error) {
  constexpr std::int64_t kMaxMs = 24LL * 3600 * 1000;
  const bool digits = !value.empty() && value.size() <= 9 &&
                      value.find_first_not_of("0123456789") == std::string::npos;
  ms = digits ? std::stoll(value) : -1;
  if (ms < 0 || ms > kMaxMs) {
    error = "option --checkpoint-ms needs milliseconds from 0 (off) to " +
            std::to_string(kMaxMs) + " (got '" + value + "')";
    return false;
  }
  return true;
}

bool parseRunArguments(const std::vector<std::string> &args, RunArguments &out,
                       std::string &error) {
  std::size_t i = 0;
  for (; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (arg == "--") {
      ++i;
      break;
    }
    if (arg == "-h" || arg == "--help") {
      out.help = true;
      continue;
    }
    if (arg == "--counters") {
      out.counters = true;
      continue;
    }
    std::string value;
    bool matched = false;
    if (!takeValue(args, i, "-o", value, matched, error))
      return false;
    if (matched) {
      out.outputDir = value;
      continue;
    }
    if (!takeValue(args, i, "--events", value, matched, error))
      return false;
    if (matched) {
      if (!parseEventCount(value, out.events, error))
        return false;
      continue;
    }
    if (!takeValue(args, i, "--checkpoint-ms", value, matched, error))
      return false;
    if (matched) {
      if (!parseCheckpointMs(value, out.checkpointMs, error))
        return false;
      continue;
    }
    // Without "--", the first word that is not an option starts the program's command line.
    if (arg.empty() || arg[0] != '-')
      break;
    error = "unknown option '" + arg + "'";
    return false;
  }
  out.command.assign(args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
  if (!out.help && out.command.empty()) {
    error = "no program given (commledger run [-o DIR] [--events N] -- PROG ARGS...)";
    return false;
  }
  return true;
}

} // namespace commledger::reconcile
