// Escaping input-derived text for the HTML report, and CSS class names from
// verdict labels.
#include "commledger/reconcile/HtmlEscape.h"

#include <gtest/gtest.h>

using namespace commledger::reconcile;

TEST(HtmlEscapeTest, EscapesMarkupAndQuotes) {
  EXPECT_EQ(htmlEscape("<script>alert(\"x\")</script>"),
            "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  EXPECT_EQ(htmlEscape("a & b's"), "a &amp; b&#39;s");
  // Already-escaped text is escaped again: inputs are text, never markup.
  EXPECT_EQ(htmlEscape("&amp;"), "&amp;amp;");
}

TEST(HtmlEscapeTest, KeepsUtf8TabsAndNewlines) {
  EXPECT_EQ(htmlEscape("G0\u2192G1\tx\ny"), "G0\u2192G1\tx\ny");
}

TEST(HtmlEscapeTest, ReplacesControlCharacters) {
  EXPECT_EQ(htmlEscape(std::string("a\0b", 3)), "a&#xFFFD;b");
  EXPECT_EQ(htmlEscape("\x1b[31m\x7f"), "&#xFFFD;[31m&#xFFFD;");
}

TEST(HtmlEscapeTest, SlugsVerdicts) {
  EXPECT_EQ(cssSlug("pair differs"), "pair-differs");
  EXPECT_EQ(cssSlug("staged via host"), "staged-via-host");
  EXPECT_EQ(cssSlug("D2D <local>!"), "d2d-local");
  EXPECT_EQ(cssSlug("\"><x"), "x");
}
