//===- VerifyInput.cpp - --sluice-verify-input ----------------------------===//
//
// execution.md §2.2 step 1: the §1.3/§1.4 input rules, applied to every op
// outside executables. Read-only.
//
//===----------------------------------------------------------------------===//

#include "sluice/Input/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"

#include "sluice/Input/InputUtils.h"

namespace sluice::input {
#define GEN_PASS_DEF_VERIFYINPUTPASS
#include "sluice/Input/Passes.h.inc"
} // namespace sluice::input

using namespace mlir;

namespace sluice::input {
namespace {

/// Executables: their bodies belong to the dispatch codegen.
/// True when `op` may appear outside executables (§1.1, §1.3).
bool isAcceptedOp(Operation *op) {
  llvm::StringRef name = op->getName().getStringRef();
  auto [dialect, opName] = name.split('.');
  if (dialect == "util" || dialect == "flow" || dialect == "linalg" ||
      dialect == "arith" || dialect == "math")
    return true;
  if (dialect == "builtin")
    return opName == "module";
  if (dialect == "func")
    return opName == "func" || opName == "call" || opName == "return";
  if (dialect == "ml_program")
    return opName == "global" || opName == "global_load" ||
           opName == "global_load_const" || opName == "global_store";
  if (dialect == "cf")
    return opName == "br" || opName == "cond_br" || opName == "switch" ||
           opName == "assert";
  if (dialect == "scf")
    return llvm::is_contained({"for", "if", "while", "index_switch",
                               "execute_region", "yield", "condition"},
                              opName);
  if (dialect == "tensor")
    return llvm::is_contained(
        {"empty", "extract_slice", "insert_slice", "expand_shape",
         "collapse_shape", "cast", "reshape", "bitcast", "pad", "concat",
         "extract", "insert", "splat", "from_elements", "dim", "yield"},
        opName);
  if (dialect == "hal")
    // The ABI ops of form A (and the fences of coarse-fences wrappers).
    return opName.starts_with("tensor.") ||
           opName.starts_with("buffer_view.") || opName == "buffer.length" ||
           opName.starts_with("fence.");
  return false;
}

bool isForeignFrontendDialect(llvm::StringRef dialect) {
  return dialect == "tosa" || dialect == "stablehlo" || dialect == "chlo" ||
         dialect == "torch";
}

bool hasMemRef(TypeRange types) {
  return llvm::any_of(types, [](Type type) {
    return isa<BaseMemRefType>(type) ||
           (isa<ShapedType>(type) &&
            isa<BaseMemRefType>(cast<ShapedType>(type).getElementType()));
  });
}

struct VerifyInputPass : impl::VerifyInputPassBase<VerifyInputPass> {
  void runOnOperation() override {
    bool anyError = false;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isExecutable(op))
        return WalkResult::skip();
      if (op == getOperation())
        return WalkResult::advance();
      if (!isAcceptedOp(op)) {
        anyError = true;
        InFlightDiagnostic diag =
            op->emitOpError("is not supported as sluice-compile input");
        diag.attachNote()
            << "sluice-compile accepts flow-level programs (util, flow, hal "
               "ABI ops) and linalg-on-tensors programs (linalg, tensor, "
               "arith, math, scf, cf, func, ml_program)";
        if (isForeignFrontendDialect(op->getName().getDialectNamespace()))
          diag.attachNote() << "convert the program to linalg on tensors first";
        return WalkResult::skip();
      }
      if (hasMemRef(op->getOperandTypes()) || hasMemRef(op->getResultTypes())) {
        anyError = true;
        op->emitOpError(
            "uses memref types; sluice-compile accepts tensor programs only");
      }
      if (auto function = dyn_cast<FunctionOpInterface>(op)) {
        // util.initializer is function-like but has no name (nor ABI).
        bool named = op->hasAttr(SymbolTable::getSymbolAttrName());
        if (named && failed(verifyFunction(function)))
          anyError = true;
        // Block arguments are not operands: check the signature for memrefs.
        else if (hasMemRef(function.getArgumentTypes()) ||
                 hasMemRef(function.getResultTypes())) {
          anyError = true;
          op->emitOpError(
              "uses memref types; sluice-compile accepts tensor programs only");
        }
      }
      return WalkResult::advance();
    });
    if (anyError)
      signalPassFailure();
  }

  LogicalResult verifyFunction(FunctionOpInterface function) {
    llvm::StringRef name = function.getName();
    if (function.isExternal())
      return function->emitError("external function '@")
             << name
             << "' is not supported; Sluice modules cannot import functions";
    // Already-wrapped ABI stubs pass buffer views; private functions are not
    // part of the ABI.
    if (!function.isPublic() || function->hasAttr("iree.abi.stub"))
      return success();
    llvm::SmallVector<Type> signature(function.getArgumentTypes());
    llvm::append_range(signature, function.getResultTypes());
    for (Type type : signature) {
      if (isa<UnrankedTensorType>(type))
        return function->emitError("function '@")
               << name
               << "' has an unranked tensor in its signature; ranked tensors "
                  "are required";
    }
    for (Type type : signature) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (tensor && tensor.getElementType().isIndex())
        return function->emitError("function '@")
               << name << "' passes tensors of index elements across the ABI";
    }
    return success();
  }
};

} // namespace
} // namespace sluice::input
