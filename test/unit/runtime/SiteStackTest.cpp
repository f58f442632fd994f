// SiteStack: nesting, one captured request per frame, balanced past its capacity.
#include "core/SiteStack.h"

#include <gtest/gtest.h>

namespace commledger::rt {
namespace {

TEST(SiteStack, CapturesOncePerFrame) {
  SiteStack stack;
  EXPECT_EQ(stack.frameToCapture(), nullptr);
  stack.push(1);
  SiteFrame *frame = stack.frameToCapture();
  ASSERT_NE(frame, nullptr);
  frame->captured = true; // cudaMemcpy's callback; the driver call under it must not overwrite
  EXPECT_EQ(stack.frameToCapture(), nullptr);
  const SiteFrame *popped = stack.pop();
  ASSERT_NE(popped, nullptr);
  EXPECT_EQ(popped->site, 1u);
  EXPECT_EQ(stack.pop(), nullptr); // unbalanced leave is harmless
}

TEST(SiteStack, NestedSitesCaptureTheInnermost) {
  SiteStack stack;
  stack.push(1);
  stack.push(2);
  EXPECT_EQ(stack.frameToCapture()->site, 2u);
  stack.frameToCapture()->captured = true;
  EXPECT_EQ(stack.pop()->site, 2u);
  EXPECT_EQ(stack.frameToCapture()->site, 1u);
}

TEST(SiteStack, OverflowStaysBalanced) {
  SiteStack stack;
  for (unsigned i = 0; i < SiteStack::kCapacity + 3; ++i)
    stack.push(i);
  EXPECT_EQ(stack.frameToCapture(), nullptr);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(stack.pop(), nullptr);
  EXPECT_EQ(stack.pop()->site, SiteStack::kCapacity - 1);
  EXPECT_EQ(stack.depth(), SiteStack::kCapacity - 1);
}

TEST(SiteStack, FreshFrameIsNotCaptured) {
  SiteStack stack;
  stack.push(1);
  stack.frameToCapture()->captured = true;
  stack.pop();
  stack.push(2);
  EXPECT_NE(stack.frameToCapture(), nullptr);
}

} // namespace
} // namespace commledger::rt
