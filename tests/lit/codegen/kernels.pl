# Kernel code: each InCore function becomes a typed body over tensor views,
# an adapter from the KernelContext, and a descriptor in the kernel table.
# RUN: %plc --emit=kernels %examples/predicated_chain_submit.pl | FileCheck %s

# CHECK: #include "plrt/plrt.h"
# CHECK-LABEL: // InCore function x_producer.
# CHECK-NEXT: int fn_x_producer(const KernelContext &ctx, const Tensor &x) {
# CHECK:      std::vector<float> t(16384, static_cast<float>(42.0f));
# CHECK-NEXT: plk_store<float>(t, {128, 128}, x, {0, 0});
# CHECK-NEXT: return 0;
# CHECK-LABEL: int kernel_x_producer(const KernelContext &ctx) {
# CHECK:      return fn_x_producer(ctx, ctx.tensor(0));
# CHECK-LABEL: // InCore function consumer.
# CHECK-NEXT: int fn_consumer(const KernelContext &ctx, const Tensor &x, const Tensor &out) {
# CHECK:      std::vector<float> t = plk_load<float, float>(x, {0, 0}, {128, 128});
# CHECK-NEXT: plk_store<float>(t, {128, 128}, out, {0, 0});
# CHECK-LABEL: // The kernel table
# CHECK:      const KernelDesc KERNEL_x_producer{"x_producer", &kernel_x_producer};
# CHECK-NEXT: const KernelDesc KERNEL_clobber{"clobber", &kernel_clobber};
# CHECK-NEXT: const KernelDesc KERNEL_consumer{"consumer", &kernel_consumer};
# CHECK:      const KernelDesc *const plc_kernel_table[] = {&KERNEL_x_producer, &KERNEL_clobber, &KERNEL_consumer, nullptr};
