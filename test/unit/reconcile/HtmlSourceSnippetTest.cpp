// Source snippets of the HTML report: ±4 lines clipped to the file, and
// unreadable files.
#include "commledger/reconcile/HtmlSourceSnippet.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace commledger::reconcile;

namespace {
// A 10-line file "line 1".."line 10" in a fresh directory.
std::filesystem::path makeSource() {
  auto dir =
      std::filesystem::temp_directory_path() /
      ("commledger-snippet-" +
       std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
       ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::create_directories(dir / "src");
  std::ofstream out(dir / "src" / "a.cu");
  for (int i = 1; i <= 10; ++i)
    out << "line " << i << (i == 5 ? "\r\n" : "\n");
  return dir;
}
} // namespace

TEST(HtmlSourceSnippetTest, FourLinesAroundTheSite) {
  auto dir = makeSource();
  SourceReader reader(dir.string());
  SourceSnippet s = reader.around("src/a.cu", 6);
  ASSERT_TRUE(s.available);
  EXPECT_EQ(s.path, (dir / "src" / "a.cu").string());
  EXPECT_EQ(s.firstLine, 2u);    // 6 - 4
  ASSERT_EQ(s.lines.size(), 9u); // lines 2..10
  EXPECT_EQ(s.lines.front(), "line 2");
  EXPECT_EQ(s.lines[3], "line 5"); // the CR of a CRLF line is dropped
  EXPECT_EQ(s.lines.back(), "line 10");
  std::filesystem::remove_all(dir);
}

TEST(HtmlSourceSnippetTest, ClipsAtTheEdges) {
  auto dir = makeSource();
  SourceReader reader(dir.string() + "/");
  SourceSnippet first = reader.around("src/a.cu", 1);
  EXPECT_EQ(first.firstLine, 1u);
  EXPECT_EQ(first.lines.size(), 5u); // lines 1..5
  SourceSnippet last = reader.around("src/a.cu", 10);
  EXPECT_EQ(last.firstLine, 6u);
  EXPECT_EQ(last.lines.size(), 5u); // lines 6..10
  std::filesystem::remove_all(dir);
}

TEST(HtmlSourceSnippetTest, UnavailableSources) {
  auto dir = makeSource();
  SourceReader reader(dir.string());
  EXPECT_FALSE(reader.around("src/missing.cu", 3).available);
  EXPECT_FALSE(reader.around("src", 1).available); // a directory
  EXPECT_FALSE(reader.around("src/a.cu", 11)
                   .available); // the file changed since instrumenting
  EXPECT_FALSE(reader.around("", 1).available);
  EXPECT_EQ(reader.pathOf("/abs/b.cu"), "/abs/b.cu");
  std::filesystem::remove_all(dir);
}
