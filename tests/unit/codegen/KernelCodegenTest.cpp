//===- KernelCodegenTest.cpp - Kernel C++ on hand-built IR ----------------===//

#include "CodegenTestUtil.h"
#include "TestIR.h"

#include <gtest/gtest.h>

using namespace plc;
using namespace plc::ir;
using namespace plc::test;

namespace {

class KernelCodegenTest : public ::testing::Test {
protected:
  IRContext ctx;
  TestIR b{ctx};
};

TEST_F(KernelCodegenTest, EveryDispatchableFunctionIsInTheKernelTable) {
  const TensorType *f32 = b.tensor({4, 4}, DType::FP32);
  const Function *k = b.fillKernel("k", 1.0, f32);
  const Function *c = b.fillKernel("c", 2.0, f32, FunctionType::AIC);
  const Var *x = b.var("x", f32), *r = b.var("r", f32);
  const Function *spmd = b.function(
      "s", FunctionType::Spmd, {{x, ParamDirection::Out}}, {f32},
      b.seq({b.assign(r, b.call("k", {x}, f32)), b.ret({r})}));
  Emitted kernels = kernelsOf(*b.program("P", {k, c, spmd}));
  ASSERT_TRUE(kernels.ok) << kernels.errors;
  std::vector<std::string> lines = splitLines(kernels.text);
  EXPECT_GE(findLine(lines, "const KernelDesc KERNEL_k{\"k\", &kernel_k};"), 0);
  EXPECT_GE(findLine(lines, "const KernelDesc KERNEL_c{\"c\", &kernel_c};"), 0);
  EXPECT_GE(findLine(lines, "const KernelDesc KERNEL_s{\"s\", &kernel_s};"), 0);
  EXPECT_GE(findLine(lines, "const KernelDesc *const plc_kernel_table[] = "
                            "{&KERNEL_k, &KERNEL_c, &KERNEL_s, nullptr};"),
            0);
  // The spmd wrapper runs its inner kernel's body within the task.
  EXPECT_GE(findLine(lines, "if (int status = fn_k(ctx, x))"), 0)
      << kernels.text;
  // Adapters unpack the task's arguments in parameter order.
  EXPECT_GE(findLine(lines, "return fn_k(ctx, ctx.tensor(0));"), 0);
  // A tile.full then a store into the Out parameter.
  EXPECT_GE(findLine(lines, "std::vector<float> t(16, static_cast<float>(1.0f));"),
            0)
      << kernels.text;
  EXPECT_GE(findLine(lines, "plk_store<float>(t, {4, 4}, x, {0, 0});"), 0);
}

TEST_F(KernelCodegenTest, UnsupportedDtypeIsReported) {
  const TensorType *f16 = b.tensor({4, 4}, DType::FP16);
  Emitted kernels = kernelsOf(*b.program("P", {b.fillKernel("k", 1.0, f16)}));
  EXPECT_FALSE(kernels.ok);
  EXPECT_NE(kernels.errors.find("FP16 data has no CPU kernel support"),
            std::string::npos)
      << kernels.errors;
}

TEST_F(KernelCodegenTest, UserNamesNeverCollideWithCppOrGeneratedNames) {
  const TensorType *f32 = b.tensor({4, 4}, DType::FP32);
  // Parameters named like a keyword, a runtime type and a generated name.
  const Var *p1 = b.var("int", f32), *p2 = b.var("Tensor", f32),
            *p3 = b.var("ctx", f32);
  const Function *k = b.function(
      "k", FunctionType::InCore,
      {{p1, ParamDirection::In}, {p2, ParamDirection::In},
       {p3, ParamDirection::In}},
      {}, b.ret({}));
  Emitted kernels = kernelsOf(*b.program("P", {k}));
  ASSERT_TRUE(kernels.ok) << kernels.errors;
  EXPECT_NE(kernels.text.find("int fn_k(const KernelContext &ctx, const Tensor "
                              "&v_int, const Tensor &v_Tensor, const Tensor "
                              "&v_ctx)"),
            std::string::npos)
      << kernels.text;
}

} // namespace
