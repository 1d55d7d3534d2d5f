//===- MaterializeBuiltins.cpp - builtin fill/splat executables ----------===//
//
// --iree-stream-materialize-builtins (stream-passes-1.md §8): splats and
// fills whose pattern a device cannot write natively become dispatches of
// builtin executables, which are merged into the module.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtDialect.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"

namespace sluice::stream {
#define GEN_PASS_DEF_MATERIALIZEBUILTINSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;

static llvm::cl::opt<bool> clEmulateMemset(
    "iree-stream-emulate-memset",
    llvm::cl::desc("Emulates all memset types with dispatches."),
    llvm::cl::init(false));

namespace {

//===----------------------------------------------------------------------===//
// Builtin sources (§8.2)
//===----------------------------------------------------------------------===//

/// The source of `<op>_i<N>.mlir`: one private executable whose export
/// writes `value` `count` times into the binding. Splat and fill share the
/// kernel; for a fill the binding is the target range.
std::string buildBuiltinSource(StringRef op, unsigned bits) {
  std::string text = R"mlir(
stream.executable private @NAME {
  stream.executable.export public @NAME workgroups(%n: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
    stream.return %x, %y, %z : index, index, index
  }
  builtin.module {
    func.func @NAME(%value: ELT, %n: index, %out_binding: !stream.binding) {
      %c0 = arith.constant 0 : index
      %count = iree_tensor_ext.dispatch.workload.ordinal %n, 0 : index
      %out = stream.binding.subspan %out_binding[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xELT>>{%count}
      %empty = tensor.empty(%count) : tensor<?xELT>
      %filled = linalg.fill ins(%value : ELT) outs(%empty : tensor<?xELT>) -> tensor<?xELT>
      iree_tensor_ext.dispatch.tensor.store %filled, %out, offsets = [0], sizes = [%count], strides = [1] : tensor<?xELT> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xELT>>{%count}
      return
    }
  }
}
)mlir";
  auto replaceAll = [&](StringRef from, StringRef to) {
    for (size_t pos = text.find(from); pos != std::string::npos;
         pos = text.find(from, pos + to.size()))
      text.replace(pos, from.size(), to.str());
  };
  replaceAll("NAME", llvm::formatv("__builtin_{0}_i{1}", op, bits).str());
  replaceAll("ELT", llvm::formatv("i{0}", bits).str());
  return text;
}

/// The embedded file `fileName`, or nothing if there is no such builtin.
std::optional<std::string> lookupBuiltinSource(StringRef fileName) {
  for (StringRef op : {"fill", "splat"})
    for (unsigned bits : {8u, 16u, 32u, 64u})
      if (fileName == llvm::formatv("{0}_i{1}.mlir", op, bits).str())
        return buildBuiltinSource(op, bits);
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Module merging
//===----------------------------------------------------------------------===//

/// `<name>_<n>` with the smallest n naming no symbol in either table.
StringAttr makeUniqueName(StringAttr name, SymbolTable &a, SymbolTable &b) {
  for (unsigned n = 0;; ++n) {
    StringAttr candidate = StringAttr::get(
        name.getContext(), llvm::formatv("{0}_{1}", name.getValue(), n).str());
    if (!a.lookup(candidate) && !b.lookup(candidate))
      return candidate;
  }
}

/// Moves the top-level ops of `source` into `target`, the first before the
/// target's first op and each next one after the previous. Private source
/// symbols renamed to avoid a clash are recorded in `renamed`.
LogicalResult mergeModuleInto(ModuleOp source, ModuleOp target,
                              Operation *&insertAfter,
                              DenseMap<StringAttr, StringAttr> &renamed) {
  Block *targetBody = target.getBody();
  auto place = [&](Operation *op) {
    op->remove();
    if (insertAfter)
      targetBody->getOperations().insertAfter(insertAfter->getIterator(), op);
    else
      targetBody->push_front(op);
    insertAfter = op;
  };
  SmallVector<Operation *> sourceOps;
  for (Operation &op : source.getBody()->without_terminator())
    sourceOps.push_back(&op);
  if (sourceOps.empty())
    return success();

  bool targetEmpty =
      llvm::all_of(targetBody->getOperations(), [](Operation &op) {
        return op.hasTrait<mlir::OpTrait::IsTerminator>();
      });
  if (targetEmpty) {
    for (Operation *op : sourceOps)
      place(op);
    return success();
  }

  SymbolTable sourceTable(source);
  SymbolTable targetTable(target);
  for (Operation *op : sourceOps) {
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    if (!symbol) {
      place(op);
      continue;
    }
    StringAttr name = symbol.getNameAttr();
    auto existing = dyn_cast_or_null<SymbolOpInterface>(
        targetTable.lookup(name.getValue()));
    if (!existing) {
      place(op);
      targetTable.insert(op);
      continue;
    }
    if (isa<FunctionOpInterface>(op) &&
        OperationEquivalence::isEquivalentTo(
            op, existing, OperationEquivalence::IgnoreLocations)) {
      op->erase();
      continue;
    }
    if (symbol.isPrivate()) {
      StringAttr fresh = makeUniqueName(name, sourceTable, targetTable);
      if (failed(SymbolTable::replaceAllSymbolUses(op, fresh, source)))
        return op->emitError() << "failed to rename symbol " << name;
      sourceTable.setSymbolName(op, fresh);
      renamed[name] = fresh;
    } else if (existing.isPrivate()) {
      StringAttr fresh = makeUniqueName(name, sourceTable, targetTable);
      if (failed(SymbolTable::replaceAllSymbolUses(existing, fresh, target)))
        return existing->emitError() << "failed to rename symbol " << name;
      targetTable.setSymbolName(existing, fresh);
    } else {
      return op->emitError()
             << "multiple public symbols with the name: " << name.getValue();
    }
    place(op);
    targetTable.insert(op);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct MaterializeBuiltinsPass
    : public stream::impl::MaterializeBuiltinsPassBase<
          MaterializeBuiltinsPass> {
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    if (moduleOp.getBody()->empty())
      return markAllAnalysesPreserved();

    // File name -> locations of the ops that need it (sorted by name).
    std::map<std::string, SmallVector<Location>> requiredFiles;
    createdDispatches.clear();
    bool anyCandidate = false;
    auto walkResult = moduleOp.walk([&](StreamableOpInterface op) {
      if (auto splatOp = dyn_cast<AsyncSplatOp>(op.getOperation())) {
        anyCandidate = true;
        return replaceSplat(splatOp, requiredFiles);
      }
      if (auto fillOp = dyn_cast<AsyncFillOp>(op.getOperation())) {
        anyCandidate = true;
        return replaceFill(fillOp, requiredFiles);
      }
      return WalkResult::advance();
    });
    if (walkResult.wasInterrupted())
      return signalPassFailure();
    // Without a splat or a fill there is nothing to replace or to merge.
    if (!anyCandidate)
      return markAllAnalysesPreserved();

    Operation *insertAfter = nullptr;
    DenseMap<StringAttr, StringAttr> renamed;
    for (auto &[fileName, locs] : requiredFiles) {
      Location loc = FusedLoc::get(&getContext(), locs);
      std::optional<std::string> source = lookupBuiltinSource(fileName);
      if (!source) {
        emitError(loc) << "unable to merge builtin module; file not found "
                       << fileName;
        return signalPassFailure();
      }
      OwningOpRef<ModuleOp> sourceModule =
          parseSourceString<ModuleOp>(*source, ParserConfig(&getContext()));
      if (!sourceModule) {
        emitError(loc) << "source module failed to parse; ensure dialects are "
                          "registered";
        return signalPassFailure();
      }
      if (failed(
              mergeModuleInto(*sourceModule, moduleOp, insertAfter, renamed)))
        return signalPassFailure();
    }
    // [SLUICE] a builtin renamed because a user symbol has its name is still
    // the one our dispatches call (the reference leaves them pointing at the
    // user symbol).
    if (!renamed.empty())
      for (AsyncDispatchOp dispatchOp : createdDispatches)
        redirectEntryPoints(dispatchOp, renamed);
  }

private:
  SmallVector<AsyncDispatchOp> createdDispatches;

  static void
  redirectEntryPoints(AsyncDispatchOp dispatchOp,
                      const DenseMap<StringAttr, StringAttr> &renamed) {
    SmallVector<Attribute> entryPoints;
    for (auto ref : dispatchOp.getEntryPoints().getAsRange<SymbolRefAttr>()) {
      auto it = renamed.find(ref.getRootReference());
      entryPoints.push_back(
          it == renamed.end()
              ? ref
              : SymbolRefAttr::get(it->second, ref.getNestedReferences()));
    }
    dispatchOp.setEntryPointsAttr(
        ArrayAttr::get(dispatchOp.getContext(), entryPoints));
  }

  /// The builtin for a pattern type, or an error on `op`.
  FailureOr<std::string> selectBuiltin(Operation *op, StringRef kind,
                                       Type patternType) {
    uint64_t bits = util::getTypeBitWidth(patternType);
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
      return op->emitOpError() << "has no builtin for bit width " << bits;
    return llvm::formatv("{0}_i{1}", kind, bits).str();
  }

  static bool needsBuiltin(Type patternType) {
    return util::getTypeBitWidth(patternType) > 32 || clEmulateMemset;
  }

  /// Element count `bytes / (bits / 8)`, built before the op or before its
  /// nearest enclosing `stream.async.execute`.
  static Value buildElementCount(Operation *op, Value bytes, Type patternType) {
    Operation *anchor = op;
    if (auto executeOp = op->getParentOfType<AsyncExecuteOp>())
      anchor = executeOp;
    OpBuilder builder(anchor);
    Location loc = op->getLoc();
    Value width = builder.createOrFold<arith::ConstantIndexOp>(
        loc, util::getTypeBitWidth(patternType) / 8);
    return builder.createOrFold<arith::DivUIOp>(loc, bytes, width);
  }

  static ArrayAttr entryPointsFor(MLIRContext *context, StringRef name) {
    auto leaf = FlatSymbolRefAttr::get(context, name);
    return ArrayAttr::get(context, {SymbolRefAttr::get(context, name, {leaf})});
  }

  WalkResult
  replaceSplat(AsyncSplatOp op,
               std::map<std::string, SmallVector<Location>> &requiredFiles) {
    Type patternType = op.getValue().getType();
    if (!needsBuiltin(patternType))
      return WalkResult::advance();
    FailureOr<std::string> kind = selectBuiltin(op, "splat", patternType);
    if (failed(kind))
      return WalkResult::interrupt();
    requiredFiles[*kind + ".mlir"].push_back(op.getLoc());
    Value count = buildElementCount(op, op.getResultSize(), patternType);

    OpBuilder builder(op);
    std::string name = "__builtin_" + *kind;
    auto dispatchOp = AsyncDispatchOp::create(
        builder, op.getLoc(), TypeRange{op.getResult().getType()},
        /*workload=*/ValueRange{count},
        entryPointsFor(builder.getContext(), name),
        /*resource_operands=*/ValueRange{op.getValue(), count},
        /*sizes=*/ValueRange{}, /*offsets=*/ValueRange{},
        /*ends=*/ValueRange{}, /*lengths=*/ValueRange{},
        /*result_sizes=*/ValueRange{op.getResultSize()},
        /*tied_operands=*/ArrayAttr(), op.getAffinityAttr());
    createdDispatches.push_back(dispatchOp);
    op.getResult().replaceAllUsesWith(dispatchOp.getResult(0));
    op.erase();
    return WalkResult::advance();
  }

  WalkResult
  replaceFill(AsyncFillOp op,
              std::map<std::string, SmallVector<Location>> &requiredFiles) {
    Type patternType = op.getValue().getType();
    if (!needsBuiltin(patternType))
      return WalkResult::advance();
    FailureOr<std::string> kind = selectBuiltin(op, "fill", patternType);
    if (failed(kind))
      return WalkResult::interrupt();
    requiredFiles[*kind + ".mlir"].push_back(op.getLoc());
    Value count = buildElementCount(op, op.getTargetLength(), patternType);

    OpBuilder builder(op);
    std::string name = "__builtin_" + *kind;
    auto dispatchOp = AsyncDispatchOp::create(
        builder, op.getLoc(), TypeRange{op.getResult().getType()},
        /*workload=*/ValueRange{count},
        entryPointsFor(builder.getContext(), name),
        /*resource_operands=*/
        ValueRange{op.getTarget(), op.getValue(), count},
        /*sizes=*/ValueRange{op.getTargetSize()},
        /*offsets=*/ValueRange{op.getTargetOffset()},
        /*ends=*/ValueRange{op.getTargetEnd()},
        /*lengths=*/ValueRange{op.getTargetLength()},
        /*result_sizes=*/ValueRange{op.getTargetSize()},
        builder.getIndexArrayAttr({0}), op.getAffinityAttr());
    createdDispatches.push_back(dispatchOp);
    op.getResult().replaceAllUsesWith(dispatchOp.getResult(0));
    op.erase();
    return WalkResult::advance();
  }
};

} // namespace
