// What the terminal gets beyond plain text: colours for verdicts when a person reads them, and a
// progress line on standard error while many traces load. Pipes, files and tests get neither.
#pragma once
#include "commledger/reconcile/Verdict.h"

#include <cstddef>
#include <string>

namespace commledger::reconcile {

// COMMLEDGER_COLOR=always|never|auto (default auto); auto means a terminal, unless NO_COLOR is
// set to anything but "" (no-color.org). An explicit always/never wins over NO_COLOR.
bool colorWanted(const char *commledgerColor, const char *noColor, bool isTerminal);
// The same from this process' environment and whether `fd` is a terminal.
bool colorWantedFor(int fd);

// ANSI escape that starts a verdict's colour: red for pair/size differs, yellow for staged via
// host, dim for never executed and not instrumented, green for match; "" for the others.
const char *verdictColor(Verdict verdict);
// `text` wrapped in the verdict's colour and a reset; unchanged when the verdict has none.
std::string paint(Verdict verdict, const std::string &text);

// "reading traces 3/120" on standard error, rewritten in place and erased at done == total (or
// by erase(), before an error line); silent when standard error is not a terminal.
class ProgressLine {
public:
  explicit ProgressLine(std::string what);
  ~ProgressLine();
  ProgressLine(const ProgressLine &) = delete;
  ProgressLine &operator=(const ProgressLine &) = delete;
  void update(std::size_t done, std::size_t total);
  void erase();

private:
  std::string what_;
  bool active_ = false, shown_ = false;
};

} // namespace commledger::reconcile
