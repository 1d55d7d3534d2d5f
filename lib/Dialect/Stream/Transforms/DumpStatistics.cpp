//===- DumpStatistics.cpp - iree-stream-dump-statistics -------------------===//
//
// stream-passes-2.md §13: static statistics of a command-phase program, as
// a pretty/verbose summary or CSV. The IR is not modified.
//
//===----------------------------------------------------------------------===//

#include "TransientsUtils.h"

#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/Matchers.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

namespace sluice::stream {
#define GEN_PASS_DEF_DUMPSTATISTICSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

struct Statistics {
  int64_t constantCount = 0, constantSize = 0;
  bool constantSizeDynamic = false;
  int64_t variableCount = 0, variableSize = 0;
  bool variableSizeDynamic = false;
  int64_t awaitCount = 0;
  int64_t submissionCount = 0;
  int64_t transientSize = 0;
  bool transientSizeDynamic = false;
  int64_t fillCount = 0, copyCount = 0, collectiveCount = 0, dispatchCount = 0,
          callCount = 0;
  int64_t executableCount = 0;
};

/// A function's §9.7 placement counts (external-transients.md), recorded
/// by `--iree-stream-emplace-transients` with reference-compat=false.
struct TransientsPlacement {
  std::string function;
  int64_t emplaced = 0, emplacedBytes = 0, emplacedDynamic = 0;
  int64_t unplaced = 0, unplacedBytes = 0, unplacedDynamic = 0;
};

struct UsageInfo {
  SmallVector<TransientsPlacement> transients;
  SmallVector<util::GlobalOp> resourceGlobals;
  SmallVector<util::BufferConstantOp> bufferConstants;
  SmallVector<ResourceAllocaOp> allocas;
  SmallVector<CmdExecuteOp> executeOps;
  SmallVector<TimepointAwaitOp> awaitOps;
  SmallVector<ExecutableOp> executableOps;
};

UsageInfo collectUsage(ModuleOp moduleOp) {
  UsageInfo info;
  for (Operation &op : *moduleOp.getBody()) {
    if (auto globalOp = dyn_cast<util::GlobalOp>(&op)) {
      if (isa<ResourceType>(globalOp.getType()))
        info.resourceGlobals.push_back(globalOp);
    } else if (auto executableOp = dyn_cast<ExecutableOp>(&op)) {
      info.executableOps.push_back(executableOp);
    } else if (isa<FunctionOpInterface>(&op)) {
      if (auto dict =
              op.getAttrOfType<DictionaryAttr>(kTransientsStatisticsAttr)) {
        auto get = [&](StringRef key) -> int64_t {
          auto attr = dict.getAs<IntegerAttr>(key);
          return attr ? attr.getValue().getSExtValue() : 0;
        };
        info.transients.push_back(
            {"@" + SymbolTable::getSymbolName(&op).str(), get("emplaced"),
             get("emplaced_bytes"), get("emplaced_dynamic"), get("unplaced"),
             get("unplaced_bytes"), get("unplaced_dynamic")});
      }
      op.walk([&](Operation *nested) {
        if (auto c = dyn_cast<util::BufferConstantOp>(nested))
          info.bufferConstants.push_back(c);
        else if (auto a = dyn_cast<ResourceAllocaOp>(nested))
          info.allocas.push_back(a);
        else if (auto e = dyn_cast<CmdExecuteOp>(nested))
          info.executeOps.push_back(e);
        else if (auto w = dyn_cast<TimepointAwaitOp>(nested))
          info.awaitOps.push_back(w);
      });
    }
  }
  return info;
}

Statistics computeStatistics(const UsageInfo &info) {
  Statistics stats;
  for (util::GlobalOp globalOp : info.resourceGlobals) {
    Lifetime lifetime = cast<ResourceType>(globalOp.getType()).getLifetime();
    if (lifetime == Lifetime::Constant)
      ++stats.constantCount;
    else if (lifetime == Lifetime::Variable)
      ++stats.variableCount;
  }
  for (util::BufferConstantOp op : info.bufferConstants)
    if (auto sized = dyn_cast<util::SizedStorageAttr>(op.getValue()))
      stats.constantSize += sized.getStorageSize();
  stats.awaitCount = info.awaitOps.size();
  stats.submissionCount = info.executeOps.size();
  for (ResourceAllocaOp op : info.allocas) {
    APInt size;
    if (matchPattern(op.getStorageSize(), m_ConstantInt(&size)))
      stats.transientSize += size.getSExtValue();
    else
      stats.transientSizeDynamic = true;
  }
  for (CmdExecuteOp executeOp : info.executeOps)
    executeOp.getBody().walk([&](Operation *op) {
      if (isa<CmdFillOp>(op))
        ++stats.fillCount;
      else if (isa<CmdCopyOp>(op))
        ++stats.copyCount;
      else if (isa<CmdCollectiveOp>(op))
        ++stats.collectiveCount;
      else if (isa<CmdDispatchOp>(op))
        ++stats.dispatchCount;
      else if (isa<CmdCallOp>(op))
        ++stats.callCount;
    });
  stats.executableCount = info.executableOps.size();
  return stats;
}

/// `builtin.module > util.func @f > stream.cmd.execute`.
std::string getBreadcrumb(Operation *op) {
  SmallVector<std::string> parts;
  for (Operation *current = op; current; current = current->getParentOp()) {
    std::string part = current->getName().getStringRef().str();
    if (auto name = current->getAttrOfType<StringAttr>(
            SymbolTable::getSymbolAttrName()))
      part += " @" + name.getValue().str();
    parts.push_back(std::move(part));
  }
  std::reverse(parts.begin(), parts.end());
  return llvm::join(parts, " > ");
}

void printSeparator(llvm::raw_ostream &os, char c) {
  os << "//" << std::string(76, c) << "//\n";
}

void printSection(llvm::raw_ostream &os, StringRef title) {
  printSeparator(os, '=');
  os << "// " << title << "\n";
  printSeparator(os, '=');
}

void printBytes(llvm::raw_ostream &os, int64_t bytes, bool dynamic) {
  float mib = static_cast<float>(bytes) / 1048576.0f;
  os << (dynamic ? "minimum " : "") << bytes << " B ("
     << llvm::format("%.2f", static_cast<double>(mib)) << " MiB)";
}

/// Sluice addition (external-transients.md §9.7), only when a function has
/// placement counts: per function, the allocas placed in external transient
/// storage and those left as real allocations.
void printTransientsPretty(llvm::raw_ostream &os, const UsageInfo &info) {
  if (info.transients.empty())
    return;
  printSection(os, "External Transients (per function)");
  os << "//\n";
  auto part = [&](int64_t count, int64_t bytes, int64_t dynamic) {
    os << count << (count == 1 ? " alloca, " : " allocas, ");
    printBytes(os, bytes, /*dynamic=*/false);
    if (dynamic)
      os << " + " << dynamic << " of dynamic size";
  };
  for (const TransientsPlacement &fn : info.transients) {
    os << "// " << fn.function << ": emplaced ";
    part(fn.emplaced, fn.emplacedBytes, fn.emplacedDynamic);
    os << "; unplaced ";
    part(fn.unplaced, fn.unplacedBytes, fn.unplacedDynamic);
    os << "\n";
  }
  os << "//\n";
}

void printPretty(llvm::raw_ostream &os, const UsageInfo &info,
                 const Statistics &stats) {
  printSection(os, "Aggregate Statistics (static, whole-program)");
  os << "//\n";
  os << "//   Constants: " << stats.constantCount << ", estimated storage of ";
  printBytes(os, stats.constantSize, stats.constantSizeDynamic);
  os << "\n//   Variables: " << stats.variableCount << ", (TBD) ";
  printBytes(os, stats.variableSize, stats.variableSizeDynamic);
  os << "\n//  D->H Syncs: " << stats.awaitCount;
  os << "\n// Submissions: " << stats.submissionCount << ", using cumulative ";
  printBytes(os, stats.transientSize, stats.transientSizeDynamic);
  os << "\n//   DMA Fills: " << stats.fillCount;
  os << "\n//  DMA Copies: " << stats.copyCount;
  os << "\n// Collectives: " << stats.collectiveCount;
  os << "\n//  Dispatches: " << stats.dispatchCount;
  os << "\n// Async Calls: " << stats.callCount;
  // [QUIRK DS1] fixed: no division by zero without dispatches.
  int reuse = stats.dispatchCount == 0
                  ? 0
                  : static_cast<int>(std::roundf(
                        (1 - stats.executableCount /
                                 static_cast<float>(stats.dispatchCount)) *
                        100));
  os << "\n// Executables: " << stats.executableCount << ", " << reuse
     << "% reuse\n";
  os << "//\n";

  printTransientsPretty(os, info);
  for (StringRef title : {"Constants / Variables", "Synchronization"}) {
    printSection(os, title);
    os << "//\n// TODO\n//\n";
  }
  printSection(os, "Streams");
  os << "//\n// TODO\n//\n";
  for (CmdExecuteOp executeOp : info.executeOps) {
    printSeparator(os, '-');
    Operation *parent = executeOp->getParentOfType<FunctionOpInterface>();
    os << "// stream.cmd.execute "
       << (parent ? parent->getName().getStringRef() : StringRef("?")) << "\n";
    printSeparator(os, '-');
    os << "// " << getBreadcrumb(executeOp) << "\n";
    os << "//\n// TODO\n//\n";
  }
  printSection(os, "Executables");
  os << "//\n// TODO\n//\n";
  for (ExecutableOp executableOp : info.executableOps) {
    for (auto exportOp : executableOp.getBlock().getOps<ExecutableExportOp>()) {
      printSeparator(os, '-');
      os << "// stream.executable.export @" << executableOp.getSymName()
         << "::@" << exportOp.getSymName() << "\n";
      printSeparator(os, '-');
      FunctionOpInterface funcOp = exportOp.lookupFunctionRef();
      os << "// "
         << getBreadcrumb(funcOp ? funcOp.getOperation()
                                 : exportOp.getOperation())
         << "\n";
      os << "//\n// TODO\n";
    }
    os << "//\n";
  }
}

int64_t getConstantOrZero(Value value) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  return 0;
}

