// Argument parsing for `commledger check`: "--opt VALUE" or "--opt=VALUE", inputs anywhere.
#include "commledger/reconcile/CheckArguments.h"

namespace commledger::reconcile {

namespace {
struct ValueOption {
  const char *name;
  std::string CheckOptions::*single; // nullptr: repeatable, appended to siteFiles
};
const ValueOption kOptions[] = {{"--budget", &CheckOptions::budget},
                                {"--write-budget", &CheckOptions::writeBudget},
                                {"--sites", nullptr}};

// Returns true when args[i] is one of kOptions; advances `i` past its value.
bool takeOption(const std::vector<std::string> &args, std::size_t &i, CheckOptions &out,
                bool &ok, std::string &error) {
  const std::string &arg = args[i];
  for (const ValueOption &o : kOptions) {
    const std::string name = o.name;
    std::string value;
    if (arg == name) {
      if (i + 1 >= args.size()) {
        error = "option " + name + " needs a value";
        ok = false;
        return true;
      }
      value = args[++i];
    } else if (arg.compare(0, name.size() + 1, name + "=") == 0) {
      value = arg.substr(name.size() + 1);
    } else {
      continue;
    }
    if (o.single)
      out.*o.single = value;
    else
      out.siteFiles.push_back(value);
    return true;
  }
  return false;
}
} // namespace

bool parseCheckArguments(const std::vector<std::string> &args, CheckOptions &out,
                         std::string &error) {
  bool onlyInputs = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (onlyInputs || arg.empty() || arg[0] != '-' || arg == "-") {
      out.inputs.push_back(arg);
    } else if (arg == "--") {
      onlyInputs = true;
    } else if (arg == "-h" || arg == "--help") {
      out.help = true;
    } else {
      bool ok = true;
      if (!takeOption(args, i, out, ok, error)) {
        error = "unknown option '" + arg + "'";
        return false;
      }
      if (!ok)
        return false;
    }
  }
  if (out.help)
    return true;
  if (out.budget.empty() == out.writeBudget.empty()) {
    error = out.budget.empty() ? "no budget given (--budget FILE, or --write-budget FILE)"
                               : "--budget and --write-budget exclude each other";
    return false;
  }
  if (out.inputs.empty()) {
    error = "no trace given (a trace-*.json file or a directory of them)";
    return false;
  }
  return true;
}

} // namespace commledger::reconcile
