# Dispatch predicates in codegen: all six operators with the literal on the
# right (`rc[1, 2] OP 3`, kept) and on the left (`3 OP rc[1, 2]`, mirrored),
# indices in order, exactly one predicate block per predicated task, before
# its submit, and none for the unpredicated task.
# RUN: %plc --emit=orch %s | FileCheck %s
# RUN: %plc --emit=orch %s | grep -c 'set_predicate(' | FileCheck %s --check-prefix=COUNT
# RUN: %plc --emit=orch %s | grep -c 'CoreTaskPredicate ' | FileCheck %s --check-prefix=COUNT
# COUNT: 12
import pypto.language as pl

@pl.program
class PredicateOperators:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.tile.full([4, 4], dtype=pl.FP32, value=1.0)
        return pl.store(t, [0, 0], x)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, rc: pl.Tensor[[4, 4], pl.INT32],
             x: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        x, t0 = pl.submit(self.k, x, predicate=(rc[1, 2] == 3))
        x, t1 = pl.submit(self.k, x, predicate=(3 == rc[1, 2]))
        x, t2 = pl.submit(self.k, x, predicate=(rc[1, 2] != 3))
        x, t3 = pl.submit(self.k, x, predicate=(3 != rc[1, 2]))
        x, t4 = pl.submit(self.k, x, predicate=(rc[1, 2] > 3))
        x, t5 = pl.submit(self.k, x, predicate=(3 > rc[1, 2]))
        x, t6 = pl.submit(self.k, x, predicate=(rc[1, 2] < 3))
        x, t7 = pl.submit(self.k, x, predicate=(3 < rc[1, 2]))
        x, t8 = pl.submit(self.k, x, predicate=(rc[1, 2] >= 3))
        x, t9 = pl.submit(self.k, x, predicate=(3 >= rc[1, 2]))
        x, t10 = pl.submit(self.k, x, predicate=(rc[1, 2] <= 3))
        x, t11 = pl.submit(self.k, x, predicate=(3 <= rc[1, 2]))
        x, t12 = pl.submit(self.k, x)
        return x

