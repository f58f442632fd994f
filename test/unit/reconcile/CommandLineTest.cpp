// Argument parsing of `commledger report`, `commledger show` and `commledger run`.
#include "commledger/reconcile/CommandLine.h"

#include <gtest/gtest.h>

using namespace commledger::reconcile;

TEST(CommandLine, ReportOptions) {
  ReportOptions o;
  std::string error;
  ASSERT_TRUE(parseReportArguments({"--sites", "a.json", "--sites=b.json", "--format", "json",
                                    "-o", "out.json", "dir", "t.json"},
                                   o, error))
      << error;
  EXPECT_EQ(o.siteFiles, (std::vector<std::string>{"a.json", "b.json"}));
  EXPECT_EQ(o.format, "json");
  EXPECT_EQ(o.output, "out.json");
  EXPECT_EQ(o.inputs, (std::vector<std::string>{"dir", "t.json"}));
}

TEST(CommandLine, ReportUsageErrors) {
  std::string error;
  ReportOptions a, b, c, d;
  EXPECT_FALSE(parseReportArguments({"--format", "xml", "t"}, a, error));
  EXPECT_NE(error.find("unknown format 'xml'"), std::string::npos);
  EXPECT_FALSE(parseReportArguments({"--sites"}, b, error));
  EXPECT_EQ(error, "option --sites needs a value");
  EXPECT_FALSE(parseReportArguments({"--bogus", "t"}, c, error));
  EXPECT_FALSE(parseReportArguments({}, d, error)); // no trace
}

TEST(CommandLine, ReportHelpNeedsNoTrace) {
  ReportOptions o;
  std::string error;
  EXPECT_TRUE(parseReportArguments({"--help"}, o, error));
  EXPECT_TRUE(o.help);
}

TEST(CommandLine, RunSplitsAtDoubleDash) {
  RunArguments r;
  std::string error;
  ASSERT_TRUE(parseRunArguments({"-o", "out", "--", "./app", "-o", "x"}, r, error)) << error;
  EXPECT_EQ(r.outputDir, "out");
  EXPECT_EQ(r.command, (std::vector<std::string>{"./app", "-o", "x"}));
  RunArguments noDash;
  ASSERT_TRUE(parseRunArguments({"./app", "--flag"}, noDash, error));
  EXPECT_EQ(noDash.command, (std::vector<std::string>{"./app", "--flag"}));
  RunArguments empty;
  EXPECT_FALSE(parseRunArguments({"-o", "out"}, empty, error));
}

TEST(CommandLine, RunCountersIsAFlagOffByDefault) {
  RunArguments on, off;
  std::string error;
  ASSERT_TRUE(parseRunArguments({"--counters", "-o", "out", "--", "./app"}, on, error)) << error;
  EXPECT_TRUE(on.counters);
  EXPECT_EQ(on.outputDir, "out");
  EXPECT_EQ(on.command, (std::vector<std::string>{"./app"}));
  ASSERT_TRUE(parseRunArguments({"./app", "--counters"}, off, error)) << error;
  EXPECT_FALSE(off.counters); // after the program's name it is the program's argument
}

TEST(CommandLine, ShowTakesSitesAndOneFile) {
  ShowOptions o;
  std::string error;
  ASSERT_TRUE(parseShowArguments({"--sites", "a.json", "--sites=b.json", "t.json"}, o, error))
      << error;
  EXPECT_EQ(o.siteFiles, (std::vector<std::string>{"a.json", "b.json"}));
  EXPECT_EQ(o.input, "t.json");
  ShowOptions none, two, bogus, help;
  EXPECT_FALSE(parseShowArguments({}, none, error));
  EXPECT_FALSE(parseShowArguments({"a.json", "b.json"}, two, error));
  EXPECT_EQ(error, "one file at a time (got 2)");
  EXPECT_FALSE(parseShowArguments({"--format", "json", "t.json"}, bogus, error));
  EXPECT_TRUE(parseShowArguments({"--help"}, help, error));
  EXPECT_TRUE(help.help);
}
