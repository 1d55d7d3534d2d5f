//===- MemoryReport.cpp - sluice-stream-memory-report ---------------------===//
//
// Issue 21 item 3: per public function, the bytes of transients (peak of the
// packed allocations and the max-live lower bound over their slots),
// external transient storage (the size query's constant or formula),
// constants, parameters and external results, as text or JSON. The IR is
// not modified.
//
//===----------------------------------------------------------------------===//

#include "ReportOutput.h"

#include "sluice/Dialect/Stream/Analysis/MemoryModel.h"
#include "sluice/Dialect/Stream/Analysis/ResourceLiveness.h"
#include "sluice/Dialect/Stream/Analysis/SizeFormula.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace sluice::stream {
#define GEN_PASS_DEF_MEMORYREPORTPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

/// External transient storage as declared by the function's reflection.
struct ExternalStorage {
  bool present = false;
  std::string query;
  std::optional<uint64_t> constant;
  SmallVector<std::string> formulas; // one per storage
  std::string upperBound;
  std::string error;
};

ExternalStorage getExternalStorage(FunctionOpInterface func,
                                   SymbolTable &symbols) {
  ExternalStorage storage;
  auto reflection = func->getAttrOfType<DictionaryAttr>("iree.reflection");
  if (!reflection)
    return storage;
  if (auto constant =
          reflection.getAs<IntegerAttr>("iree.abi.transients.size.constant")) {
    storage.present = true;
    const APInt &value = constant.getValue();
    if (!value.isNegative() && value.getActiveBits() <= 64)
      storage.constant = value.getZExtValue();
    else
      storage.error = "iree.abi.transients.size.constant is not a byte count";
  } else if (auto text = reflection.getAs<StringAttr>(
                 "iree.abi.transients.size.constant")) {
    uint64_t value;
    if (!text.getValue().getAsInteger(10, value)) {
      storage.present = true;
      storage.constant = value;
    }
  }
  if (auto bound =
          reflection.getAs<StringAttr>("iree.abi.transients.size.upper_bound"))
    storage.upperBound = bound.getValue().str();
  auto queryRef =
      reflection.getAs<FlatSymbolRefAttr>("iree.abi.transients.size");
  if (!queryRef)
    return storage;
  storage.present = true;
  storage.query = queryRef.getValue().str();
  auto query = symbols.lookup<FunctionOpInterface>(queryRef.getValue());
  if (!query || query.isExternal()) {
    storage.error = "size query not found in the module";
    return storage;
  }
  // The formula of every returned value (one per storage).
  query.walk([&](util::ReturnOp returnOp) {
    if (returnOp->getParentOp() != query.getOperation())
      return;
    if (!storage.formulas.empty()) {
      storage.formulas.clear();
      storage.error = "size query has several returns";
      return;
    }
    for (Value value : returnOp.getOperands())
      storage.formulas.push_back(printSizeFormula(value));
  });
  return storage;
}

/// Max-live of one slab's slots (null when they do not describe it).
std::optional<uint64_t> getSlotMaxLive(const TransientSlab &slab) {
  if (!slab.slotsComplete || slab.slots.empty())
    return std::nullopt;
  SmallVector<PackSlice> slices;
  for (const TransientSlot &slot : slab.slots)
    slices.push_back({slot.start, slot.end, slot.size});
  return computeMaxLiveBytes(slices);
}

std::string formatTotal(const ByteTotal &total) {
  std::string text;
  if (total.known || total.dynamic.empty())
    text = formatBytes(total.known);
  for (Value value : total.dynamic)
    text += (text.empty() ? "" : " + ") + printSizeFormula(value);
  if (total.unknown)
    text += " + " + std::to_string(total.unknown) + " of unknown size";
  return text;
}

