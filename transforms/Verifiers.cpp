//===- Verifiers.cpp - The verifier table ---------------------------------===//

#include "transforms/Verifiers.h"

using namespace plc;
using namespace plc::transforms;

static void runSSA(const ir::Program &p, IRProperties, Violations &out) {
  verifySSAForm(p, out);
}
static void runUseAfterDef(const ir::Program &p, IRProperties,
                           Violations &out) {
  verifyUseAfterDef(p, out);
}
static void runOutlined(const ir::Program &p, IRProperties established,
                        Violations &out) {
  verifyScopesOutlined(p, established, out);
}
static void runDeps(const ir::Program &p, IRProperties, Violations &out) {
  verifyDepsOnSubmitOnly(p, out);
}
static void runControlDeps(const ir::Program &p, IRProperties,
                           Violations &out) {
  verifyControlDepsPreserved(p, out);
}

llvm::ArrayRef<VerifierInfo> plc::transforms::allVerifiers() {
  static const VerifierInfo table[] = {
      {"ssa-form", {IRProperty::SSAForm}, runSSA},
      {"use-after-def", {IRProperty::DefinedBeforeUse}, runUseAfterDef},
      {"scopes-outlined",
       {IRProperty::HierarchyOutlined, IRProperty::InCoreOutlined,
        IRProperty::ClusterOutlined},
       runOutlined},
      {"deps-on-submit-only", {}, runDeps},
      {"control-deps-preserved", {}, runControlDeps},
  };
  return table;
}
