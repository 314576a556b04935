//===- ExitCode.h - Process exit codes of plc -------------------*- C++ -*-===//
///
/// \file
/// plc's exit status contract: 0 success, 1 the user's input is wrong (a
/// diagnostic says where), 2 the command line is wrong or the compiler itself
/// failed (including features not implemented yet).
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TOOLS_PLC_EXITCODE_H
#define PLC_TOOLS_PLC_EXITCODE_H

namespace plc::driver {

enum class ExitCode : int {
  Success = 0,
  UserError = 1,
  UsageError = 2,
  InternalError = 2,
};

inline int toInt(ExitCode code) { return static_cast<int>(code); }

} // namespace plc::driver

#endif // PLC_TOOLS_PLC_EXITCODE_H
