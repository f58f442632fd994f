// The command lines behind the timeline: `commledger run --events N` and `commledger timeline`.
#include "commledger/reconcile/CommandLine.h"

#include <gtest/gtest.h>

using namespace commledger::reconcile;

namespace {

TEST(TimelineCommandLine, RunEvents) {
  RunArguments r;
  std::string error;
  ASSERT_TRUE(parseRunArguments({"--events", "64", "-o", "out", "--", "./app"}, r, error))
      << error;
  EXPECT_EQ(r.events, 64u);
  EXPECT_EQ(r.outputDir, "out");
  RunArguments equals;
  ASSERT_TRUE(parseRunArguments({"--events=8", "./app", "--events", "3"}, equals, error));
  EXPECT_EQ(equals.events, 8u); // the program's own --events is its business
  EXPECT_EQ(equals.command.size(), 3u);
  RunArguments off;
  ASSERT_TRUE(parseRunArguments({"./app"}, off, error));
  EXPECT_EQ(off.events, 0u);
}

TEST(TimelineCommandLine, RunEventsMustBePositive) {
  // At most 2^30 = 1073741824 events, the runtime's bound.
  for (const char *bad : {"0", "-1", "many", "", "1073741825", "99999999999999"}) {
    RunArguments r;
    std::string error;
    EXPECT_FALSE(parseRunArguments({"--events", bad, "--", "./app"}, r, error)) << bad;
    EXPECT_EQ(error, "option --events needs a number of events from 1 to 1073741824 (got '" +
                         std::string(bad) + "')");
  }
  RunArguments largest;
  std::string error;
  EXPECT_TRUE(parseRunArguments({"--events", "1073741824", "./app"}, largest, error)) << error;
  RunArguments missing;
  EXPECT_FALSE(parseRunArguments({"--events"}, missing, error));
  EXPECT_EQ(error, "option --events needs a value");
}

TEST(TimelineCommandLine, TimelineOptions) {
  TimelineOptions t;
  std::string error;
  ASSERT_TRUE(parseTimelineArguments({"--sites", "a.json", "--sites=b.json", "-o", "t.json",
                                      "out", "trace-x.json"},
                                     t, error))
      << error;
  EXPECT_EQ(t.siteFiles, (std::vector<std::string>{"a.json", "b.json"}));
  EXPECT_EQ(t.output, "t.json");
  EXPECT_EQ(t.inputs, (std::vector<std::string>{"out", "trace-x.json"}));

  TimelineOptions none;
  EXPECT_FALSE(parseTimelineArguments({"--sites", "a.json"}, none, error));
  EXPECT_EQ(error, "no trace given (a trace-*.json file or a directory of them)");
  TimelineOptions unknown;
  EXPECT_FALSE(parseTimelineArguments({"--format", "json", "out"}, unknown, error));
  EXPECT_EQ(error, "unknown option '--format'");
  TimelineOptions help;
  EXPECT_TRUE(parseTimelineArguments({"--help"}, help, error));
  EXPECT_TRUE(help.help);
}

} // namespace
