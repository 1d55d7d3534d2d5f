//===- MaterializeInterfaces.cpp - --iree-hal-materialize-interfaces ------===//
//
// execution.md §2.5 step 1: stream executables become hal executables with
// one variant per executable target of the devices that dispatch to them,
// exports get pipeline layouts derived from their functions and dispatch
// sites, and the dispatch functions read their operands through the HAL
// interface ops.
//
// Cost: one walk of the module collects every dispatch site per export; the
// rewrite of each executable is linear in its size; dispatch entry points
// are rewritten in one more walk.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/Transforms/Passes.h"

#include "sluice/Dialect/HAL/Conversion/StreamToHAL/Utils.h"

#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALEnums.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace sluice::hal {

#define GEN_PASS_DEF_MATERIALIZEINTERFACESPASS
#include "sluice/Dialect/HAL/Transforms/Passes.h.inc"

namespace {

/// Whether a dispatch site records binding `resourceIndex` into a reusable
/// command buffer from a value that changes between submissions.
bool isIndirectAtSite(stream::CmdDispatchOp site, unsigned resourceIndex) {
  auto execute = site->getParentOfType<stream::CmdExecuteOp>();
  if (execute && execute.getOnce())
    return false;
  Value resource = site.getResources()[resourceIndex];
  if (execute) {
    auto arg = llvm::dyn_cast<BlockArgument>(resource);
    if (arg && arg.getOwner() == &execute.getBody().front())
      resource = execute.getResourceOperands()[arg.getArgNumber()];
  }
  return !isStaticValue(resource);
}

/// The executable targets of the devices an affinity names, in order.
void collectTargets(Attribute affinity, SymbolTable &symbols,
                    llvm::SetVector<ExecutableTargetAttr> &targets) {
  if (auto optimal = llvm::dyn_cast_if_present<DeviceOptimalAttr>(affinity)) {
    for (Attribute member : optimal.getAffinities())
      collectTargets(member, symbols, targets);
    return;
  }
  auto device = llvm::dyn_cast_if_present<DeviceAffinityAttr>(affinity);
  if (!device)
    return;
  auto global = symbols.lookup<util::GlobalOp>(
      device.getDevice().getRootReference().getValue());
  if (!global)
    return;
  auto target =
      llvm::dyn_cast_if_present<DeviceTargetAttr>(global.getInitialValueAttr());
  if (!target)
    return;
  for (ExecutableTargetAttr executableTarget : target.getExecutableTargets())
    targets.insert(executableTarget);
}

class InterfaceMaterializer {
public:
  InterfaceMaterializer(ModuleOp module) : module(module), symbols(module) {}

  LogicalResult run() {
    // Dispatch sites per export (keyed by `@ex::@e`).
    module.walk([&](stream::CmdDispatchOp site) {
      for (Attribute attr : site.getEntryPointsAttr())
        sites[llvm::cast<SymbolRefAttr>(attr)].push_back(site);
    });
    SmallVector<stream::ExecutableOp> executables(
        module.getOps<stream::ExecutableOp>());
    for (stream::ExecutableOp executable : executables)
      if (failed(convertExecutable(executable)))
        return failure();
    // Entry points name the variants.
    module.walk([&](stream::CmdDispatchOp site) {
      SmallVector<Attribute> entryPoints;
      bool changed = false;
      for (Attribute attr : site.getEntryPointsAttr()) {
        auto ref = llvm::cast<SymbolRefAttr>(attr);
        auto it = variantRefs.find(ref);
        if (it == variantRefs.end()) {
          entryPoints.push_back(attr);
          continue;
        }
        changed = true;
        llvm::append_range(entryPoints, it->second);
      }
      if (changed)
        site.setEntryPointsAttr(
            ArrayAttr::get(module.getContext(), entryPoints));
    });
    return success();
  }

private:
  ModuleOp module;
  SymbolTable symbols;
  DenseMap<SymbolRefAttr, SmallVector<stream::CmdDispatchOp>> sites;
  DenseMap<SymbolRefAttr, SmallVector<Attribute>> variantRefs;

  SymbolRefAttr exportRef(stream::ExecutableOp executable,
                          stream::ExecutableExportOp exportOp) {
    return SymbolRefAttr::get(
        executable.getSymNameAttr(),
        {FlatSymbolRefAttr::get(exportOp.getSymNameAttr())});
  }

