//===- HarnessCodegen.cpp - The main() that `plc run` builds --------------===//
//
// The harness is a small C++ main() compiled together with the
// orchestration and kernels files. It owns the entry function's parameters:
// every tensor is allocated at its declared shape (contiguous, zeroed),
// then filled according to its command line, one token group each:
//
//   workers N             worker threads (0: run tasks inline)
//   fill SLOT VALUE       every element of tensor SLOT := VALUE
//   set SLOT FLAT VALUE   element FLAT (row-major) of tensor SLOT := VALUE
//   scalar SLOT VALUE     scalar parameter SLOT := VALUE
//   print SLOT            after the run, print tensor SLOT's statistics
//
// SLOT counts tensors (or scalars) in parameter order. The driver checks
// names and bounds before it spawns the harness, so the harness only guards
// against malformed tokens. Output, one line per `print`, in order:
//   NAME: shape=[128, 128] dtype=FP32 min=42 max=42 sum=688128
//
//===----------------------------------------------------------------------===//

#include "codegen/ProgramCodegen.h"

#include "codegen/CppNames.h"

#include "ir/IR.h"

#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

using namespace plc;
using namespace plc::codegen;
using namespace plc::ir;

static const char *const harnessBody = R"(
double loadElement(DataType dtype, const unsigned char *p) {
  switch (dtype) {
  case DataType::FP32: { float v; std::memcpy(&v, p, 4); return v; }
  case DataType::FP64: { double v; std::memcpy(&v, p, 8); return v; }
  case DataType::INT8: { int8_t v; std::memcpy(&v, p, 1); return v; }
  case DataType::INT16: { int16_t v; std::memcpy(&v, p, 2); return v; }
  case DataType::INT32: { int32_t v; std::memcpy(&v, p, 4); return v; }
  case DataType::INT64: { int64_t v; std::memcpy(&v, p, 8); return static_cast<double>(v); }
  case DataType::UINT8: { uint8_t v; std::memcpy(&v, p, 1); return v; }
  case DataType::UINT16: { uint16_t v; std::memcpy(&v, p, 2); return v; }
  case DataType::UINT32: { uint32_t v; std::memcpy(&v, p, 4); return v; }
  case DataType::UINT64: { uint64_t v; std::memcpy(&v, p, 8); return static_cast<double>(v); }
  case DataType::BOOL: return *p ? 1.0 : 0.0;
  default: return 0.0;
  }
}

template <typename T> void storeAs(unsigned char *p, T v) {
  std::memcpy(p, &v, sizeof(T));
}

void storeElement(DataType dtype, unsigned char *p, double v) {
  switch (dtype) {
  case DataType::FP32: storeAs(p, static_cast<float>(v)); break;
  case DataType::FP64: storeAs(p, v); break;
  case DataType::INT8: storeAs(p, static_cast<int8_t>(v)); break;
  case DataType::INT16: storeAs(p, static_cast<int16_t>(v)); break;
  case DataType::INT32: storeAs(p, static_cast<int32_t>(v)); break;
  case DataType::INT64: storeAs(p, static_cast<int64_t>(v)); break;
  case DataType::UINT8: storeAs(p, static_cast<uint8_t>(v)); break;
  case DataType::UINT16: storeAs(p, static_cast<uint16_t>(v)); break;
  case DataType::UINT32: storeAs(p, static_cast<uint32_t>(v)); break;
  case DataType::UINT64: storeAs(p, static_cast<uint64_t>(v)); break;
  case DataType::BOOL: *p = v != 0 ? 1 : 0; break;
  default: break;
  }
}

uint64_t scalarBits(DataType dtype, double v) {
  uint64_t bits = 0;
  if (dtype == DataType::FP32) {
    float f = static_cast<float>(v);
    std::memcpy(&bits, &f, sizeof f);
  } else if (dtype == DataType::FP64) {
    std::memcpy(&bits, &v, sizeof v);
  } else if (dtype == DataType::BOOL) {
    bits = v != 0 ? 1 : 0;
  } else {
    bits = static_cast<uint64_t>(static_cast<int64_t>(v));
  }
  return bits;
}

[[noreturn]] void usage(const char *why) {
  std::fprintf(stderr, "error: harness: %s\n", why);
  std::exit(2);
}

uint64_t parseIndex(const char *text, uint64_t limit) {
  char *end = nullptr;
  unsigned long long v = std::strtoull(text, &end, 10);
  if (!end || *end || v >= limit)
    usage("index out of range");
  return v;
}

double parseValue(const char *text) {
  char *end = nullptr;
  double v = std::strtod(text, &end);
  if (!end || *end)
    usage("malformed value");
  return v;
}

} // namespace

