# Launch specs: a standalone pl.spmd and a pl.spmd unwrapped into a cluster
# both carry their block count on the dispatch; the kernel reads its block
# index from the KernelContext.
# RUN: %plc --emit=orch %examples/spmd_block_slices.pl | FileCheck %s --check-prefix=SLICES
# RUN: %plc --emit=orch %examples/cluster_spmd.pl | FileCheck %s --check-prefix=CLUSTER
# RUN: %plc --emit=kernels %examples/spmd_block_slices.pl | FileCheck %s --check-prefix=KERNEL

# SLICES:      // Task 0: main_spmd_0 (runs main_incore_0)
# SLICES-NEXT: CoreTaskArgs params_t0;
# SLICES-NEXT: params_t0.add_output(ext_out);
# SLICES-NEXT: params_t0.launch_spec.set_block_num(4);
# SLICES-NEXT: TaskOutputTensors task_0_outs = rt_submit_aiv_task(KERNEL_main_incore_0, params_t0);

# CLUSTER:      // Task 0: halves (runs main_incore_0)
# CLUSTER-NEXT: CoreTaskArgs params_t0;
# CLUSTER-NEXT: params_t0.add_input(ext_x);
# CLUSTER-NEXT: params_t0.add_output(ext_out);
# CLUSTER-NEXT: params_t0.launch_spec.set_block_num(2);
# CLUSTER-NEXT: TaskOutputTensors task_0_outs = rt_submit_aiv_task(KERNEL_main_incore_0, params_t0);

# KERNEL: int fn_main_incore_0(const KernelContext &ctx, const Tensor &out)
# KERNEL: static_cast<int64_t>(ctx.blockIdx)
# KERNEL: const KernelDesc KERNEL_main_incore_0{"main_incore_0", &kernel_main_incore_0};