# CHECK-LABEL: // Task 0: k
# CHECK-NEXT: CoreTaskArgs params_t0;
# CHECK-NEXT: params_t0.add_output(ext_x);
# CHECK-NEXT: CoreTaskPredicate params_t0_pred;
# CHECK-NEXT: params_t0_pred.operand.tensor = &ext_rc;
# CHECK-NEXT: params_t0_pred.operand.ndims = 2;
# CHECK-NEXT: params_t0_pred.operand.indices[0] = 1;
# CHECK-NEXT: params_t0_pred.operand.indices[1] = 2;
# CHECK-NEXT: params_t0_pred.op = PredicateOp::EQ;
# CHECK-NEXT: params_t0_pred.target = 3;
# CHECK-NEXT: params_t0.set_predicate(params_t0_pred);
# CHECK-NEXT: TaskOutputTensors task_0_outs = rt_submit_aiv_task(KERNEL_k, params_t0);
# CHECK-LABEL: // Task 1: k
# CHECK-NEXT: CoreTaskArgs params_t1;
# CHECK-NEXT: params_t1.add_output(ext_x);
# CHECK-NEXT: TaskId params_t1_deps[1];
# CHECK-NEXT: uint32_t params_t1_deps_count = 0;
# CHECK-NEXT: params_t1_deps[params_t1_deps_count++] = task_0_outs.task_id();  // OUTPUT
# CHECK-NEXT: params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
# CHECK-NEXT: CoreTaskPredicate params_t1_pred;
# CHECK-NEXT: params_t1_pred.operand.tensor = &ext_rc;
# CHECK-NEXT: params_t1_pred.operand.ndims = 2;
# CHECK-NEXT: params_t1_pred.operand.indices[0] = 1;
# CHECK-NEXT: params_t1_pred.operand.indices[1] = 2;
# CHECK-NEXT: params_t1_pred.op = PredicateOp::EQ;
# CHECK-NEXT: params_t1_pred.target = 3;
# CHECK-NEXT: params_t1.set_predicate(params_t1_pred);
# CHECK-NEXT: TaskOutputTensors task_1_outs = rt_submit_aiv_task(KERNEL_k, params_t1);
# CHECK-LABEL: // Task 2: k
# CHECK-NEXT: CoreTaskArgs params_t2;
# CHECK-NEXT: params_t2.add_output(ext_x);
# CHECK-NEXT: TaskId params_t2_deps[1];
# CHECK-NEXT: uint32_t params_t2_deps_count = 0;
# CHECK-NEXT: params_t2_deps[params_t2_deps_count++] = task_1_outs.task_id();  // OUTPUT
# CHECK-NEXT: params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
# CHECK-NEXT: CoreTaskPredicate params_t2_pred;
# CHECK-NEXT: params_t2_pred.operand.tensor = &ext_rc;
# CHECK-NEXT: params_t2_pred.operand.ndims = 2;
# CHECK-NEXT: params_t2_pred.operand.indices[0] = 1;
# CHECK-NEXT: params_t2_pred.operand.indices[1] = 2;
# CHECK-NEXT: params_t2_pred.op = PredicateOp::NE;
# CHECK-NEXT: params_t2_pred.target = 3;
# CHECK-NEXT: params_t2.set_predicate(params_t2_pred);
# CHECK-NEXT: TaskOutputTensors task_2_outs = rt_submit_aiv_task(KERNEL_k, params_t2);
# CHECK-LABEL: // Task 3: k
# CHECK-NEXT: CoreTaskArgs params_t3;
# CHECK-NEXT: params_t3.add_output(ext_x);
# CHECK-NEXT: TaskId params_t3_deps[1];
# CHECK-NEXT: uint32_t params_t3_deps_count = 0;
# CHECK-NEXT: params_t3_deps[params_t3_deps_count++] = task_2_outs.task_id();  // OUTPUT
# CHECK-NEXT: params_t3.set_dependencies(params_t3_deps, params_t3_deps_count);
# CHECK-NEXT: CoreTaskPredicate params_t3_pred;
# CHECK-NEXT: params_t3_pred.operand.tensor = &ext_rc;
# CHECK-NEXT: params_t3_pred.operand.ndims = 2;
# CHECK-NEXT: params_t3_pred.operand.indices[0] = 1;
# CHECK-NEXT: params_t3_pred.operand.indices[1] = 2;
# CHECK-NEXT: params_t3_pred.op = PredicateOp::NE;
# CHECK-NEXT: params_t3_pred.target = 3;
# CHECK-NEXT: params_t3.set_predicate(params_t3_pred);
# CHECK-NEXT: TaskOutputTensors task_3_outs = rt_submit_aiv_task(KERNEL_k, params_t3);
# CHECK-LABEL: // Task 4: k
# CHECK-NEXT: CoreTaskArgs params_t4;
# CHECK-NEXT: params_t4.add_output(ext_x);
# CHECK-NEXT: TaskId params_t4_deps[1];
# CHECK-NEXT: uint32_t params_t4_deps_count = 0;
# CHECK-NEXT: params_t4_deps[params_t4_deps_count++] = task_3_outs.task_id();  // OUTPUT
# CHECK-NEXT: params_t4.set_dependencies(params_t4_deps, params_t4_deps_count);
# CHECK-NEXT: CoreTaskPredicate params_t4_pred;
# CHECK-NEXT: params_t4_pred.operand.tensor = &ext_rc;
# CHECK-NEXT: params_t4_pred.operand.ndims = 2;
# CHECK-NEXT: params_t4_pred.operand.indices[0] = 1;
# CHECK-NEXT: params_t4_pred.operand.indices[1] = 2;
# CHECK-NEXT: params_t4_pred.op = PredicateOp::GT;
# CHECK-NEXT: params_t4_pred.target = 3;
# CHECK-NEXT: params_t4.set_predicate(params_t4_pred);
# CHECK-NEXT: TaskOutputTensors task_4_outs = rt_submit_aiv_task(KERNEL_k, params_t4);
# CHECK-LABEL: // Task 5: k
# CHECK-NEXT: CoreTaskArgs params_t5;
# CHECK-NEXT: params_t5.add_output(ext_x);
# CHECK-NEXT: TaskId params_t5_deps[1];
# CHECK-NEXT: uint32_t params_t5_deps_count = 0;
# CHECK-NEXT: params_t5_deps[params_t5_deps_count++] = task_4_outs.task_id();  // OUTPUT
# CHECK-NEXT: params_t5.set_dependencies(params_t5_deps, params_t5_deps_count);
# CHECK-NEXT: CoreTaskPredicate params_t5_pred;
# CHECK-NEXT: params_t5_pred.operand.tensor = &ext_rc;
# CHECK-NEXT: params_t5_pred.operand.ndims = 2;
# CHECK-NEXT: params_t5_pred.operand.indices[0] = 1;
# CHECK-NEXT: params_t5_pred.operand.indices[1] = 2;
# CHECK-NEXT: params_t5_pred.op = PredicateOp::LT;
# CHECK-NEXT: params_t5_pred.target = 3;
# CHECK-NEXT: params_t5.set_predicate(params_t5_pred);
# CHECK-NEXT: TaskOutputTensors task_5_outs = rt_submit_aiv_task(KERNEL_k, params_t5);
# CHECK-LABEL: // Task 6: k
# CHECK-NEXT: CoreTaskArgs params_t6;
# CHECK-NEXT: params_t6.add_output(ext_x);
# CHECK-NEXT: TaskId params_t6_deps[1];
# CHECK-NEXT: uint32_t params_t6_deps_count = 0;
# CHECK-NEXT: params_t6_deps[params_t6_deps_count++] = task_5_outs.task_id();  // OUTPUT
# CHECK-NEXT: params_t6.set_dependencies(params_t6_deps, params_t6_deps_count);
# CHECK-NEXT: CoreTaskPredicate params_t6_pred;
# CHECK-NEXT: params_t6_pred.operand.tensor = &ext_rc;
# CHECK-NEXT: params_t6_pred.operand.ndims = 2;
# CHECK-NEXT: params_t6_pred.operand.indices[0] = 1;
# CHECK-NEXT: params_t6_pred.operand.indices[1] = 2;
# CHECK-NEXT: params_t6_pred.op = PredicateOp::LT;
# CHECK-NEXT: params_t6_pred.target = 3;
# CHECK-NEXT: params_t6.set_predicate(params_t6_pred);
# CHECK-NEXT: TaskOutputTensors task_6_outs = rt_submit_aiv_task(KERNEL_k, params_t6);
# CHECK-LABEL: // Task 7: k
# CHECK-NEXT: CoreTaskArgs params_t7;
# CHECK-NEXT: params_t7.add_output(ext_x);
# CHECK-NEXT: TaskId params_t7_deps[1];
# CHECK-NEXT: uint32_t params_t7_deps_count = 0;
# CHECK-NEXT: params_t7_deps[params_t7_deps_count++] = task_6_outs.task_id();  // OUTPUT
# CHECK-NEXT: params_t7.set_dependencies(params_t7_deps, params_t7_deps_count);
# CHECK-NEXT: CoreTaskPredicate params_t7_pred;
# CHECK-NEXT: params_t7_pred.operand.tensor = &ext_rc;
# CHECK-NEXT: params_t7_pred.operand.ndims = 2;
# CHECK-NEXT: params_t7_pred.operand.indices[0] = 1;
# CHECK-NEXT: params_t7_pred.operand.indices[1] = 2;
# CHECK-NEXT: params_t7_pred.op = PredicateOp::GT;
# CHECK-NEXT: params_t7_pred.target = 3;
# CHECK-NEXT: params_t7.set_predicate(params_t7_pred);
# CHECK-NEXT: TaskOutputTensors task_7_outs = rt_submit_aiv_task(KERNEL_k, params_t7);
# CHECK-LABEL: // Task 8: k
# CHECK-NEXT: CoreTaskArgs params_t8;
# CHECK-NEXT: params_t8.add_output(ext_x);
# CHECK-NEXT: TaskId params_t8_deps[1];
# CHECK-NEXT: uint32_t params_t8_deps_count = 0;
# CHECK-NEXT: params_t8_deps[params_t8_deps_count++] = task_7_outs.task_id();  // OUTPUT
# CHECK-NEXT: params_t8.set_dependencies(params_t8_deps, params_t8_deps_count);
# CHECK-NEXT: CoreTaskPredicate params_t8_pred;
# CHECK-NEXT: params_t8_pred.operand.tensor = &ext_rc;
# CHECK-NEXT: params_t8_pred.operand.ndims = 2;
# CHECK-NEXT: params_t8_pred.operand.indices[0] = 1;
# CHECK-NEXT: params_t8_pred.operand.indices[1] = 2;
# CHECK-NEXT: params_t8_pred.op = PredicateOp::GE;
# CHECK-NEXT: params_t8_pred.target = 3;
# CHECK-NEXT: params_t8.set_predicate(params_t8_pred);
# CHECK-NEXT: TaskOutputTensors task_8_outs = rt_submit_aiv_task(KERNEL_k, params_t8);
# CHECK-LABEL: // Task 9: k
# CHECK-NEXT: CoreTaskArgs params_t9;
# CHECK-NEXT: params_t9.add_output(ext_x);
# CHECK-NEXT: TaskId params_t9_deps[1];
# CHECK-NEXT: uint32_t params_t9_deps_count = 0;
# CHECK-NEXT: params_t9_deps[params_t9_deps_count++] = task_8_outs.task_id();  // OUTPUT
# CHECK-NEXT: params_t9.set_dependencies(params_t9_deps, params_t9_deps_count);
# CHECK-NEXT: CoreTaskPredicate params_t9_pred;
# CHECK-NEXT: params_t9_pred.operand.tensor = &ext_rc;
# CHECK-NEXT: params_t9_pred.operand.ndims = 2;
# CHECK-NEXT: params_t9_pred.operand.indices[0] = 1;
# CHECK-NEXT: params_t9_pred.operand.indices[1] = 2;
# CHECK-NEXT: params_t9_pred.op = PredicateOp::LE;
# CHECK-NEXT: params_t9_pred.target = 3;
# CHECK-NEXT: params_t9.set_predicate(params_t9_pred);
# CHECK-NEXT: TaskOutputTensors task_9_outs = rt_submit_aiv_task(KERNEL_k, params_t9);
# CHECK-LABEL: // Task 10: k
# CHECK-NEXT: CoreTaskArgs params_t10;
# CHECK-NEXT: params_t10.add_output(ext_x);
# CHECK-NEXT: TaskId params_t10_deps[1];
# CHECK-NEXT: uint32_t params_t10_deps_count = 0;
# CHECK-NEXT: params_t10_deps[params_t10_deps_count++] = task_9_outs.task_id();  // OUTPUT
# CHECK-NEXT: params_t10.set_dependencies(params_t10_deps, params_t10_deps_count);
# CHECK-NEXT: CoreTaskPredicate params_t10_pred;
# CHECK-NEXT: params_t10_pred.operand.tensor = &ext_rc;
# CHECK-NEXT: params_t10_pred.operand.ndims = 2;
# CHECK-NEXT: params_t10_pred.operand.indices[0] = 1;
# CHECK-NEXT: params_t10_pred.operand.indices[1] = 2;
# CHECK-NEXT: params_t10_pred.op = PredicateOp::LE;
# CHECK-NEXT: params_t10_pred.target = 3;
# CHECK-NEXT: params_t10.set_predicate(params_t10_pred);
# CHECK-NEXT: TaskOutputTensors task_10_outs = rt_submit_aiv_task(KERNEL_k, params_t10);
# CHECK-LABEL: // Task 11: k
# CHECK-NEXT: CoreTaskArgs params_t11;
# CHECK-NEXT: params_t11.add_output(ext_x);
# CHECK-NEXT: TaskId params_t11_deps[1];
# CHECK-NEXT: uint32_t params_t11_deps_count = 0;
# CHECK-NEXT: params_t11_deps[params_t11_deps_count++] = task_10_outs.task_id();  // OUTPUT
# CHECK-NEXT: params_t11.set_dependencies(params_t11_deps, params_t11_deps_count);
# CHECK-NEXT: CoreTaskPredicate params_t11_pred;
# CHECK-NEXT: params_t11_pred.operand.tensor = &ext_rc;
# CHECK-NEXT: params_t11_pred.operand.ndims = 2;
# CHECK-NEXT: params_t11_pred.operand.indices[0] = 1;
# CHECK-NEXT: params_t11_pred.operand.indices[1] = 2;
# CHECK-NEXT: params_t11_pred.op = PredicateOp::GE;
# CHECK-NEXT: params_t11_pred.target = 3;
# CHECK-NEXT: params_t11.set_predicate(params_t11_pred);
# CHECK-NEXT: TaskOutputTensors task_11_outs = rt_submit_aiv_task(KERNEL_k, params_t11);
# The last task has no predicate.
# CHECK-LABEL: // Task 12: k
# CHECK-NOT: CoreTaskPredicate
# CHECK-NOT: set_predicate
# CHECK: TaskOutputTensors task_12_outs = rt_submit_aiv_task(KERNEL_k, params_t12);
# CHECK-NOT: set_predicate