void printCommandsCSV(llvm::raw_ostream &os, Region &region, int depth) {
  for (Operation &op : region.getOps()) {
    if (auto fill = dyn_cast<CmdFillOp>(&op)) {
      os << depth << ",\"fill\",," << getConstantOrZero(fill.getTargetLength())
         << ",,,,\n";
    } else if (auto copy = dyn_cast<CmdCopyOp>(&op)) {
      os << depth << ",\"copy\",," << getConstantOrZero(copy.getLength())
         << ",,,,\n";
    } else if (auto dispatch = dyn_cast<CmdDispatchOp>(&op)) {
      int64_t invocations = 1;
      SmallVector<std::string> dims;
      for (Value dim : dispatch.getWorkload()) {
        APInt constant;
        if (matchPattern(dim, m_ConstantInt(&constant))) {
          invocations *= constant.getSExtValue();
          dims.push_back(std::to_string(constant.getSExtValue()));
        } else {
          dims.push_back("?");
        }
      }
      Attribute entryPoint = dispatch.getEntryPointsAttr()[0];
      os << depth << ",\"dispatch\",\"" << entryPoint << "\",," << invocations
         << ",\"" << llvm::join(dims, ";") << "\","
         << dispatch.getUniformOperands().size() << ","
         << dispatch.getResources().size() << "\n";
    } else if (isa<CmdSerialOp, CmdConcurrentOp>(&op)) {
      printCommandsCSV(os, op.getRegion(0), depth + 1);
    }
  }
}

