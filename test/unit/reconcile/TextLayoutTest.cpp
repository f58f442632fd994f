// Column arithmetic of the text report: widths in code points, truncation, wrapping, units.
#include "commledger/reconcile/HumanUnits.h"
#include "commledger/reconcile/TextLayout.h"

#include <gtest/gtest.h>

using namespace commledger::reconcile;

TEST(TextLayout, WidthCountsCodePoints) {
  EXPECT_EQ(displayWidth("G0\u2192G1"), 5u);
  EXPECT_EQ(padRight("G0\u2192G1", 7), "G0\u2192G1  ");
  EXPECT_EQ(padLeft("ab", 4), "  ab");
}

TEST(TextLayout, Truncation) {
  EXPECT_EQ(truncateLeft("dir/file.cu:1:2", 10), "\u2026le.cu:1:2");
  EXPECT_EQ(displayWidth(truncateLeft("dir/file.cu:1:2", 10)), 10u);
  EXPECT_EQ(truncateRight("n * sizeof(float)", 6), "n * s\u2026");
  EXPECT_EQ(truncateRight("short", 6), "short");
}

TEST(TextLayout, Wrap) {
  auto lines = wrap("aaa bbb ccc", 7, 0, 2);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "aaa bbb");
  EXPECT_EQ(lines[1], "  ccc");
  auto indented = wrap("x", 10, 4, 4);
  ASSERT_EQ(indented.size(), 1u);
  EXPECT_EQ(indented[0], "    x");
}

TEST(HumanUnits, OneUnitPerTable) {
  EXPECT_STREQ(unitFor(1023).name, "B");
  EXPECT_STREQ(unitFor(1024).name, "KiB");
  EXPECT_STREQ(unitFor(10485760).name, "MiB");
  EXPECT_STREQ(unitFor(1342177280).name, "GiB");
  EXPECT_EQ(formatInUnit(10485760, unitFor(10485760)), "10.00");
  EXPECT_EQ(formatInUnit(0, unitFor(10485760)), "0");
  EXPECT_EQ(formatInUnit(8, unitFor(8)), "8");
  EXPECT_EQ(formatBytes(1342177280), "1.25 GiB");
}
