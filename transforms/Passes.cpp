//===- Passes.cpp - Pass registry and the default pipeline ----------------===//

#include "transforms/Passes.h"

#include "transforms/PassManager.h"

using namespace plc;
using namespace plc::transforms;

void plc::transforms::buildDefaultPipeline(PassManager &pm) {
  pm.addPass(createConvertToSSAPass());
  pm.addPass(createSimplifyPass());
  pm.addPass(createOutlineHierarchyScopesPass());
  pm.addPass(createOutlineIncoreScopesPass());
  pm.addPass(createOutlineClusterScopesPass());
  pm.addPass(createAssertNoInnerDispatchPredicatePass());
  pm.addPass(createBuildTaskGraphPass());
}

namespace {
struct Entry {
  llvm::StringRef name;
  std::unique_ptr<Pass> (*create)();
};
} // namespace

static llvm::ArrayRef<Entry> registry() {
  static const Entry entries[] = {
      {"convert-to-ssa", createConvertToSSAPass},
      {"simplify", createSimplifyPass},
      {"outline-hierarchy-scopes", createOutlineHierarchyScopesPass},
      {"outline-incore-scopes", createOutlineIncoreScopesPass},
      {"outline-cluster-scopes", createOutlineClusterScopesPass},
      {"assert-no-inner-dispatch-predicate",
       createAssertNoInnerDispatchPredicatePass},
      {"build-task-graph", createBuildTaskGraphPass},
  };
  return entries;
}

std::unique_ptr<Pass> plc::transforms::createPassByName(llvm::StringRef name) {
  for (const Entry &entry : registry())
    if (entry.name == name)
      return entry.create();
  return nullptr;
}

llvm::ArrayRef<llvm::StringRef> plc::transforms::allPassNames() {
  static const llvm::SmallVector<llvm::StringRef, 8> names = [] {
    llvm::SmallVector<llvm::StringRef, 8> result;
    for (const Entry &entry : registry())
      result.push_back(entry.name);
    return result;
  }();
  return names;
}
