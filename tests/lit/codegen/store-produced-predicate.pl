# A predicate over a tensor an earlier scope wrote with pl.store names the
# parameter that scope wrote (&ext_rc), and the task graph's FLOW edge from
# the writer (merged with the deps= edge) orders the read after the write.
# RUN: %plc --emit=orch %examples/store_produced_predicate.pl | FileCheck %s

# CHECK-LABEL: void orch_main(
# CHECK:      const Tensor &ext_x = orch_tensors[0];
# CHECK-NEXT: const Tensor &ext_rc = orch_tensors[1];
# CHECK-NEXT: const Tensor &ext_out = orch_tensors[2];
# CHECK:      // Task 0: main_incore_0
# CHECK-NEXT: CoreTaskArgs params_t0;
# CHECK-NEXT: params_t0.add_inout(ext_rc);
# CHECK-NEXT: TaskOutputTensors task_0_outs = rt_submit_aiv_task(KERNEL_main_incore_0, params_t0);
# CHECK:      // Task 1: main_incore_1
# CHECK-NEXT: CoreTaskArgs params_t1;
# CHECK-NEXT: params_t1.add_input(ext_x);
# CHECK-NEXT: params_t1.add_output(ext_out);
# CHECK-NEXT: TaskId params_t1_deps[1];
# CHECK-NEXT: uint32_t params_t1_deps_count = 0;
# CHECK-NEXT: params_t1_deps[params_t1_deps_count++] = task_0_outs.task_id();  // FLOW
# CHECK-NEXT: params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
# CHECK-NEXT: CoreTaskPredicate params_t1_pred;
# CHECK-NEXT: params_t1_pred.operand.tensor = &ext_rc;
# CHECK-NEXT: params_t1_pred.operand.ndims = 2;
# CHECK-NEXT: params_t1_pred.operand.indices[0] = 0;
# CHECK-NEXT: params_t1_pred.operand.indices[1] = 0;
# CHECK-NEXT: params_t1_pred.op = PredicateOp::GT;
# CHECK-NEXT: params_t1_pred.target = 0;
# CHECK-NEXT: params_t1.set_predicate(params_t1_pred);
# CHECK-NEXT: TaskOutputTensors task_1_outs = rt_submit_aiv_task(KERNEL_main_incore_1, params_t1);
