//===- LinkExecutables.cpp - --sluice-link-executables --------------------===//
//
// execution.md §2.8 step 1: the dispatch code of every executable variant
// moves into the host module under flat names, described by
// sluice_rt.executable_info ops.
//
//===----------------------------------------------------------------------===//

#include "AbiBuilder.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/SluiceRT/IR/SluiceRTOps.h"
#include "sluice/Support/SymbolRenaming.h"
#include "sluice/Target/Native/Passes.h"
#include "llvm/ADT/StringSet.h"

namespace sluice::native {
#define GEN_PASS_DEF_LINKEXECUTABLESPASS
#include "sluice/Target/Native/Passes.h.inc"
} // namespace sluice::native

using namespace mlir;

namespace sluice::native {
namespace {

/// Every host symbol (util.func, util.global, ...) becomes
/// `sluice_host__<name>`, its uses following, so no user name reaches the
/// LLVM module: a host function named like a libm or libc function would
/// otherwise take the calls LLVM emits to that function. Functions keep
/// their name in `sluice.host_name` (the export name of public ones).
void renameHostSymbols(ModuleOp module) {
  Builder b(module.getContext());
  SymbolRenameMap renames;
  for (Operation &op : *module.getBody()) {
    if (isa<hal::ExecutableOp>(op) || isa<LLVM::LLVMDialect>(op.getDialect()))
      continue;
    auto name = op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    if (!name)
      continue;
    renames[name] = b.getStringAttr("sluice_host__" + name.getValue());
    if (isa<FunctionOpInterface>(op))
      op.setAttr(kHostNameAttr, name);
  }
  // Executables are left alone: their inner modules have their own symbols.
  renameSymbols(llvm::make_filter_range(
                    *module.getBody(),
                    [](Operation &op) { return !isa<hal::ExecutableOp>(op); }),
                renames);
}

struct LinkExecutablesPass
    : impl::LinkExecutablesPassBase<LinkExecutablesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder builder(&getContext());
    renameHostSymbols(module);
    // @ex::@variant::@e -> flat workgroup function name.
    llvm::DenseMap<SymbolRefAttr, FlatSymbolRefAttr> entries;
    // The host module's top-level symbols (kept up to date as declarations
    // move in), so a declaration is matched without scanning the module.
    llvm::DenseMap<StringAttr, Operation *> hostSymbols;
    for (Operation &op : *module.getBody())
      if (auto name =
              op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
        hostSymbols.try_emplace(name, &op);
    // `sluice_dispatch__<ex>__<name>`, with a suffix in the rare case that
    // another pair of names flattens to the same string (`a__b`, `c` and
    // `a`, `b__c`).
    llvm::StringSet<> flatTaken;
    auto flatName = [&](StringRef ex, StringRef name) {
      std::string base = ("sluice_dispatch__" + ex + "__" + name).str();
      std::string flat = base;
      for (int64_t n = 1; !flatTaken.insert(flat).second; ++n)
        flat = base + "_" + std::to_string(n);
      return flat;
    };
    for (auto executable :
         llvm::make_early_inc_range(module.getOps<hal::ExecutableOp>())) {
      StringRef ex = executable.getSymName();
      for (auto variant : executable.getOps<hal::ExecutableVariantOp>()) {
        ModuleOp inner;
        for (Operation &op : variant.getBody().front())
          if (auto m = dyn_cast<ModuleOp>(op))
            inner = m;
        if (!inner)
          continue;
        // Rename every symbol of the variant first (uses follow): the flat
        // names are collected, then one walk of the inner module renames every
        // use (a SymbolTable rename per symbol would walk the module once per
        // function, quadratic in the functions of a variant).
        llvm::StringMap<std::string> exportNames;
        for (auto exportOp : variant.getOps<hal::ExecutableExportOp>())
          exportNames[exportOp.getSymName()] =
              flatName(ex, exportOp.getSymName());
        SymbolRenameMap flatNames;
        for (Operation &op : llvm::make_early_inc_range(*inner.getBody())) {
          if (!isa<LLVM::LLVMFuncOp, LLVM::GlobalOp>(op)) {
            op.emitOpError("cannot be linked into the host module");
            return signalPassFailure();
          }
          StringAttr name = SymbolTable::getSymbolName(&op);
          // External declarations (the libm functions of lower-math) keep
          // their names (or take their sluice.link_name), for the AOT link
          // and the JIT to resolve; the host module gets one declaration per
          // name. No user symbol can have it: host symbols were renamed.
          if (auto func = dyn_cast<LLVM::LLVMFuncOp>(op);
              func && func.isExternal()) {
            if (auto link = func->getAttrOfType<StringAttr>(kLinkNameAttr)) {
              func->removeAttr(kLinkNameAttr);
              if (link != name) {
                flatNames[name] = link;
                name = link;
              }
            }
            if (Operation *existing = hostSymbols.lookup(name)) {
              auto other = dyn_cast<LLVM::LLVMFuncOp>(existing);
              if (!other || !other.isExternal() ||
                  other.getFunctionType() != func.getFunctionType()) {
                op.emitOpError("declares '@")
                    << name.getValue()
                    << "', which the host module defines differently";
                return signalPassFailure();
              }
              op.erase();
            } else {
              hostSymbols[name] = &op;
            }
            continue;
          }
          auto it = exportNames.find(name.getValue());
          flatNames[name] = builder.getStringAttr(
              it != exportNames.end() ? it->second
                                      : flatName(ex, name.getValue()));
        }
        renameSymbolUses(inner, flatNames);
        llvm::DenseMap<StringAttr, LLVM::LLVMFuncOp> functions;
        for (Operation &op : *inner.getBody()) {
          StringAttr flat = flatNames.lookup(SymbolTable::getSymbolName(&op));
          if (!flat) // a declaration keeping its name
            continue;
          SymbolTable::setSymbolName(&op, flat);
          if (auto function = dyn_cast<LLVM::LLVMFuncOp>(op))
            functions[flat] = function;
        }
        for (auto exportOp : variant.getOps<hal::ExecutableExportOp>()) {
          std::string flat = exportNames[exportOp.getSymName()];
          auto function = functions.lookup(builder.getStringAttr(flat));
          if (!function) {
            exportOp.emitError("export '@")
                << exportOp.getSymName() << "' of '@" << ex
                << "' has no workgroup function (run "
                   "--sluice-cpu-codegen-pipeline first)";
            return signalPassFailure();
          }
          int64_t cost = 1;
          if (auto attr = exportOp->getAttrOfType<IntegerAttr>(
                  "sluice.workgroup_cost_ns"))
            cost = attr.getInt();
          DenseI64ArrayAttr workgroupSize;
          if (ArrayAttr size = exportOp.getWorkgroupSizeAttr()) {
            SmallVector<int64_t> values;
            for (Attribute a : size)
              values.push_back(cast<IntegerAttr>(a).getInt());
            workgroupSize = builder.getDenseI64ArrayAttr(values);
          }
          builder.setInsertionPointToEnd(module.getBody());
          sluice_rt::ExecutableInfoOp::create(
              builder, exportOp.getLoc(),
              FlatSymbolRefAttr::get(builder.getStringAttr(flat)),
              builder.getStringAttr(ex),
              builder.getStringAttr(exportOp.getSymName()),
              exportOp.getLayout(), builder.getI64IntegerAttr(cost),
              workgroupSize);
          entries[SymbolRefAttr::get(
              builder.getStringAttr(ex),
              {FlatSymbolRefAttr::get(variant.getSymNameAttr()),
               FlatSymbolRefAttr::get(exportOp.getSymNameAttr())})] =
              FlatSymbolRefAttr::get(builder.getStringAttr(flat));
        }
        for (Operation &op : llvm::make_early_inc_range(*inner.getBody()))
          op.moveBefore(module.getBody(), module.getBody()->end());
      }
    }
    WalkResult result = module.walk([&](sluice_rt::DispatchOp dispatch) {
      auto it = entries.find(dispatch.getEntryPoint());
      if (it != entries.end())
        dispatch.setEntryPointAttr(it->second);
      return WalkResult::advance();
    });
    (void)result;
    for (auto executable :
         llvm::make_early_inc_range(module.getOps<hal::ExecutableOp>()))
      executable.erase();
  }
};

} // namespace
} // namespace sluice::native
