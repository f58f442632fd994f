// Trace file naming and directory creation.
#include "core/TraceLocation.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>

namespace commledger::rt {
namespace {

TEST(TraceLocation, FileNameHasHostAndPid) {
  EXPECT_EQ(traceFileName("node1", 42), "trace-node1-42.json");
  EXPECT_EQ(traceFileName("a/b", 1), "trace-a_b-1.json");
}

TEST(TraceLocation, DirectoryFromEnvironment) {
  setenv("COMMLEDGER_OUT", "/tmp/x", 1);
  EXPECT_EQ(traceDirectory(), "/tmp/x");
  unsetenv("COMMLEDGER_OUT");
  EXPECT_EQ(traceDirectory(), "commledger-out");
}

TEST(TraceLocation, MakesNestedDirectories) {
  char base[] = "/tmp/commledger-loc-XXXXXX";
  ASSERT_NE(mkdtemp(base), nullptr);
  const std::string nested = std::string(base) + "/a/b/c";
  std::string error;
  EXPECT_TRUE(makeDirectories(nested, error)) << error;
  EXPECT_TRUE(makeDirectories(nested, error)) << error; // idempotent
  struct stat st {};
  EXPECT_EQ(stat(nested.c_str(), &st), 0);
}

} // namespace
} // namespace commledger::rt