int main(int argc, char **argv) {
  const size_t numTensors = tensorParams.size();
  std::vector<std::unique_ptr<unsigned char[]>> storage;
  std::vector<Tensor> tensors;
  std::vector<size_t> elements;
  for (const TensorParam &param : tensorParams) {
    size_t n = 1;
    for (uint32_t d = 0; d < param.ndims; ++d)
      n *= static_cast<size_t>(param.shape[d]);
    storage.emplace_back(new unsigned char[n * dataTypeSize(param.dtype) + 1]());
    tensors.push_back(Tensor::contiguous(storage.back().get(), param.dtype,
                                         param.shape, param.ndims));
    elements.push_back(n);
  }
  std::vector<uint64_t> scalars(scalarParams.size() + 1, 0);
  std::vector<size_t> prints;
  uint32_t workers = 2;

  for (int i = 1; i < argc;) {
    std::string op = argv[i];
    auto need = [&](int n) {
      if (i + n >= argc)
        usage("missing operand");
    };
    if (op == "workers") {
      need(1);
      workers = static_cast<uint32_t>(parseIndex(argv[i + 1], 1u << 16));
      i += 2;
    } else if (op == "fill") {
      need(2);
      size_t t = parseIndex(argv[i + 1], numTensors);
      double v = parseValue(argv[i + 2]);
      size_t size = dataTypeSize(tensorParams[t].dtype);
      for (size_t e = 0; e < elements[t]; ++e)
        storeElement(tensorParams[t].dtype, storage[t].get() + e * size, v);
      i += 3;
    } else if (op == "set") {
      need(3);
      size_t t = parseIndex(argv[i + 1], numTensors);
      size_t e = parseIndex(argv[i + 2], elements[t]);
      double v = parseValue(argv[i + 3]);
      storeElement(tensorParams[t].dtype,
                   storage[t].get() + e * dataTypeSize(tensorParams[t].dtype), v);
      i += 4;
    } else if (op == "scalar") {
      need(2);
      size_t s = parseIndex(argv[i + 1], scalarParams.size());
      scalars[s] = scalarBits(scalarParams[s].dtype, parseValue(argv[i + 2]));
      i += 3;
    } else if (op == "print") {
      need(1);
      prints.push_back(parseIndex(argv[i + 1], numTensors));
      i += 2;
    } else {
      usage("unknown operation");
    }
  }

  RuntimeConfig config = workers == 0
                             ? RuntimeConfig::inlineMode()
                             : RuntimeConfig::withWorkers(workers / 2,
                                                          workers - workers / 2);
  Runtime runtime(config);
  std::vector<std::unique_ptr<unsigned char[]>> buffers;
  Status status = runtime.run([&] {
    ENTRY(tensors.data(), scalars.data(), buffers);
  });
  if (!status.ok()) {
    std::fprintf(stderr, "error: the program failed: %s\n",
                 status.message().c_str());
    return 1;
  }

  for (size_t t : prints) {
    const TensorParam &param = tensorParams[t];
    std::string shape;
    for (uint32_t d = 0; d < param.ndims; ++d)
      shape += (d ? ", " : "") + std::to_string(param.shape[d]);
    size_t size = dataTypeSize(param.dtype);
    double lo = 0, hi = 0, sum = 0;
    for (size_t e = 0; e < elements[t]; ++e) {
      double v = loadElement(param.dtype, storage[t].get() + e * size);
      lo = e == 0 || v < lo ? v : lo;
      hi = e == 0 || v > hi ? v : hi;
      sum += v;
    }
    std::printf("%s: shape=[%s] dtype=%s min=%g max=%g sum=%g\n", param.name,
                shape.c_str(), param.dtypeName, lo, hi, sum);
  }
  return 0;
}
)";

bool plc::codegen::emitHarness(const Program &program, const Function &entry,
                               llvm::raw_ostream &os,
                               DiagnosticEngine &diags) {
  EntrySignature signature = describeEntry(entry);
  std::string tensorTable, scalarTable;
  bool ok = true;
  for (const EntryParam &param : signature.params) {
    llvm::StringRef dataType = runtimeDataType(param.dtype);
    if (dataType.empty() || cppElementType(param.dtype).empty()) {
      diags.error(entry.fields.name.empty() ? Span() : entry.span,
                  "parameter '" + param.name + "' of '" + entry.name() +
                      "' has dtype " + dtypeName(param.dtype) +
                      ", which `plc run` cannot supply");
      ok = false;
      continue;
    }
    if (param.isTensor) {
      if (param.shape.size() > 5) {
        diags.error(entry.span, "parameter '" + param.name +
                                    "' has rank above 5");
        ok = false;
        continue;
      }
      std::string shape;
      for (unsigned i = 0; i != param.shape.size(); ++i)
        shape += (i ? ", " : "") + formatIntLiteral(param.shape[i]);
      tensorTable += fmt::format("    {{\"{}\", \"{}\", {}, {}, {{{}}}}},\n",
                                 param.name, dtypeName(param.dtype).str(),
                                 dataType.str(), param.shape.size(), shape);
    } else {
      scalarTable += fmt::format("    {{\"{}\", {}}},\n", param.name,
                                 dataType.str());
    }
  }
  if (!ok)
    return false;

  std::string entryFn = "orch_" + entry.name().str();
  std::string text;
  text += "// Run harness for " + program.name().str() + "." +
          entry.name().str() + ", generated by plc. Do not edit.\n";
  text += "#include \"plrt/plrt.h\"\n\n"
          "#include <cstdio>\n"
          "#include <cstdlib>\n"
          "#include <cstring>\n"
          "#include <memory>\n"
          "#include <string>\n"
          "#include <vector>\n\n"
          "using namespace plrt;\n\n";
  text += "void " + entryFn +
          "(const Tensor *orch_tensors, const uint64_t *orch_scalars,\n"
          "    std::vector<std::unique_ptr<unsigned char[]>> &orch_buffers);\n\n";
  text += "namespace {\n\n";
  text += "struct TensorParam {\n"
          "  const char *name;\n"
          "  const char *dtypeName;\n"
          "  DataType dtype;\n"
          "  uint32_t ndims;\n"
          "  int64_t shape[MAX_TENSOR_DIMS];\n"
          "};\n"
          "struct ScalarParam {\n"
          "  const char *name;\n"
          "  DataType dtype;\n"
          "};\n\n";
  text += "// The entry's parameters, tensors and scalars each in order.\n";
  text += "const std::vector<TensorParam> tensorParams = {\n" + tensorTable +
          "};\n";
  text += "const std::vector<ScalarParam> scalarParams = {\n" + scalarTable +
          "};\n";
  std::string body = harnessBody;
  size_t at = body.find("ENTRY(");
  body.replace(at, 5, entryFn);
  text += body;
  os << text;
  return true;
}
