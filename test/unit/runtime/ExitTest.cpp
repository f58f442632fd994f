// Every way a process can end leaves a valid trace with what it did: exit(), return from main,
// _exit, a fatal signal, and SIGKILL (the last periodic checkpoint). The real runtime is preloaded
// by the launcher into ExitProgram.c, whose "CUDA" is the CPU fake of FakeCuda.h.
#include "commledger/launcher/RunCommand.h"

#include "commledger/format/Trace.h"

#include <gtest/gtest.h>

#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <string>
#include <vector>

namespace commledger::launcher {
namespace {

std::vector<std::string> traces(const std::string &dir) {
  std::vector<std::string> files;
  if (DIR *d = opendir(dir.c_str())) {
    while (dirent *e = readdir(d)) {
      const std::string name = e->d_name;
      if (name.rfind("trace-", 0) == 0 && name.find(".tmp.") == std::string::npos)
        files.push_back(dir + "/" + name);
    }
    closedir(d);
  }
  return files;
}

struct Ended {
  int code = -1;
  format::Trace trace;
};

// Runs ExitProgram in `mode` and reads the one trace it must leave.
Ended run(const std::string &mode, std::int64_t checkpointMs = -1) {
  char base[] = "/tmp/commledger-exit-XXXXXX";
  RunOptions o;
  o.outDir = mkdtemp(base) ? base : "/tmp";
  o.argv = {COMMLEDGER_TEST_EXIT_PROGRAM, mode};
  o.runtimeLibrary = COMMLEDGER_TEST_RT_LIB;
  o.checkpointMs = checkpointMs;
  // In the ASan configuration ASan's own SEGV handler would turn the signal into exit code 1.
  const char *asan = getenv("ASAN_OPTIONS");
  const std::string saved = asan ? asan : "";
  setenv("ASAN_OPTIONS", (saved + (saved.empty() ? "" : ":") + "handle_segv=0").c_str(), 1);
  Ended ended;
  ended.code = runCommand(o);
  if (asan)
    setenv("ASAN_OPTIONS", saved.c_str(), 1);
  else
    unsetenv("ASAN_OPTIONS");
  const auto files = traces(o.outDir);
  EXPECT_EQ(files.size(), 1u) << mode;
  std::string error;
  if (files.size() == 1) {
    EXPECT_TRUE(format::readTrace(files[0], ended.trace, error)) << error;
  }
  return ended;
}

const format::RequestRow *request(const format::Trace &t, format::SiteId site) {
  for (const format::RequestRow &row : t.requests)
    if (row.site == site)
      return &row;
  return nullptr;
}

const format::ObservedRow *observed(const format::Trace &t, format::SiteId site) {
  for (const format::ObservedRow &row : t.observed)
    if (row.site && *row.site == site)
      return &row;
  return nullptr;
}

// Site 0xC0FFEE01: 4 × 1024 B = 4096 B; site 0xC0FFEE02: 3 × 3000 B = 9000 B (ExitProgram.c), each
// requested once per call and observed once per call.
void expectEveryCopy(const format::Trace &t) {
  EXPECT_TRUE(t.cuptiActive) << t.cuptiError;
  const struct {
    format::SiteId site;
    std::uint64_t bytes, count;
  } expected[] = {{0xC0FFEE01, 4 * 1024, 4}, {0xC0FFEE02, 3 * 3000, 3}};
  for (const auto &e : expected) {
    const format::RequestRow *r = request(t, e.site);
    ASSERT_NE(r, nullptr) << std::hex << e.site;
    EXPECT_EQ(r->api, "cudaMemcpy");
    EXPECT_EQ(r->bytes, e.bytes);
    EXPECT_EQ(r->count, e.count);
    const format::ObservedRow *o = observed(t, e.site);
    ASSERT_NE(o, nullptr) << std::hex << e.site;
    EXPECT_EQ(o->bytes, e.bytes);
    EXPECT_EQ(o->count, e.count);
  }
  EXPECT_EQ(t.requests.size(), 2u);
  EXPECT_EQ(t.observed.size(), 2u); // nothing unattributed
}

TEST(Exit, ExitCall) {
  Ended e = run("exit");
  EXPECT_EQ(e.code, 3);
  EXPECT_EQ(e.trace.process.endReason, "exit");
  expectEveryCopy(e.trace);
}

TEST(Exit, ReturnFromMain) {
  Ended e = run("return");
  EXPECT_EQ(e.code, 4);
  EXPECT_EQ(e.trace.process.endReason, "exit");
  expectEveryCopy(e.trace);
}

TEST(Exit, UnderscoreExitIsIntercepted) {
  Ended e = run("_exit");
  EXPECT_EQ(e.code, 5);
  EXPECT_EQ(e.trace.process.endReason, "_exit");
  expectEveryCopy(e.trace);
}

TEST(Exit, SegfaultKeepsTheSignal) {
  Ended e = run("segv");
  EXPECT_EQ(e.code, 128 + SIGSEGV);
  EXPECT_EQ(e.trace.process.endReason, "signal SIGSEGV");
  expectEveryCopy(e.trace);
}

TEST(Exit, AbortKeepsTheSignal) {
  Ended e = run("abort");
  EXPECT_EQ(e.code, 128 + SIGABRT);
  EXPECT_EQ(e.trace.process.endReason, "signal SIGABRT");
  expectEveryCopy(e.trace);
}

TEST(Exit, SigkillLeavesTheLastCheckpoint) {
  // The program kills itself once a checkpoint holds all its copies; 50 ms keeps the wait short.
  Ended e = run("kill", 50);
  EXPECT_EQ(e.code, 128 + SIGKILL);
  EXPECT_EQ(e.trace.process.endReason, "checkpoint");
  expectEveryCopy(e.trace);
}

TEST(Exit, ForkedChildWritesNothingOfItsParent) {
  // The child's own copy (site 0xC0FFEE03) and its _exit must not produce a second trace.
  Ended e = run("fork");
  EXPECT_EQ(e.code, 6);
  EXPECT_EQ(e.trace.process.endReason, "exit");
  expectEveryCopy(e.trace);
}

TEST(Exit, VforkChildsExitIsNotTheParents) {
  Ended e = run("vfork");
  EXPECT_EQ(e.code, 8);
  EXPECT_EQ(e.trace.process.endReason, "exit");
  expectEveryCopy(e.trace);
}

TEST(Exit, CheckpointsOffStillWriteAtExit) {
  Ended e = run("exit", 0);
  EXPECT_EQ(e.code, 3);
  EXPECT_EQ(e.trace.process.endReason, "exit");
  expectEveryCopy(e.trace);
}

} // namespace
} // namespace commledger::launcher
