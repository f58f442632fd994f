// The launcher with the real libcommledger-rt.so preloaded into a CUDA-free program: the
// program's stdout and exit code are unchanged, and a trace says why CUPTI did not run.
#include "commledger/launcher/RunCommand.h"

#include "commledger/format/Trace.h"

#include <gtest/gtest.h>

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace commledger::launcher {
namespace {

std::string tempDir() {
  char base[] = "/tmp/commledger-run-XXXXXX";
  return mkdtemp(base) ? base : "/tmp";
}

std::vector<std::string> traces(const std::string &dir) {
  std::vector<std::string> files;
  if (DIR *d = opendir(dir.c_str())) {
    while (dirent *e = readdir(d))
      if (std::string(e->d_name).rfind("trace-", 0) == 0)
        files.push_back(dir + "/" + e->d_name);
    closedir(d);
  }
  return files;
}

RunOptions options(const std::string &out, std::vector<std::string> argv) {
  RunOptions o;
  o.outDir = out;
  o.argv = std::move(argv);
  o.runtimeLibrary = COMMLEDGER_TEST_RT_LIB;
  return o;
}

TEST(RunCommand, ExitCodeAndTraceWithoutCupti) {
  const std::string out = tempDir() + "/traces";
  testing::internal::CaptureStdout();
  const int code = runCommand(options(out, {COMMLEDGER_TEST_SITE_PROGRAM, "3"}));
  // The child inherits the captured stdout: its output must be exactly its own.
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "site program ran\n");
  EXPECT_EQ(code, 3);
  const auto files = traces(out);
  ASSERT_EQ(files.size(), 1u);
  format::Trace trace;
  std::string error;
  ASSERT_TRUE(format::readTrace(files[0], trace, error)) << error;
  EXPECT_EQ(trace.process.endReason, "exit");
  EXPECT_EQ(trace.process.pid > 0, true);
  // A GPU machine with CUPTI would make this true; the CPU CI has no libcuda.so.1.
  if (!trace.cuptiActive) {
    EXPECT_FALSE(trace.cuptiError.empty());
  }
}

TEST(RunCommand, DisabledRuntimeStillWritesTrace) {
  const std::string out = tempDir();
  setenv("COMMLEDGER_DISABLE", "1", 1);
  const int code = runCommand(options(out, {COMMLEDGER_TEST_SITE_PROGRAM, "0"}));
  unsetenv("COMMLEDGER_DISABLE");
  EXPECT_EQ(code, 0);
  const auto files = traces(out);
  ASSERT_EQ(files.size(), 1u);
  format::Trace trace;
  std::string error;
  ASSERT_TRUE(format::readTrace(files[0], trace, error)) << error;
  EXPECT_FALSE(trace.cuptiActive);
  EXPECT_EQ(trace.cuptiError, "disabled by COMMLEDGER_DISABLE");
}

TEST(RunCommand, FatalSignalWritesTraceAndKeepsTheSignal) {
  const std::string out = tempDir();
  EXPECT_EQ(runCommand(options(out, {COMMLEDGER_TEST_SITE_PROGRAM, "0", "abort"})), 128 + 6);
  const auto files = traces(out);
  ASSERT_EQ(files.size(), 1u);
  format::Trace trace;
  std::string error;
  ASSERT_TRUE(format::readTrace(files[0], trace, error)) << error;
  EXPECT_EQ(trace.process.endReason, "signal SIGABRT");
}

TEST(RunCommand, ProgramWithoutSitesLeavesNoTrace) {
  const std::string out = tempDir();
  EXPECT_EQ(runCommand(options(out, {"/bin/sh", "-c", "exit 0"})), 0);
  EXPECT_TRUE(traces(out).empty());
}

TEST(RunCommand, SignalDeathIs128PlusSignal) {
  const std::string out = tempDir();
  EXPECT_EQ(runCommand(options(out, {"/bin/sh", "-c", "kill -TERM $$"})), 128 + 15);
}

TEST(RunCommand, MissingProgramIs127) {
  EXPECT_EQ(runCommand(options(tempDir(), {"/nonexistent/program"})), 127);
}

TEST(RunCommand, EventsReachTheProgramsEnvironment) {
  RunOptions o = options(tempDir(), {"/bin/sh", "-c", "echo \"events=$COMMLEDGER_EVENTS\""});
  o.events = 64;
  testing::internal::CaptureStdout();
  EXPECT_EQ(runCommand(o), 0);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "events=64\n");
}

TEST(RunCommand, CountersReachTheProgramsEnvironment) {
  RunOptions o = options(tempDir(), {"/bin/sh", "-c", "echo \"counters=$COMMLEDGER_COUNTERS\""});
  o.counters = true;
  testing::internal::CaptureStdout();
  EXPECT_EQ(runCommand(o), 0);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "counters=1\n");
}

TEST(RunCommand, EmptyCommandIsUsageError) { EXPECT_EQ(runCommand(RunOptions{}), 2); }

} // namespace
} // namespace commledger::launcher
