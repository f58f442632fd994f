// `commledger show` on a site database: the line layout the plugin tests match.
#include "commledger/reconcile/SiteListing.h"

#include <gtest/gtest.h>

using namespace commledger;
using namespace commledger::reconcile;

namespace {
format::Site copySite() {
  format::Site s;
  s.file = "src/halo.cu";
  s.line = 19;
  s.column = 9;
  s.api = "cudaMemcpy";
  s.family = format::SiteFamily::Copy;
  s.function = "exchange";
  s.instrumented = true;
  format::Prediction p;
  p.direction = "D2D";
  p.kindArg = "cudaMemcpyDefault";
  p.bytes = 67108864;
  p.bytesExpr = "buf_size";
  p.src.kind = format::PredictedEndpoint::Kind::Device;
  p.src.device = "0";
  p.dst.kind = format::PredictedEndpoint::Kind::Host;
  p.dst.hostMemory = "pinned";
  p.multiplicity = 100;
  p.notes = {"first", "second"};
  s.prediction = p;
  return s;
}
} // namespace

TEST(SiteListing, CopyWithEveryField) {
  EXPECT_EQ(siteListingLine(copySite()),
            "src/halo.cu:19:9 cudaMemcpy copy instrumented=1 fn=exchange | dir=D2D "
            "bytes=67108864 expr=\"buf_size\" src=device:0 dst=host:pinned mult=100 "
            "kind=cudaMemcpyDefault note=\"first\" note=\"second\"");
}

TEST(SiteListing, UnknownPartsPrintPlaceholders) {
  format::Site s = copySite();
  s.function.clear();
  s.prediction->bytes.reset();
  s.prediction->bytesExpr = "n";
  s.prediction->multiplicity.reset();
  s.prediction->multiplicityExpr = "iters";
  s.prediction->kindArg.clear();
  s.prediction->notes.clear();
  s.prediction->src.device.clear(); // a device the analysis could not name
  s.prediction->dst.hostMemory.clear();
  EXPECT_EQ(siteListingLine(s), "src/halo.cu:19:9 cudaMemcpy copy instrumented=1 fn=- | dir=D2D "
                                "bytes=? expr=\"n\" src=device:? dst=host:? mult=iters");
  s.prediction->src = format::PredictedEndpoint();
  s.prediction->multiplicityExpr.clear();
  EXPECT_NE(siteListingLine(s).find("src=unknown"), std::string::npos);
  EXPECT_NE(siteListingLine(s).find(" mult="), std::string::npos);
}

TEST(SiteListing, MacroAndReasonBeforeFunction) {
  format::Site s;
  s.file = "Inputs/sys/sys_copy.h";
  s.line = 4;
  s.column = 10;
  s.api = "cudaMalloc";
  s.family = format::SiteFamily::Alloc;
  s.function = "f";
  s.macro = "CHECK";
  s.reason = "in a system header";
  EXPECT_EQ(siteListingLine(s), "Inputs/sys/sys_copy.h:4:10 cudaMalloc alloc instrumented=0 "
                                "macro=CHECK reason=\"in a system header\" fn=f");
}

TEST(SiteListing, HeaderCountsSitesInDatabaseOrder) {
  format::SiteDatabase db;
  format::Site b = copySite(), a = copySite();
  b.prediction.reset();
  b.line = 30;
  a.prediction.reset();
  a.line = 2;
  db.sites = {b, a};
  EXPECT_EQ(renderSiteListing(db), "sites: 2\n"
                                   "src/halo.cu:30:9 cudaMemcpy copy instrumented=1 fn=exchange\n"
                                   "src/halo.cu:2:9 cudaMemcpy copy instrumented=1 fn=exchange\n");
  EXPECT_EQ(renderSiteListing(format::SiteDatabase()), "sites: 0\n");
}
