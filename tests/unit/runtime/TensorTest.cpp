//===- TensorTest.cpp - Tensor views and task arguments -------------------===//
#include "plrt/plrt.h"

#include <gtest/gtest.h>

using namespace plrt;

namespace {

TEST(Tensor, ContiguousStrides) {
  float buf[2 * 3 * 4];
  Tensor t = Tensor::contiguous(buf, DataType::FP32, {2, 3, 4});
  EXPECT_EQ(t.ndims, 3u);
  EXPECT_EQ(t.strides[0], 12);
  EXPECT_EQ(t.strides[1], 4);
  EXPECT_EQ(t.strides[2], 1);
  EXPECT_EQ(t.numel(), 24);
  EXPECT_TRUE(t.isContiguous());
  EXPECT_EQ(t.elementSize(), 4u);
}

TEST(Tensor, ViewsCompose) {
  int32_t buf[6 * 8];
  for (int i = 0; i < 48; ++i)
    buf[i] = i;
  Tensor t = Tensor::contiguous(buf, DataType::INT32, {6, 8});
  Tensor v = t.view({1, 2}, {4, 5});
  Tensor w = v.view({2, 1}, {2, 2});
  EXPECT_EQ(v.startOffset, 1 * 8 + 2);
  EXPECT_EQ(w.startOffset, (1 + 2) * 8 + (2 + 1));
  EXPECT_EQ(w.at<int32_t>({1, 1}), 4 * 8 + 4);
  EXPECT_FALSE(v.isContiguous());
}

TEST(Tensor, ByteRangeCoversTheView) {
  int64_t buf[4 * 4];
  Tensor t = Tensor::contiguous(buf, DataType::INT64, {4, 4});
  uintptr_t lo, hi, base = reinterpret_cast<uintptr_t>(buf);
  t.view({1, 1}, {2, 2}).byteRange(lo, hi);
  EXPECT_EQ(lo, base + 5 * 8);
  EXPECT_EQ(hi, base + 11 * 8);
  t.view({0, 0}, {0, 4}).byteRange(lo, hi);
  EXPECT_EQ(lo, hi);
  // A reversed view: negative stride reaches below its start offset.
  Tensor r = t.view({0, 3}, {1, 4});
  r.strides[1] = -1;
  r.byteRange(lo, hi);
  EXPECT_EQ(lo, base);
  EXPECT_EQ(hi, base + 4 * 8);
}

TEST(Tensor, DTypeQueries) {
  EXPECT_EQ(dataTypeSize(DataType::INT8), 1u);
  EXPECT_EQ(dataTypeSize(DataType::BF16), 2u);
  EXPECT_EQ(dataTypeSize(DataType::UINT64), 8u);
  EXPECT_TRUE(isSignedInteger(DataType::INT16));
  EXPECT_FALSE(isSignedInteger(DataType::UINT8));
  EXPECT_FALSE(isSignedInteger(DataType::FP32));
  EXPECT_STREQ(dataTypeName(DataType::INT32), "int32");
}

TEST(CoreTaskArgs, RecordsArgumentsInOrder) {
  float a[4], b[4];
  Tensor ta = Tensor::contiguous(a, DataType::FP32, {4});
  Tensor tb = Tensor::contiguous(b, DataType::FP32, {4});
  CoreTaskArgs args;
  args.add_input(ta);
  args.add_output(tb);
  args.add_inout(ta);
  args.add_no_dep(tb);
  args.add_scalar(3);
  EXPECT_EQ(args.tensorCount(), 4u);
  EXPECT_EQ(args.tensorKind(0), TensorArgKind::INPUT);
  EXPECT_EQ(args.tensorKind(1), TensorArgKind::OUTPUT);
  EXPECT_EQ(args.tensorKind(2), TensorArgKind::INOUT);
  EXPECT_EQ(args.tensorKind(3), TensorArgKind::NO_DEP);
  EXPECT_EQ(args.tensor(1).data, static_cast<void *>(b));
  EXPECT_EQ(args.scalarCount(), 1u);
  EXPECT_FALSE(args.hasError());
  CoreTaskArgs copy = args;
  EXPECT_EQ(copy.tensorCount(), 4u);
  EXPECT_EQ(copy.tensor(2).data, static_cast<void *>(a));
  EXPECT_EQ(copy.launch_spec.block_num(), 1);
}

TEST(CoreTaskArgs, DependencyListRules) {
  TaskId ids[2];
  CoreTaskArgs args;
  args.set_dependencies(ids, 2);
  EXPECT_EQ(args.dependencyCount(), 2u);
  args.set_dependencies(nullptr, 0); // clears
  EXPECT_EQ(args.dependencyCount(), 0u);
  args.set_dependencies(ids, 1);
  args.set_dependencies(ids, 2);
  EXPECT_TRUE(args.hasError());
}

TEST(TaskId, DefaultIsInvalid) {
  EXPECT_FALSE(TaskId().is_valid());
  EXPECT_FALSE(TaskOutputTensors().is_valid());
  EXPECT_EQ(TaskId::invalid(), TaskId());
}

} // namespace
