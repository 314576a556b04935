//===- Prediction.h - Adaptive prediction, allocation-free ----*- C++ -*-===//
///
/// \file
/// The ANTLR 4.9 runtime's adaptivePredict wraps its clean-up in a
/// std::function whose captures do not fit the small buffer, so every
/// prediction, even one the DFA answers at once, allocates and frees. That
/// was a twentieth of the parse. PredictionSimulator does the same work with
/// the clean-up in a destructor; a decision whose DFA has no start state yet
/// still goes through the runtime's path, which builds it.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_FRONTEND_PREDICTION_H
#define PLC_FRONTEND_PREDICTION_H

#include "antlr4-runtime.h"

namespace plc {
namespace frontend {

class PredictionSimulator final : public antlr4::atn::ParserATNSimulator {
public:
  /// Replaces `parser`'s simulator with one that shares its DFA and caches.
  static void install(antlr4::Parser &parser);

  size_t adaptivePredict(antlr4::TokenStream *input, size_t decision,
                         antlr4::ParserRuleContext *outerContext) override;

private:
  using ParserATNSimulator::ParserATNSimulator;
};

} // namespace frontend
} // namespace plc

#endif // PLC_FRONTEND_PREDICTION_H