/// `@name` of a callee.
std::string calleeName(Operation *callee) {
  if (auto name =
          callee->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    return ("@" + name.getValue()).str();
  return "@<unnamed>";
}

unsigned countCalleeRegions(const FunctionMemoryModel &model) {
  return llvm::count_if(model.regions, [](const ExecutionRegion &region) {
    return region.callee;
  });
}

std::string formatOptional(std::optional<uint64_t> bytes) {
  return bytes ? formatBytes(*bytes) : std::string("dynamic");
}

constexpr unsigned kMaxTextSlabs = 16;

void printText(raw_ostream &os, const ReportedFunction &fn,
               const FunctionMemoryModel &model,
               const ExternalStorage &storage) {
  os << "function " << fn.name << "\n";
  auto line = [&](StringRef label) -> raw_ostream & {
    os << "  " << label;
    for (size_t i = label.size(); i < 22; ++i)
      os << ' ';
    return os;
  };
  unsigned allocas = 0;
  for (const TransientSlab &slab : model.slabs)
    allocas += !slab.external;
  line("transients:") << "peak " << formatOptional(model.transientsPeak)
                      << ", max-live lower bound "
                      << formatOptional(model.transientsLowerBound) << "\n";
  line("") << allocas << " allocation" << (allocas == 1 ? "" : "s") << ", "
           << formatTotal(model.transientsAllocated) << " in total\n";
  unsigned listed = 0;
  for (auto [i, slab] : llvm::enumerate(model.slabs)) {
    if (listed++ == kMaxTextSlabs) {
      line("") << "... " << model.slabs.size() - kMaxTextSlabs
               << " more slabs\n";
      break;
    }
    line("") << "slab " << i << (slab.external ? " (external)" : "");
    if (slab.callee)
      os << " (in " << calleeName(slab.callee) << ")";
    os << ": " << formatSlabSize(slab) << ", " << slab.slots.size() << " slot"
       << (slab.slots.size() == 1 ? "" : "s");
    if (slab.calleeSlots)
      os << " (" << slab.calleeSlots << " from callees)";
    if (std::optional<uint64_t> maxLive = getSlotMaxLive(slab))
      os << ", slots max-live " << formatBytes(*maxLive);
    else if (!slab.slotsComplete)
      os << ", slots unknown (dynamic lengths)";
    os << "\n";
  }
  if (storage.present) {
    line("external transients:");
    if (storage.constant)
      os << formatBytes(*storage.constant);
    else if (!storage.formulas.empty())
      os << llvm::join(storage.formulas, ", ");
    else
      os << "unknown";
    if (!storage.query.empty())
      os << " (size query @" << storage.query << ")";
    if (!storage.upperBound.empty())
      os << ", upper bound " << storage.upperBound << " B";
    if (!storage.error.empty())
      os << " [" << storage.error << "]";
    os << "\n";
  }
  if (model.externalTransients.count) {
    line(storage.present ? "" : "external transients:")
        << "accessed storage: " << model.externalTransients.count << " buffer"
        << (model.externalTransients.count == 1 ? "" : "s")
        << ", slots max-live lower bound "
        << formatOptional(model.externalTransientsLowerBound) << "\n";
  }
  auto total = [&](StringRef label, const ByteTotal &t, StringRef what) {
    line(label) << formatTotal(t);
    if (t.count)
      os << " (" << t.count << " " << what << (t.count == 1 ? "" : "s") << ")";
    os << "\n";
  };
  total("constants:", model.constants, "constant");
  total("parameters read:", model.parametersRead, "parameter");
  total("parameters written:", model.parametersWritten, "parameter");
  total("external results:", model.externalResults, "result");
  if (!model.callees.empty() || model.opaqueCalls) {
    line("calls:");
    llvm::ListSeparator sep;
    for (const ModelledCallee &callee : model.callees)
      os << sep << calleeName(callee.callee) << " (" << callee.calls
         << (callee.calls == 1 ? " call)" : " calls)");
    if (model.opaqueCalls)
      os << sep << model.opaqueCalls << " not looked into";
    os << "\n";
  }
  line("schedule:") << model.regions.size() << " execution region"
                    << (model.regions.size() == 1 ? "" : "s");
  if (unsigned inCallees = countCalleeRegions(model))
    os << " (" << inCallees << " in callees)";
  os << ", " << model.levelCount << " level"
     << (model.levelCount == 1 ? "" : "s") << ", " << model.hostWaits.size()
     << " host wait" << (model.hostWaits.size() == 1 ? "" : "s") << "\n";
}

void writeTotal(llvm::json::OStream &j, StringRef key, const ByteTotal &t) {
  j.attributeObject(key, [&] {
    j.attribute("bytes", t.known);
    j.attribute("count", static_cast<int64_t>(t.count));
    j.attribute("unknown", static_cast<int64_t>(t.unknown));
    j.attributeArray("dynamic", [&] {
      for (Value value : t.dynamic)
        j.value(printSizeFormula(value));
    });
  });
}

void writeOptional(llvm::json::OStream &j, StringRef key,
                   std::optional<uint64_t> bytes) {
  if (bytes)
    j.attribute(key, *bytes);
  else
    j.attribute(key, nullptr);
}

void printJson(llvm::json::OStream &j, const ReportedFunction &fn,
               const FunctionMemoryModel &model,
               const ExternalStorage &storage) {
  j.object([&] {
    j.attribute("name", StringRef(fn.name).ltrim('@'));
    j.attribute("kind", fn.initializer ? "initializer" : "function");
    j.attributeObject("transients", [&] {
      writeOptional(j, "peak_bytes", model.transientsPeak);
      writeOptional(j, "lower_bound_bytes", model.transientsLowerBound);
      writeTotal(j, "allocated", model.transientsAllocated);
      j.attributeArray("slabs", [&] {
        for (const TransientSlab &slab : model.slabs) {
          j.object([&] {
            j.attribute("kind", slab.external ? "external" : "alloca");
            writeOptional(j, "size_bytes", slab.staticSize);
            if (!slab.staticSize)
              j.attribute("size_formula", formatSlabSize(slab));
            j.attribute("slots", static_cast<int64_t>(slab.slots.size()));
            j.attribute("slots_complete", slab.slotsComplete);
            writeOptional(j, "slots_max_live_bytes", getSlotMaxLive(slab));
            j.attributeArray("lifetime", [&] {
              j.value(slab.start);
              j.value(slab.end);
            });
            // Only for functions that make calls (memory-report.md).
            if (slab.callee)
              j.attribute("callee",
                          StringRef(calleeName(slab.callee)).drop_front());
            if (slab.calleeSlots)
              j.attribute("callee_slots",
                          static_cast<int64_t>(slab.calleeSlots));
          });
        }
      });
    });
    if (storage.present || model.externalTransients.count) {
      j.attributeObject("external_transients", [&] {
        if (storage.present) {
          writeOptional(j, "size_bytes", storage.constant);
          if (!storage.query.empty())
            j.attribute("query", storage.query);
          j.attributeArray("formulas", [&] {
            for (const std::string &f : storage.formulas)
              j.value(f);
          });
          if (!storage.upperBound.empty())
            j.attribute("upper_bound", storage.upperBound);
          if (!storage.error.empty())
            j.attribute("error", storage.error);
        }
        j.attribute("accessed_buffers",
                    static_cast<int64_t>(model.externalTransients.count));
        writeOptional(j, "lower_bound_bytes",
                      model.externalTransientsLowerBound);
      });
    }
    writeTotal(j, "constants", model.constants);
    writeTotal(j, "parameters_read", model.parametersRead);
    writeTotal(j, "parameters_written", model.parametersWritten);
    writeTotal(j, "external_results", model.externalResults);
    if (!model.callees.empty() || model.opaqueCalls)
      j.attributeObject("calls", [&] {
        j.attributeArray("looked_into", [&] {
          for (const ModelledCallee &callee : model.callees)
            j.object([&] {
              j.attribute("callee",
                          StringRef(calleeName(callee.callee)).drop_front());
              j.attribute("calls", static_cast<int64_t>(callee.calls));
            });
        });
        j.attribute("not_looked_into", static_cast<int64_t>(model.opaqueCalls));
      });
    j.attributeObject("schedule", [&] {
      j.attribute("execution_regions",
                  static_cast<int64_t>(model.regions.size()));

      j.attribute("levels", model.levelCount);
      j.attribute("host_waits", static_cast<int64_t>(model.hostWaits.size()));
      if (unsigned inCallees = countCalleeRegions(model))
        j.attribute("callee_regions", static_cast<int64_t>(inCallees));
    });
  });
}

struct MemoryReportPass
    : public ReportPassBase<MemoryReportPass, impl::MemoryReportPassBase> {
  using ReportPassBase::ReportPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool json = format == "json" ||
                (format.empty() && StringRef(outputFile).ends_with(".json"));
    if (!format.empty() && format != "json" && format != "text") {
      module.emitError() << "unknown memory report format '" << format
                         << "'; expected 'text' or 'json'";
      return signalPassFailure();
    }
    std::unique_ptr<llvm::ToolOutputFile> file;
    raw_ostream *os = openReportOutput(outputFile, file, module);
    if (!os)
      return signalPassFailure();

    SymbolTable symbols(module);
    SmallVector<ReportedFunction> functions = getReportedFunctions(module);
    if (json) {
      llvm::json::OStream j(*os, /*IndentSize=*/2);
      j.object([&] {
        j.attribute("version", 1);
        j.attributeArray("functions", [&] {
          for (const ReportedFunction &fn : functions) {
            FunctionMemoryModel model = buildFunctionMemoryModel(fn.func);
            printJson(j, fn, model, getExternalStorage(fn.func, symbols));
          }
        });
      });
      *os << "\n";
    } else {
      *os << "// sluice memory report: " << functions.size() << " function"
          << (functions.size() == 1 ? "" : "s") << "\n";
      for (const ReportedFunction &fn : functions) {
        FunctionMemoryModel model = buildFunctionMemoryModel(fn.func);
        printText(*os, fn, model, getExternalStorage(fn.func, symbols));
      }
    }
    os->flush();
    markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace sluice::stream