void printCSV(llvm::raw_ostream &os, const UsageInfo &info,
              const Statistics &stats) {
  os << ";\n; Aggregate Statistics (static, whole-program)\n;\n\n";
  os << "\"Constants\",\"Constant Size\",\"Variables\",\"Variable "
        "Size\",\"Awaits\",\"Submissions\",\"Transient "
        "Size\",\"Fills\",\"Copies\",\"Dispatches\",\"Async "
        "Calls\",\"Executables\"\n";
  os << stats.constantCount << "," << stats.constantSize << ","
     << stats.variableCount << "," << stats.variableSize << ","
     << stats.awaitCount << "," << stats.submissionCount << ","
     << stats.transientSize << "," << stats.fillCount << "," << stats.copyCount
     << "," << stats.dispatchCount << "," << stats.callCount << ","
     << stats.executableCount << "\n";
  if (!info.transients.empty()) {
    os << "\n;\n; External Transients\n;\n\n";
    os << "\"Function\",\"Emplaced\",\"Emplaced Size\",\"Emplaced "
          "Dynamic\",\"Unplaced\",\"Unplaced Size\",\"Unplaced Dynamic\"\n";
    for (const TransientsPlacement &fn : info.transients)
      os << "\"" << fn.function << "\"," << fn.emplaced << ","
         << fn.emplacedBytes << "," << fn.emplacedDynamic << "," << fn.unplaced
         << "," << fn.unplacedBytes << "," << fn.unplacedDynamic << "\n";
  }
  os << "\n;\n; Execution\n;\n\n";
  for (CmdExecuteOp executeOp : info.executeOps) {
    os << "; " << getBreadcrumb(executeOp) << "\n";
    os << "\"Depth\",\"Command\",\"Symbol\",\"Length\",\"Invocations\","
          "\"Workload\",\"Operands\",\"Resources\"\n";
    printCommandsCSV(os, executeOp.getBody(), 0);
    os << "\n";
  }
}

class DumpStatisticsPass
    : public impl::DumpStatisticsPassBase<DumpStatisticsPass> {
public:
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    if (outputFormat != "pretty" && outputFormat != "verbose" &&
        outputFormat != "csv")
      return emitError(UnknownLoc::get(context))
             << "iree-stream-dump-statistics: unknown output-format '"
             << outputFormat << "' (expected pretty, verbose or csv)";
    return success();
  }

  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    UsageInfo info = collectUsage(moduleOp);
    // The §9.7 counts are only a message from emplace-transients.
    for (Operation &op : *moduleOp.getBody())
      op.removeAttr(kTransientsStatisticsAttr);
    Statistics stats = computeStatistics(info);

    std::unique_ptr<llvm::raw_fd_ostream> file;
    llvm::raw_ostream *os = &llvm::errs();
    if (outputFile == "-") {
      os = &llvm::outs();
    } else if (!outputFile.empty()) {
      std::error_code ec;
      file = std::make_unique<llvm::raw_fd_ostream>(outputFile, ec,
                                                    llvm::sys::fs::OF_Text);
      if (ec) {
        llvm::errs() << "Error opening iree-stream-dump-statistics output "
                        "file '"
                     << outputFile << "'\n";
        file.reset();
      } else {
        os = file.get();
      }
    }
    if (outputFormat == "csv")
      printCSV(*os, info, stats);
    else
      printPretty(*os, info, stats);
    os->flush();
    if (info.transients.empty())
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace sluice::stream
