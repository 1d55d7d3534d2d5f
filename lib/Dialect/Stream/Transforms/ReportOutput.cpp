//===- ReportOutput.cpp - output of the report passes ---------------------===//

#include "ReportOutput.h"

#include "sluice/Dialect/Stream/Analysis/SizeFormula.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace sluice::stream {

std::string expandOutputFileShorthand(StringRef options) {
  StringRef trimmed = options.trim();
  if (trimmed.empty() || trimmed.contains('=') ||
      trimmed.find_first_of(" \t{}") != StringRef::npos)
    return options.str();
  return "output-file=" + trimmed.str();
}

raw_ostream *openReportOutput(StringRef path,
                              std::unique_ptr<llvm::ToolOutputFile> &file,
                              Operation *op) {
  if (path.empty())
    return &llvm::errs();
  if (path == "-")
    return &llvm::outs();
  std::error_code ec;
  file =
      std::make_unique<llvm::ToolOutputFile>(path, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    op->emitError() << "cannot open report output file '" << path
                    << "': " << ec.message();
    file.reset();
    return nullptr;
  }
  file->keep();
  return &file->os();
}

std::string formatBytes(uint64_t bytes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << bytes << " B";
  static const char *units[] = {"KiB", "MiB", "GiB", "TiB"};
  if (bytes >= 1024) {
    double value = bytes;
    unsigned unit = 0;
    for (value /= 1024; value >= 1024 && unit < 3; value /= 1024)
      ++unit;
    os << " (" << llvm::format("%.1f", value) << " " << units[unit] << ")";
  }
  return text;
}

std::string formatSlabSize(const TransientSlab &slab) {
  if (slab.staticSize)
    return formatBytes(*slab.staticSize);
  if (slab.size)
    return printSizeFormula(slab.size);
  return "size unknown";
}

SmallVector<ReportedFunction> getReportedFunctions(ModuleOp module) {
  llvm::DenseSet<StringAttr> queries;
  for (auto func : module.getOps<FunctionOpInterface>())
    if (auto reflection =
            func->getAttrOfType<DictionaryAttr>("iree.reflection"))
      if (auto query =
              reflection.getAs<FlatSymbolRefAttr>("iree.abi.transients.size"))
        queries.insert(query.getAttr());
  SmallVector<ReportedFunction> functions;
  unsigned initializerCount = 0;
  for (Operation &op : *module.getBody()) {
    auto func = dyn_cast<FunctionOpInterface>(&op);
    if (!func || func.isExternal())
      continue;
    if (isa<util::InitializerOp>(op)) {
      functions.push_back(
          {func, "initializer #" + std::to_string(initializerCount++), true});
      continue;
    }
    auto symbol = dyn_cast<SymbolOpInterface>(&op);
    if (!symbol || !symbol.isPublic() || queries.contains(symbol.getNameAttr()))
      continue;
    functions.push_back({func, "@" + symbol.getName().str(), false});
  }
  return functions;
}

} // namespace sluice::stream
