//===- ProgramGenerator.h - Large .pl programs for benchmarks ---*- C++ -*-===//
///
/// \file
/// Writes a program with N dispatch scopes, cycling through the three
/// authoring forms (`pl.at(...) as t`, `pl.spmd(...) as t`,
/// `pl.submit(...)`), each with deps on the scope before it in its function
/// and every fourth with a dispatch predicate: the shape of generated
/// per-layer programs. The scopes are spread evenly over K orchestration
/// functions (`main`, `main_1`, ...), each a chain of its own, so that a
/// cost one function leaves behind for the next shows as growth.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_BENCH_PROGRAMGENERATOR_H
#define PLC_BENCH_PROGRAMGENERATOR_H

#include <string>

namespace plc::bench {

std::string generateScopeProgram(unsigned numScopes, unsigned numFunctions = 1);

} // namespace plc::bench

#endif // PLC_BENCH_PROGRAMGENERATOR_H
