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

struct LinkExecutablesPass
    : impl::LinkExecutablesPassBase<LinkExecutablesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder builder(&getContext());
    // @ex::@variant::@e -> flat workgroup function name.
    llvm::DenseMap<SymbolRefAttr, FlatSymbolRefAttr> entries;
    // The host module's top-level symbols (kept up to date as declarations
    // move in), so a declaration is matched without scanning the module.
    llvm::DenseMap<StringAttr, Operation *> hostSymbols;
    for (Operation &op : *module.getBody())
      if (auto name =
              op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
        hostSymbols.try_emplace(name, &op);
    // A name no host symbol and no linked symbol has: `base`, else
    // `base_<n>`. Flat names (`sluice_dispatch__<ex>__<name>`) get a suffix
    // in the rare case that another pair of names flattens to the same
    // string (`a__b`, `c` and `a`, `b__c`) or a host symbol has it.
    llvm::StringSet<> taken;
    auto unique = [&](const std::string &base) {
      std::string name = base;
      for (int64_t n = 1; hostSymbols.count(builder.getStringAttr(name)) ||
                          !taken.insert(name).second;
           ++n)
        name = base + "_" + std::to_string(n);
      return name;
    };
    auto flatName = [&](StringRef ex, StringRef name) {
      return unique(("sluice_dispatch__" + ex + "__" + name).str());
    };
    // The host declaration of each library function, by the name it binds
    // to.
    llvm::DenseMap<StringAttr, LLVM::LLVMFuncOp> libraryDecls;
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
          // External declarations (the libm functions of lower-math) bind to
          // their name, or to their sluice.link_name; the host module gets
          // one declaration per bound name. When a host symbol has that
          // name (a host function @powf), the declaration is named
          // `sluice_libm__<name>[_<n>]` and keeps the name to bind to in
          // sluice.link_name, which the translation to LLVM IR binds once
          // every local function has a name no library has (NativeTarget).
          if (auto func = dyn_cast<LLVM::LLVMFuncOp>(op);
              func && func.isExternal()) {
            auto link = func->getAttrOfType<StringAttr>(kLinkNameAttr);
            if (!link)
              link = name;
            LLVM::LLVMFuncOp decl = libraryDecls.lookup(link);
            Operation *existing = hostSymbols.lookup(link);
            if (!decl && existing) {
              // A declaration of the host module's own.
              auto other = dyn_cast<LLVM::LLVMFuncOp>(existing);
              if (other && other.isExternal())
                decl = other;
            }
            if (decl) {
              if (decl.getFunctionType() != func.getFunctionType()) {
                op.emitOpError("declares '@")
                    << link.getValue()
                    << "', which the host module declares differently";
                return signalPassFailure();
              }
              libraryDecls[link] = decl;
              flatNames[name] = decl.getSymNameAttr();
              op.erase();
              continue;
            }
            StringAttr hostName = link;
            if (existing) {
              hostName = builder.getStringAttr(
                  unique(("sluice_libm__" + link.getValue()).str()));
              func->setAttr(kLinkNameAttr, link);
            } else {
              func->removeAttr(kLinkNameAttr);
              taken.insert(link.getValue());
            }
            if (hostName != name)
              flatNames[name] = hostName;
            hostSymbols[hostName] = &op;
            libraryDecls[link] = func;
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
