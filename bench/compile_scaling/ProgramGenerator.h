//===- ProgramGenerator.h - Large .pl programs for benchmarks ---*- C++ -*-===//
///
/// \file
/// Writes an orchestration program with N dispatch scopes, cycling through
/// the three authoring forms (`pl.at(...) as t`, `pl.spmd(...) as t`,
/// `pl.submit(...)`), each with deps on the scope before it and every fourth
/// with a dispatch predicate: the shape of generated per-layer programs.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_BENCH_PROGRAMGENERATOR_H
#define PLC_BENCH_PROGRAMGENERATOR_H

#include <string>

namespace plc::bench {

std::string generateScopeProgram(unsigned numScopes);

} // namespace plc::bench

#endif // PLC_BENCH_PROGRAMGENERATOR_H