  /// The pipeline layout of one export from its function and dispatch sites.
  FailureOr<PipelineLayoutAttr>
  buildLayout(stream::ExecutableExportOp exportOp, func::FuncOp func,
              ArrayRef<stream::CmdDispatchOp> exportSites) {
    MLIRContext *context = module.getContext();
    int64_t constants = 0;
    SmallVector<PipelineBindingAttr> bindings;
    bool layoutIndirect = false;
    unsigned bindingIndex = 0;
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
      if (!llvm::isa<stream::BindingType>(type)) {
        if (!type.isInteger(32))
          return exportOp.emitOpError("unsupported interface function "
                                      "argument ")
                 << i << " type " << type
                 << "; requires !stream.binding or i32 operands only";
        ++constants;
        continue;
      }
      bool readOnly = !exportSites.empty();
      bool indirect = false;
      for (stream::CmdDispatchOp site : exportSites) {
        if (bindingIndex >= site.getResources().size())
          continue;
        auto access =
            llvm::cast<IntegerAttr>(site.getResourceAccesses()[bindingIndex])
                .getInt();
        // [SLUICE] read-only only when every site only reads.
        if (access != 1)
          readOnly = false;
        if (isIndirectAtSite(site, bindingIndex))
          indirect = true;
      }
      uint32_t flags = DescriptorFlagBits::None;
      if (readOnly)
        flags |= DescriptorFlagBits::ReadOnly;
      if (indirect) {
        flags |= DescriptorFlagBits::Indirect;
        layoutIndirect = true;
      }
      bindings.push_back(PipelineBindingAttr::get(
          context, DescriptorType::StorageBuffer, flags));
      ++bindingIndex;
    }
    std::optional<uint32_t> layoutFlags;
    if (layoutIndirect)
      layoutFlags = PipelineLayoutFlagBits::Indirect;
    return PipelineLayoutAttr::get(context, bindings, constants, layoutFlags);
  }

