// evaluateFootprint: the formulas the instrumenter writes, bound to a launch's values.
#include "commledger/reconcile/FootprintFormula.h"

#include <gtest/gtest.h>

using commledger::reconcile::evaluateFootprint;

TEST(FootprintFormula, GuardedOneElementPerThread) {
  // 4-byte floats, n = 1000 guarded, 4 blocks of 256 threads = 1024 threads: 4 * 1000.
  std::map<std::string, double> launch = {{"n", 1000}, {"gridDim.x", 4}, {"blockDim.x", 256}};
  EXPECT_EQ(evaluateFootprint("4*min(n, gridDim.x*blockDim.x)", launch), 4000.0);
  // More elements than threads: only 1024 threads run, 4 * 1024 = 4096 bytes.
  launch["n"] = 5000;
  EXPECT_EQ(evaluateFootprint("4*min(n, gridDim.x*blockDim.x)", launch), 4096.0);
}

TEST(FootprintFormula, TwoDimensionsAndSums) {
  // 8-byte doubles, 100x50 matrix, 128x64 threads: 8 * 100 * 50 = 40000; read twice: 80000.
  std::map<std::string, double> launch = {{"width", 100},    {"height", 50},
                                          {"gridDim.x", 8},  {"blockDim.x", 16},
                                          {"gridDim.y", 4},  {"blockDim.y", 16}};
  const char *f = "8*min(width, gridDim.x*blockDim.x)*min(height, gridDim.y*blockDim.y)";
  EXPECT_EQ(evaluateFootprint(f, launch), 40000.0);
  EXPECT_EQ(evaluateFootprint(std::string(f) + " + " + f, launch), 80000.0);
}

TEST(FootprintFormula, PrecedenceParenthesesAndUnaryMinus) {
  std::map<std::string, double> none;
  EXPECT_EQ(evaluateFootprint("2+3*4", none), 14.0);
  EXPECT_EQ(evaluateFootprint("(2+3)*4", none), 20.0);
  EXPECT_EQ(evaluateFootprint("10-4-3", none), 3.0);  // left-associative: (10-4)-3
  EXPECT_EQ(evaluateFootprint("10-(4-3)", none), 9.0);
  EXPECT_EQ(evaluateFootprint("-2*3", none), -6.0);
  EXPECT_EQ(evaluateFootprint("min(7, -1)", none), -1.0);
  EXPECT_EQ(evaluateFootprint("0", none), 0.0);
}

TEST(FootprintFormula, DivisionTruncatesWholeNumbersLikeC) {
  // (n + 255) / 256 blocks for n = 1000: 1255 / 256 = 4 in C, not 4.90.
  EXPECT_EQ(evaluateFootprint("(n + 255) / 256", {{"n", 1000}}), 4.0);
  EXPECT_EQ(evaluateFootprint("1.5/2", {}), 0.75);
}

TEST(FootprintFormula, FailsOnUnboundNamesSyntaxAndDivisionByZero) {
  EXPECT_FALSE(evaluateFootprint("4*n", {}));
  EXPECT_FALSE(evaluateFootprint("4*", {}));
  EXPECT_FALSE(evaluateFootprint("4 4", {}));
  EXPECT_FALSE(evaluateFootprint("min(1 2)", {}));
  EXPECT_FALSE(evaluateFootprint("(1+2", {}));
  EXPECT_FALSE(evaluateFootprint("1/0", {}));
  EXPECT_FALSE(evaluateFootprint("", {}));
  EXPECT_FALSE(evaluateFootprint("4#", {}));
}
