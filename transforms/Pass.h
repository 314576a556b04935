//===- Pass.h - A program-to-program transformation -------------*- C++ -*-===//
///
/// \file
/// A Pass maps a Program to a new Program (IR is immutable; unchanged
/// functions are shared). Each pass declares its contract as data: the IR
/// properties it requires, produces and invalidates. The PassManager checks
/// requirements before a pass and, with --verify-each, runs the verifier of
/// every established property after it.
///
/// Two error channels: errors in the user's program go through the
/// DiagnosticEngine as plain errors; a broken compiler invariant detected at
/// run time (a verifier failing after a pass, a predicate that reached a
/// place it must never reach) is reported with PassContext::internalError so
/// the driver can tell the two apart (exit 1 vs exit 2).
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TRANSFORMS_PASS_H
#define PLC_TRANSFORMS_PASS_H

#include "ir/Diagnostics.h"
#include "ir/IRContext.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <cstdint>

namespace plc::transforms {

/// Facts about the IR that passes rely on and verifiers check.
enum class IRProperty : uint8_t {
  SSAForm,           ///< every Var defined once; loop/branch values via Yield
  DefinedBeforeUse,  ///< no Var used where it is not defined
  HierarchyOutlined, ///< no Hierarchy scope left in an Opaque function
  InCoreOutlined,    ///< no InCore scope left outside kernel functions
  ClusterOutlined,   ///< no Cluster or Spmd scope left anywhere
};
constexpr unsigned kNumIRProperties = 5;

llvm::StringRef propertyName(IRProperty property);

/// A small set of IRProperty.
class IRProperties {
public:
  IRProperties() = default;
  IRProperties(std::initializer_list<IRProperty> properties) {
    for (IRProperty p : properties)
      insert(p);
  }
  void insert(IRProperty p) { bits |= bit(p); }
  bool contains(IRProperty p) const { return bits & bit(p); }
  bool empty() const { return bits == 0; }
  IRProperties operator|(IRProperties o) const { return fromBits(bits | o.bits); }
  IRProperties operator-(IRProperties o) const {
    return fromBits(bits & ~o.bits);
  }
  bool operator==(IRProperties o) const { return bits == o.bits; }

  /// Members in enum order.
  template <typename Fn> void forEach(Fn fn) const {
    for (unsigned i = 0; i < kNumIRProperties; ++i)
      if (bits & (1u << i))
        fn(static_cast<IRProperty>(i));
  }

private:
  static uint32_t bit(IRProperty p) { return 1u << static_cast<unsigned>(p); }
  static IRProperties fromBits(uint32_t b) {
    IRProperties s;
    s.bits = b;
    return s;
  }
  uint32_t bits = 0;
};

/// What a pass may use while it runs.
class PassContext {
public:
  PassContext(ir::IRContext &ir, DiagnosticEngine &diags)
      : ir(ir), diags(diags) {}

  /// A compiler bug found at run time, reported through the diagnostics
  /// (`error: internal error: ...`) so it names a source location.
  InFlightDiagnostic internalError(Span at, const llvm::Twine &message);
  /// An error in the user's program.
  InFlightDiagnostic error(Span at, const llvm::Twine &message) {
    return diags.error(at, message);
  }
  bool sawInternalError() const { return internal; }

  ir::IRContext &ir;
  DiagnosticEngine &diags;

private:
  bool internal = false;
};

class Pass {
public:
  virtual ~Pass();
  /// The name used in pipeline strings (`--passes=`).
  virtual llvm::StringRef name() const = 0;
  virtual IRProperties required() const { return {}; }
  virtual IRProperties produced() const { return {}; }
  virtual IRProperties invalidated() const { return {}; }
  /// Returns the transformed program (the input itself when nothing
  /// changed), or null after reporting at least one error.
  virtual const ir::Program *run(const ir::Program &program,
                                 PassContext &pc) = 0;
};

} // namespace plc::transforms

#endif // PLC_TRANSFORMS_PASS_H
