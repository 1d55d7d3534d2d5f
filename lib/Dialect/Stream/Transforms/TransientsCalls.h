//===- TransientsCalls.h - calls in external transients (§9.2) -*- C++ -*-===//
//
// The interprocedural part of --iree-stream-emplace-transients with
// reference-compat=false (external-transients.md §9.2): which callees
// perform transient allocations, and the IR built for a call to a callee
// that does (its `$transients` clone taking a slab, its `$transients_size`
// function, the rewritten call site). The emplacement into the clone itself
// is the pass's own (EmplaceTransients.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_TRANSIENTSCALLS_H
#define SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_TRANSIENTSCALLS_H

#include "sluice/Dialect/Stream/IR/StreamOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace sluice::stream {

/// Which functions of a module perform transient allocations, directly or
/// through direct calls (§9.2 item 1). Built once, in time linear in the
/// module; functions created later are not in it (they are never queried).
/// What a walk of one function finds for TransientCallGraph, when the
/// caller has walked it already (the function being processed): the graph
/// then does not walk it again.
struct TransientFunctionSummary {
  mlir::Operation *funcOp = nullptr;
  /// True if the function contains a transient `stream.resource.alloca`.
  bool allocates = false;
  /// Every CallOpInterface op of the function, in walk order.
  llvm::ArrayRef<mlir::CallOpInterface> calls;
};

class TransientCallGraph {
public:
  explicit TransientCallGraph(mlir::ModuleOp moduleOp,
                              const TransientFunctionSummary &known = {});

  /// The callee of a direct call; null for an indirect call or an unknown
  /// symbol.
  mlir::FunctionOpInterface lookupCallee(mlir::CallOpInterface callOp);

  /// True if `callee` has a body that contains a transient
  /// `stream.resource.alloca` or calls (transitively) a function that does.
  /// Body-less callees allocate nothing.
  bool allocates(mlir::Operation *callee) const {
    return allocating.contains(callee);
  }

  mlir::SymbolTable &getSymbolTable() { return symbolTable; }

private:
  mlir::SymbolTable symbolTable;
  llvm::DenseSet<mlir::Operation *> allocating;
};

/// True if `value` can be computed at the entry of `funcOp` from its
/// arguments alone (§9.2 item 5): every op on the way is a size computation
/// op (TransientsUtils.h), ops outside the entry block are speculatable as
/// well, and no block argument but the function's own is reached.
bool isComputableAtEntry(mlir::Value value, mlir::FunctionOpInterface funcOp);

/// True if `op` is inside a loop body (a repetitive region) of `funcOp`.
bool isInsideLoop(mlir::Operation *op, mlir::FunctionOpInterface funcOp);

/// Clones `callee` as a private `@<callee>$transients` (name uniqued by the
/// symbol table), inserted right after it, with two more arguments: the slab
/// (`!stream.resource<transient>`) and its size (`index`).
mlir::FunctionOpInterface cloneWithSlab(mlir::FunctionOpInterface callee,
                                        mlir::SymbolTable &symbolTable);

/// Creates the private `@<callee>$transients_size` after `specialized`: it
/// returns the total length of `pack` (an op of `specialized`, null for
/// nothing placed: 0). Only the arguments the computation reads are kept;
/// their indices among the callee's arguments go to `keptArgs`.
mlir::FailureOr<mlir::FunctionOpInterface>
createSizeFunction(mlir::FunctionOpInterface callee,
                   mlir::FunctionOpInterface specialized, mlir::Operation *pack,
                   mlir::SymbolTable &symbolTable,
                   llvm::SmallVectorImpl<unsigned> &keptArgs);

/// The IR rewriteTransientCall builds for one call.
struct TransientCallRewrite {
  /// The alloca standing for the callee's slab.
  ResourceAllocaOp allocaOp;
  /// The join the slab's dealloca awaits; its first operand is the alloca's
  /// timepoint.
  TimepointJoinOp releaseJoin;
};

/// Rewrites `callOp` into (§9.2 item 3)
///
///   %size = util.call @C$transients_size(<kept args>) {size call}
///   %slab, %tp = stream.resource.alloca [await(<the call's timepoints>)]
///       => !stream.resource<transient>{%size}
///   %r... = call @C$transients(args with every timepoint replaced by %tp,
///                              %slab, %size)
///   %j = stream.timepoint.join max(%tp, <timepoint results>)
///   %d = stream.resource.dealloca await(%j) => %slab
///
/// where every other use of a timepoint result now uses %d. The callee's
/// timepoint arguments all become %tp, which follows each of them: the
/// callee waits no less than before, and its work on the slab, when it
/// waits on a timepoint argument, follows the slab's availability. The
/// alloca is then placed like any other (a slot of the caller's pack, or of
/// its own slab when the caller is itself a specialized callee); left in
/// place, it is a real allocation and the program stays correct.
TransientCallRewrite
rewriteTransientCall(mlir::CallOpInterface callOp,
                     mlir::FunctionOpInterface specialized,
                     mlir::FunctionOpInterface sizeFunction,
                     llvm::ArrayRef<unsigned> keptArgs, AffinityAttr affinity);

/// Once the alloca of a TransientCallRewrite has been emplaced (its
/// timepoint is now its await), and when every timepoint the callee returns
/// follows one of its timepoint arguments (so each result of the call
/// follows the slab's timepoint), that timepoint is redundant in the
/// release join: drops it, and replaces a join left with one operand by
/// that operand. Without this the joins chain through consecutive calls
/// (J_k = join(J_{k-1}, r_k)) and the join canonicalization flattens them
/// into joins of every earlier call's result: quadratic IR.
void dropSlabTimepoint(TimepointJoinOp releaseJoin);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_TRANSIENTSCALLS_H
