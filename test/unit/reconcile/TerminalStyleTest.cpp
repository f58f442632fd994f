// When colours are on (COMMLEDGER_COLOR, NO_COLOR, a terminal) and which verdict gets which.
#include "commledger/reconcile/TerminalStyle.h"

#include <gtest/gtest.h>

using namespace commledger::reconcile;

TEST(TerminalStyle, ColorWanted) {
  EXPECT_TRUE(colorWanted(nullptr, nullptr, true));
  EXPECT_FALSE(colorWanted(nullptr, nullptr, false));
  EXPECT_FALSE(colorWanted(nullptr, "1", true));
  EXPECT_TRUE(colorWanted(nullptr, "", true)); // NO_COLOR set but empty does not count
  EXPECT_TRUE(colorWanted("auto", nullptr, true));
  EXPECT_FALSE(colorWanted("auto", "1", true));
  EXPECT_TRUE(colorWanted("always", "1", false));
  EXPECT_FALSE(colorWanted("never", nullptr, true));
}

TEST(TerminalStyle, VerdictColors) {
  EXPECT_EQ(paint(Verdict::PairDiffers, "x"), "\033[31mx\033[0m");
  EXPECT_EQ(paint(Verdict::SizeDiffers, "x"), "\033[31mx\033[0m");
  EXPECT_EQ(paint(Verdict::StagedViaHost, "x"), "\033[33mx\033[0m");
  EXPECT_EQ(paint(Verdict::NeverExecuted, "x"), "\033[2mx\033[0m");
  EXPECT_EQ(paint(Verdict::NotInstrumented, "x"), "\033[2mx\033[0m");
  EXPECT_EQ(paint(Verdict::Match, "x"), "\033[32mx\033[0m");
  EXPECT_EQ(paint(Verdict::Unpredicted, "x"), "x");
  EXPECT_EQ(paint(Verdict::UnknownSite, "x"), "x");
}
