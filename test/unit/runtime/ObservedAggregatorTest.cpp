// ObservedAggregator and endpointsOf: the endpoints each copy kind gets, and aggregation.
#include "core/ObservedAggregator.h"

#include "FakeRecordSource.h"

#include <gtest/gtest.h>

namespace commledger::rt::test {
namespace {

using format::kHostEndpoint;

TEST(EndpointsOf, PeerUsesBothDeviceIds) {
  const auto [src, dst] = endpointsOf(peer(1, 0, 8, 1));
  EXPECT_EQ(src.device, 1);
  EXPECT_EQ(dst.device, 0);
}

TEST(EndpointsOf, HostSideIsHostEndpointWithItsMemoryKind) {
  const auto [src, dst] =
      endpointsOf(copy(CopyKind::HtoD, MemoryKind::Pinned, MemoryKind::Device, 1, 8, 1));
  EXPECT_EQ(src.device, kHostEndpoint);
  EXPECT_EQ(src.memory, MemoryKind::Pinned);
  EXPECT_EQ(dst.device, 1);
  const auto [s2, d2] =
      endpointsOf(copy(CopyKind::DtoH, MemoryKind::Device, MemoryKind::Pageable, 0, 8, 1));
  EXPECT_EQ(s2.device, 0);
  EXPECT_EQ(d2.device, kHostEndpoint);
  EXPECT_EQ(d2.memory, MemoryKind::Pageable);
}

TEST(EndpointsOf, DeviceToDeviceStaysOnOneDevice) {
  const auto [src, dst] =
      endpointsOf(copy(CopyKind::DtoD, MemoryKind::Device, MemoryKind::Device, 1, 8, 1));
  EXPECT_EQ(src.device, 1);
  EXPECT_EQ(dst.device, 1);
}

TEST(EndpointsOf, MemsetWritesOnePlace) {
  const auto [src, dst] =
      endpointsOf(copy(CopyKind::Memset, MemoryKind::Device, MemoryKind::Device, 1, 8, 1));
  EXPECT_EQ(src, dst);
  EXPECT_EQ(src.device, 1);
}

TEST(ObservedAggregator, SameKeyAddsBytesAndCount) {
  ObservedAggregator out;
  for (int i = 0; i < 3; ++i)
    out.add(atSite(5), peer(0, 1, 100, i));
  out.add(atSite(5), peer(1, 0, 100, 9));
  out.add(Attribution{std::nullopt, "cudaMemcpy"}, peer(0, 1, 100, 10));
  const auto rows = out.rows();
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_FALSE(rows[0].site); // unattributed sorts first
  EXPECT_EQ(rows[0].bucket, "cudaMemcpy");
  EXPECT_EQ(rows[1].bytes, 300u);
  EXPECT_EQ(rows[1].count, 3u);
  EXPECT_EQ(rows[2].src.device, 1);
}

} // namespace
} // namespace commledger::rt::test
