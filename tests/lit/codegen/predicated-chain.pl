# The predicated chain in its three authoring forms gives the same task
# sequence: same arguments, dependencies and predicate block, in the order
# args, launch spec, dependencies, predicate, submit. Parameters are bound
# as ext_<name>; the spmd wrappers are looked through to the kernel they run.
# RUN: %plc --emit=orch %examples/predicated_chain_submit.pl | FileCheck %s --check-prefixes=CHECK,SUBMIT
# RUN: %plc --emit=orch %examples/predicated_chain_at.pl | FileCheck %s --check-prefixes=CHECK,AT
# RUN: %plc --emit=orch %examples/predicated_chain_spmd.pl | FileCheck %s --check-prefixes=CHECK,SPMD

# CHECK: #include "plrt/plrt.h"
# SUBMIT:      extern const KernelDesc KERNEL_x_producer;
# SUBMIT-NEXT: extern const KernelDesc KERNEL_clobber;
# SUBMIT-NEXT: extern const KernelDesc KERNEL_consumer;
# CHECK-LABEL: void orch_main(
# CHECK:      const Tensor &ext_x = orch_tensors[0];
# CHECK-NEXT: const Tensor &ext_gate = orch_tensors[1];
# CHECK-NEXT: const Tensor &ext_out = orch_tensors[2];
# SUBMIT: PLRT_SCOPE(ScopeMode::MANUAL) {

# SUBMIT:    // Task 0: x_producer
# AT:        // Task 0: main_incore_0
# SPMD:      // Task 0: main_spmd_0 (runs x_producer)
# CHECK-NEXT: CoreTaskArgs params_t0;
# CHECK-NEXT: params_t0.add_output(ext_x);
# SUBMIT-NEXT: params_t0.launch_spec.set_block_num(1);
# SPMD-NEXT:   params_t0.launch_spec.set_block_num(1);
# CHECK-NEXT: TaskOutputTensors task_0_outs = rt_submit_aiv_task(KERNEL_{{x_producer|main_incore_0}}, params_t0);

# SUBMIT:    // Task 1: clobber
# AT:        // Task 1: main_incore_1
# SPMD:      // Task 1: main_spmd_1 (runs clobber)
# CHECK-NEXT: CoreTaskArgs params_t1;
# CHECK-NEXT: params_t1.add_output(ext_x);
# SUBMIT-NEXT: params_t1.launch_spec.set_block_num(1);
# SPMD-NEXT:   params_t1.launch_spec.set_block_num(1);
# CHECK-NEXT: TaskId params_t1_deps[1];
# CHECK-NEXT: uint32_t params_t1_deps_count = 0;
# SUBMIT-NEXT: params_t1_deps[params_t1_deps_count++] = task_0_outs.task_id();  // ORDERED
# AT-NEXT:     params_t1_deps[params_t1_deps_count++] = task_0_outs.task_id();  // OUTPUT
# SPMD-NEXT:   params_t1_deps[params_t1_deps_count++] = task_0_outs.task_id();  // OUTPUT
# CHECK-NEXT: params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
# CHECK-NEXT: CoreTaskPredicate params_t1_pred;
# CHECK-NEXT: params_t1_pred.operand.tensor = &ext_gate;
# CHECK-NEXT: params_t1_pred.operand.ndims = 2;
# CHECK-NEXT: params_t1_pred.operand.indices[0] = 0;
# CHECK-NEXT: params_t1_pred.operand.indices[1] = 0;
# CHECK-NEXT: params_t1_pred.op = PredicateOp::GT;
# CHECK-NEXT: params_t1_pred.target = 0;
# CHECK-NEXT: params_t1.set_predicate(params_t1_pred);
# CHECK-NEXT: TaskOutputTensors task_1_outs = rt_submit_aiv_task(KERNEL_{{clobber|main_incore_1}}, params_t1);

# SUBMIT:    // Task 2: consumer
# AT:        // Task 2: main_incore_2
# SPMD:      // Task 2: main_spmd_2 (runs consumer)
# CHECK-NEXT: CoreTaskArgs params_t2;
# CHECK-NEXT: params_t2.add_input(ext_x);
# CHECK-NEXT: params_t2.add_output(ext_out);
# SUBMIT-NEXT: params_t2.launch_spec.set_block_num(1);
# SPMD-NEXT:   params_t2.launch_spec.set_block_num(1);
# CHECK-NEXT: TaskId params_t2_deps[1];
# CHECK-NEXT: uint32_t params_t2_deps_count = 0;
# SUBMIT-NEXT: params_t2_deps[params_t2_deps_count++] = task_1_outs.task_id();  // ORDERED
# AT-NEXT:     params_t2_deps[params_t2_deps_count++] = task_1_outs.task_id();  // FLOW
# SPMD-NEXT:   params_t2_deps[params_t2_deps_count++] = task_1_outs.task_id();  // FLOW
# CHECK-NEXT: params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
# CHECK-NOT:  set_predicate
# CHECK:      TaskOutputTensors task_2_outs = rt_submit_aiv_task(KERNEL_{{consumer|main_incore_2}}, params_t2);
# CHECK-NOT:  set_predicate
