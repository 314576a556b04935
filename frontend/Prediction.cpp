//===- Prediction.cpp - Adaptive prediction without a heap allocation -----===//

#include "frontend/Prediction.h"

using namespace plc::frontend;
namespace atn = antlr4::atn;

void PredictionSimulator::install(antlr4::Parser &parser) {
  auto *old = parser.getInterpreter<atn::ParserATNSimulator>();
  auto *replacement =
      new PredictionSimulator(&parser, old->atn, old->decisionToDFA,
                              old->getSharedContextCache());
  replacement->setPredictionMode(old->getPredictionMode());
  parser.setInterpreter(replacement); // deletes `old`
}

size_t PredictionSimulator::adaptivePredict(
    antlr4::TokenStream *input, size_t decision,
    antlr4::ParserRuleContext *outerContext) {
  antlr4::dfa::DFA &dfa = decisionToDFA[decision];
  antlr4::dfa::DFAState *start =
      dfa.isPrecedenceDfa()
          ? dfa.getPrecedenceStartState(parser->getPrecedence())
          : dfa.s0;
  if (!start)
    return ParserATNSimulator::adaptivePredict(input, decision, outerContext);

  _input = input;
  _startIndex = input->index();
  _outerContext = outerContext;
  _dfa = &dfa;
  ssize_t marker = input->mark();

  // What the runtime's clean-up does, on every way out of execATN (it
  // throws when no alternative is viable).
  struct Restore {
    PredictionSimulator &sim;
    antlr4::TokenStream *input;
    size_t index;
    ssize_t marker;
    ~Restore() {
      sim.mergeCache.clear();
      sim._dfa = nullptr;
      input->seek(index);
      input->release(marker);
    }
  } restore{*this, input, _startIndex, marker};

  return execATN(dfa, start, input, _startIndex,
                 outerContext ? outerContext
                              : &antlr4::ParserRuleContext::EMPTY);
}
