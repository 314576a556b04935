//===- Pass.cpp - A program-to-program transformation ---------------------===//

#include "transforms/Pass.h"

#include "llvm/Support/ErrorHandling.h"

using namespace plc;
using namespace plc::transforms;

Pass::~Pass() = default;

llvm::StringRef plc::transforms::propertyName(IRProperty property) {
  switch (property) {
  case IRProperty::SSAForm:
    return "ssa-form";
  case IRProperty::DefinedBeforeUse:
    return "defined-before-use";
  case IRProperty::HierarchyOutlined:
    return "hierarchy-outlined";
  case IRProperty::InCoreOutlined:
    return "incore-outlined";
  case IRProperty::ClusterOutlined:
    return "cluster-outlined";
  }
  llvm_unreachable("unknown IR property");
}

InFlightDiagnostic PassContext::internalError(Span at,
                                              const llvm::Twine &message) {
  internal = true;
  return diags.error(at, "internal error: " + message);
}
