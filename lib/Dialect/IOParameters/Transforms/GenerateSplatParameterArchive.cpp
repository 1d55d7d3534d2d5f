//===- GenerateSplatParameterArchive.cpp - zero-splat placeholder archive -===//
//
// io-parameters.md §12.3. Every `#flow.parameter.named` used as a global
// initial value or a `flow.tensor.constant` value gets a zero splat entry
// keyed by its key (the archive stores no scopes). The IR is unchanged.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/IOParameters/Transforms/Passes.h"

#include "ArchiveUtils.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "sluice/Dialect/Flow/IR/FlowDialect.h"
#include "sluice/Dialect/Flow/IR/FlowOps.h"
#include "sluice/Dialect/Flow/IR/FlowTypes.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Runtime/Archive/IrpaWriter.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"

namespace sluice::io_parameters {
#define GEN_PASS_DEF_GENERATESPLATPARAMETERARCHIVEPASS
#include "sluice/Dialect/IOParameters/Transforms/Passes.h.inc"
} // namespace sluice::io_parameters

using namespace mlir;
using namespace sluice;
namespace archive = sluice::runtime::archive;

namespace {

struct SplatEntry {
  std::string key;
  uint64_t length = 0;
  unsigned patternBytes = 1;
  Location loc;
};

class GenerateSplatParameterArchivePass
    : public io_parameters::impl::GenerateSplatParameterArchivePassBase<
          GenerateSplatParameterArchivePass> {
public:
  using Base::Base;

  void runOnOperation() override {
    if (filePath.empty())
      return;
    ModuleOp module = getOperation();

    // Parameters in first-seen order with all their use locations.
    llvm::MapVector<flow::NamedParameterAttr, SmallVector<Location>> uses;
    module.walk([&](Operation *op) {
      Attribute value;
      if (auto global = dyn_cast<util::GlobalOpInterface>(op))
        value = global.getGlobalInitialValue();
      else if (auto constant = dyn_cast<flow::TensorConstantOp>(op))
        value = constant.getValue();
      if (auto parameter = dyn_cast_if_present<flow::NamedParameterAttr>(value))
        uses[parameter].push_back(op->getLoc());
    });

    // [SLUICE] one entry per key with the maximum length; optional scope
    // filter.
    SmallVector<SplatEntry> entries;
    llvm::StringMap<size_t> entryByKey;
    for (auto &[parameter, locs] : uses) {
      auto shapedType = dyn_cast<ShapedType>(parameter.getType());
      if (!shapedType)
        continue;
      if (scope.hasValue()) {
        StringRef parameterScope =
            parameter.getScope() ? parameter.getScope().getValue() : "";
        if (parameterScope != scope)
          continue;
      }
      Location loc = FusedLoc::get(&getContext(), locs);
      uint64_t length = static_cast<uint64_t>(parameter.getStorageSize());
      uint64_t patternBytes =
          util::getRoundedPhysicalStorageSize(1, shapedType.getElementType());
      // [SLUICE] the pattern is zero: clamp unsupported widths to 1 byte.
      if (patternBytes != 1 && patternBytes != 2 && patternBytes != 4 &&
          patternBytes != 8 && patternBytes != 16)
        patternBytes = 1;
      StringRef key = parameter.getKey().getValue();
      auto [it, inserted] = entryByKey.try_emplace(key, entries.size());
      if (inserted) {
        entries.push_back(
            {key.str(), length, static_cast<unsigned>(patternBytes), loc});
        continue;
      }
      SplatEntry &existing = entries[it->second];
      if (existing.length != length) {
        uint64_t maxLength = std::max(existing.length, length);
        emitWarning(loc) << "parameter '" << key
                         << "' referenced with different sizes ("
                         << existing.length << " vs " << length << "); using "
                         << maxLength;
        existing.length = maxLength;
      }
    }

    archive::IrpaBuilder builder;
    for (const SplatEntry &entry : entries) {
      std::string pattern(entry.patternBytes, '\0');
      runtime::Status status =
          builder.addSplat(entry.key, pattern, entry.length);
      if (!status.isOk()) {
        emitError(entry.loc) << "failed to add splat entry for parameter\n"
                             << io_parameters::detail::formatStatus(status);
        return signalPassFailure();
      }
    }

    // Always written, even with no parameters.
    runtime::Expected<archive::WriteResult> result =
        builder.write(filePath, archive::WriterOptions());
    if (!result) {
      module.emitError() << "Failed to commit archive with error: "
                         << result.status().message();
      return signalPassFailure();
    }
  }
};

} // namespace
