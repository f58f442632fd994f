// Verdict colours and the progress line; see TerminalStyle.h for when each is on.
#include "commledger/reconcile/TerminalStyle.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace commledger::reconcile {

bool colorWanted(const char *commledgerColor, const char *noColor, bool isTerminal) {
  if (commledgerColor && std::strcmp(commledgerColor, "always") == 0)
    return true;
  if (commledgerColor && std::strcmp(commledgerColor, "never") == 0)
    return false;
  if (noColor && *noColor)
    return false;
  return isTerminal;
}

bool colorWantedFor(int fd) {
  return colorWanted(std::getenv("COMMLEDGER_COLOR"), std::getenv("NO_COLOR"), isatty(fd) == 1);
}

const char *verdictColor(Verdict verdict) {
  switch (verdict) {
  case Verdict::PairDiffers:
  case Verdict::SizeDiffers:
    return "\033[31m";
  case Verdict::StagedViaHost:
    return "\033[33m";
  case Verdict::NeverExecuted:
  case Verdict::NotInstrumented:
    return "\033[2m";
  case Verdict::Match:
    return "\033[32m";
  default:
    return "";
  }
}

std::string paint(Verdict verdict, const std::string &text) {
  const char *color = verdictColor(verdict);
  return *color ? color + text + "\033[0m" : text;
}

ProgressLine::ProgressLine(std::string what)
    : what_(std::move(what)), active_(isatty(STDERR_FILENO) == 1) {}

ProgressLine::~ProgressLine() { erase(); }

void ProgressLine::erase() {
  if (shown_)
    std::fputs("\r\033[K", stderr); // so the next line on the terminal starts clean
  shown_ = false;
}

void ProgressLine::update(std::size_t done, std::size_t total) {
  if (!active_)
    return;
  std::fprintf(stderr, "\r%s %zu/%zu", what_.c_str(), done, total);
  std::fflush(stderr);
  shown_ = true;
  if (done >= total)
    erase();
}

} // namespace commledger::reconcile