  /// Rewrites the dispatch function (in the variant's module) to use the
  /// interface ops of `layout`.
  void convertFunction(func::FuncOp func, PipelineLayoutAttr layout) {
    MLIRContext *context = func.getContext();
    OpBuilder builder(context);
    Block &entry = func.getBody().front();
    builder.setInsertionPointToStart(&entry);
    unsigned constantOrdinal = 0, bindingOrdinal = 0;
    SmallVector<std::pair<BlockArgument, unsigned>> bindingArgs;
    for (BlockArgument arg : entry.getArguments()) {
      if (llvm::isa<stream::BindingType>(arg.getType())) {
        bindingArgs.push_back({arg, bindingOrdinal++});
        continue;
      }
      auto alignment = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                          "stream.alignment");
      Attribute values = func.getArgAttr(arg.getArgNumber(), "stream.values");
      Value load = InterfaceConstantLoadOp::create(
          builder, arg.getLoc(), arg.getType(), layout,
          builder.getIndexAttr(constantOrdinal++),
          alignment ? builder.getIndexAttr(alignment.getInt()) : IntegerAttr(),
          values);
      arg.replaceAllUsesWith(load);
    }
    for (auto [arg, ordinal] : bindingArgs) {
      auto alignment = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                          "stream.alignment");
      uint32_t flags = layout.getBindings()[ordinal].getFlags();
      for (Operation *user : llvm::make_early_inc_range(arg.getUsers())) {
        auto subspan = llvm::dyn_cast<stream::BindingSubspanOp>(user);
        if (!subspan)
          continue;
        builder.setInsertionPoint(subspan);
        Value replacement = InterfaceBindingSubspanOp::create(
            builder, subspan.getLoc(), subspan.getResult().getType(), layout,
            builder.getIndexAttr(ordinal), subspan.getByteOffset(),
            subspan.getDynamicDims(),
            alignment ? builder.getIndexAttr(alignment.getInt())
                      : IntegerAttr(),
            flags ? builder.getI32IntegerAttr(flags) : IntegerAttr());
        subspan.getResult().replaceAllUsesWith(replacement);
        subspan.erase();
      }
    }
    func.walk([&](Operation *op) {
      builder.setInsertionPoint(op);
      Value replacement;
      if (auto id = llvm::dyn_cast<stream::DispatchWorkgroupIDOp>(op))
        replacement = InterfaceWorkgroupIDOp::create(
            builder, op->getLoc(), builder.getIndexType(),
            id.getDimensionAttr(), IntegerAttr());
      else if (auto count =
                   llvm::dyn_cast<stream::DispatchWorkgroupCountOp>(op))
        replacement = InterfaceWorkgroupCountOp::create(
            builder, op->getLoc(), builder.getIndexType(),
            count.getDimensionAttr(), IntegerAttr());
      else if (auto size = llvm::dyn_cast<stream::DispatchWorkgroupSizeOp>(op))
        replacement = InterfaceWorkgroupSizeOp::create(
            builder, op->getLoc(), builder.getIndexType(),
            size.getDimensionAttr(), IntegerAttr());
      if (!replacement)
        return;
      op->getResult(0).replaceAllUsesWith(replacement);
      op->erase();
    });
    // The function loses its arguments (binding arguments without subspans
    // have no uses left that matter once the interface is explicit).
    for (BlockArgument arg : entry.getArguments())
      if (!arg.use_empty()) {
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPointToStart(&entry);
        // Other uses of a binding stay valid only through a subspan.
        Value poison =
            util::NullOp::create(builder, arg.getLoc(), arg.getType());
        arg.replaceAllUsesWith(poison);
      }
    (void)func.eraseArguments(llvm::BitVector(entry.getNumArguments(), true));
  }

  LogicalResult convertExecutable(stream::ExecutableOp executable) {
    MLIRContext *context = module.getContext();
    auto exports = llvm::to_vector(
        executable.getBody().front().getOps<stream::ExecutableExportOp>());
    auto innerModules =
        llvm::to_vector(executable.getBody().front().getOps<ModuleOp>());
    ModuleOp innerModule = innerModules.empty() ? ModuleOp() : innerModules[0];

    // Targets of the devices that dispatch to any export.
    llvm::SetVector<ExecutableTargetAttr> targets;
    for (stream::ExecutableExportOp exportOp : exports)
      for (stream::CmdDispatchOp site :
           sites.lookup(exportRef(executable, exportOp)))
        collectTargets(stream::AffinityAttr::lookupOrDefault(site), symbols,
                       targets);
    if (targets.empty()) {
      bool dispatched = llvm::any_of(exports, [&](auto exportOp) {
        return !sites.lookup(exportRef(executable, exportOp)).empty();
      });
      if (!dispatched)
        return success(); // nothing dispatches to it: left as it is
      return executable.emitOpError(
          "is dispatched only on devices without a #hal.device.target "
          "executable target; cannot select an executable variant");
    }

    // Layouts.
    SmallVector<PipelineLayoutAttr> layouts;
    SmallVector<func::FuncOp> funcs;
    for (stream::ExecutableExportOp exportOp : exports) {
      func::FuncOp func = innerModule ? innerModule.lookupSymbol<func::FuncOp>(
                                            exportOp.getFunctionRefAttr())
                                      : func::FuncOp();
      if (!func)
        return exportOp.emitOpError("function ")
               << exportOp.getFunctionRefAttr() << " not found";
      auto layout = buildLayout(exportOp, func,
                                sites.lookup(exportRef(executable, exportOp)));
      if (failed(layout))
        return failure();
      layouts.push_back(*layout);
      funcs.push_back(func);
    }

    OpBuilder builder(executable);
    auto halExecutable = ExecutableOp::create(builder, executable.getLoc(),
                                              executable.getSymVisibilityAttr(),
                                              executable.getSymNameAttr());
    halExecutable->setDiscardableAttrs(
        executable->getDiscardableAttrDictionary());
    ExecutableOp::ensureTerminator(halExecutable.getBody(), builder,
                                   executable.getLoc());
    for (ExecutableTargetAttr target : targets) {
      builder.setInsertionPoint(
          halExecutable.getBody().front().getTerminator());
      auto variantName =
          StringAttr::get(context, target.getSymbolNameFragment());
      auto variant = ExecutableVariantOp::create(
          builder, executable.getLoc(), StringAttr(), variantName, target,
          ArrayAttr(), DictionaryAttr());
      ExecutableVariantOp::ensureTerminator(variant.getBody(), builder,
                                            executable.getLoc());
      OpBuilder variantBuilder =
          OpBuilder::atBlockTerminator(&variant.getBody().front());
      for (auto [ordinal, exportOp] : llvm::enumerate(exports)) {
        auto halExport = ExecutableExportOp::create(
            variantBuilder, exportOp.getLoc(), exportOp.getSymVisibilityAttr(),
            exportOp.getSymNameAttr(), variantBuilder.getIndexAttr(ordinal),
            layouts[ordinal], SymbolRefAttr(), ArrayAttr(), IntegerAttr(),
            IntegerAttr(), DictionaryAttr());
        if (!exportOp.getWorkgroupCount().empty()) {
          Region &count = halExport.getWorkgroupCount();
          IRMapping mapping;
          exportOp.getWorkgroupCount().cloneInto(&count, mapping);
          Block &block = count.front();
          block.insertArgument(0u, DeviceType::get(context), exportOp.getLoc());
          Operation *terminator = block.getTerminator();
          OpBuilder returnBuilder(terminator);
          ReturnOp::create(returnBuilder, terminator->getLoc(),
                           terminator->getOperands());
          terminator->erase();
        }
        variantRefs[exportRef(executable, exportOp)].push_back(
            SymbolRefAttr::get(
                executable.getSymNameAttr(),
                {FlatSymbolRefAttr::get(variantName),
                 FlatSymbolRefAttr::get(exportOp.getSymNameAttr())}));
      }
      if (innerModule) {
        IRMapping mapping;
        auto clonedModule =
            llvm::cast<ModuleOp>(variantBuilder.clone(*innerModule, mapping));
        for (auto [exportIndex, func] : llvm::enumerate(funcs)) {
          auto clonedFunc =
              clonedModule.lookupSymbol<func::FuncOp>(func.getSymNameAttr());
          convertFunction(clonedFunc, layouts[exportIndex]);
        }
      }
    }
    executable.erase();
    return success();
  }
};

struct MaterializeInterfacesPass
    : impl::MaterializeInterfacesPassBase<MaterializeInterfacesPass> {
  void runOnOperation() override {
    InterfaceMaterializer materializer(getOperation());
    if (failed(materializer.run()))
      signalPassFailure();
  }
};

} // namespace

} // namespace sluice::hal
