// Decoding of NCCL 2.28 kernel names; the shapes follow src/device/generate.py (best_kernel and
// the "ncclDevKernel_" + '_'-joined tuple), not names observed from the tool.
#include "commledger/reconcile/nccl/NcclKernelName.h"

#include <gtest/gtest.h>

using namespace commledger::reconcile::nccl;

TEST(NcclKernelName, SharedAllReduceKernel) {
  auto k = parseNcclKernelName("ncclDevKernel_AllReduce_Sum_f32_RING_LL");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->collective, "AllReduce");
  EXPECT_EQ(k->reduction, "Sum");
  EXPECT_EQ(k->datatype, "f32");
  EXPECT_EQ(k->algorithm, NcclAlgorithm::Ring);
  EXPECT_EQ(k->protocol, NcclProtocol::LL);
  // A default build launches this kernel for every non-tree algorithm and every protocol.
  EXPECT_FALSE(k->nameIsExact);
  EXPECT_EQ(provenAlgorithm(*k), NcclAlgorithm::Unknown);
}

TEST(NcclKernelName, DemangledWithParameters) {
  auto k = parseNcclKernelName(
      "ncclDevKernel_ReduceScatter_Sum_bf16_TREE_LL(ncclDevKernelArgsStorage<4096ul>)");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->collective, "ReduceScatter");
  EXPECT_EQ(k->datatype, "bf16");
  EXPECT_EQ(k->algorithm, NcclAlgorithm::Tree);
  EXPECT_EQ(provenAlgorithm(*k), NcclAlgorithm::Tree); // best_kernel keeps TREE apart
}

TEST(NcclKernelName, NonReductionKernelsHaveNoOpOrType) {
  auto k = parseNcclKernelName("ncclDevKernel_Broadcast_RING_LL");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->collective, "Broadcast");
  EXPECT_TRUE(k->reduction.empty());
  EXPECT_TRUE(k->datatype.empty());
  EXPECT_EQ(k->algorithm, NcclAlgorithm::Ring);
  auto v = parseNcclKernelName("ncclDevKernel_AllGatherV_RING_LL");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->collective, "AllGatherV");
}

TEST(NcclKernelName, ExactNamesWithUnderscoredAlgorithms) {
  auto k = parseNcclKernelName("ncclDevKernel_AllReduce_MinMax_i32_NVLS_TREE_SIMPLE");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->reduction, "MinMax");
  EXPECT_EQ(k->algorithm, NcclAlgorithm::NvlsTree);
  EXPECT_EQ(k->protocol, NcclProtocol::Simple);
  EXPECT_TRUE(k->nameIsExact);
  EXPECT_EQ(provenAlgorithm(*k), NcclAlgorithm::NvlsTree);
  auto c = parseNcclKernelName("ncclDevKernel_AllGather_COLLNET_DIRECT_SIMPLE");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->algorithm, NcclAlgorithm::CollNetDirect);
  auto p = parseNcclKernelName("ncclDevKernel_ReduceScatter_Sum_f16_PAT_SIMPLE");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->algorithm, NcclAlgorithm::Pat);
  auto l = parseNcclKernelName("ncclDevKernel_AllReduce_Sum_f32_RING_LL128");
  ASSERT_TRUE(l);
  EXPECT_EQ(l->protocol, NcclProtocol::LL128);
  EXPECT_TRUE(l->nameIsExact);
}

TEST(NcclKernelName, SendRecvAndGenericCarryNoAlgorithm) {
  auto s = parseNcclKernelName("ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->collective, "SendRecv");
  EXPECT_EQ(s->algorithm, NcclAlgorithm::Unknown);
  EXPECT_EQ(s->protocol, NcclProtocol::Unknown);
  auto g = parseNcclKernelName("ncclDevKernel_Generic");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->collective, "Generic");
  EXPECT_EQ(provenAlgorithm(*g), NcclAlgorithm::Unknown);
}

TEST(NcclKernelName, RejectsOtherNamesAndGarbage) {
  for (const char *bad :
       {"", "(", "ncclDevKernel_", "ncclDevKernel__", "ncclDevKernel_AllReduce",
        "ncclDevKernel_AllReduce_Sum_f32", "ncclDevKernel_AllReduce_Sum_f32_RING",
        "ncclDevKernel_AllReduce_Avg_f32_RING_LL", "ncclDevKernel_AllReduce_Sum_f33_RING_LL",
        "ncclDevKernel_Broadcast_RING_LL256", "ncclDevKernel_Broadcast_STAR_LL",
        "ncclDevKernel_SendRecv_RING_LL", "ncclDevKernel_Foo_RING_LL",
        "ncclDevFunc_AllReduce_Sum_f32_RING_LL", "void gemm_kernel<float>(float*)"})
    EXPECT_FALSE(parseNcclKernelName(bad)) << bad;
}

TEST(NcclKernelName, NamesForReports) {
  EXPECT_STREQ(toString(NcclAlgorithm::CollNetChain), "COLLNET_CHAIN");
  EXPECT_STREQ(toString(NcclAlgorithm::Unknown), "unknown");
  EXPECT_STREQ(toString(NcclProtocol::Simple), "SIMPLE");
}
