//===- UtilStatusOps.td - util status ops ------------------*- tablegen -*-===//
//
// Status handling ops produced by --iree-hal-conversion (execution.md §2.6).
// Kept apart from UtilOps.td so that adding them does not rebuild every user
// of the util op header.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILSTATUSOPS
#define SLUICE_DIALECT_UTIL_IR_UTILSTATUSOPS

include "sluice/Dialect/Util/IR/UtilBase.td"

def Util_StatusCheckOkOp : Util_Op<"status.check_ok"> {
  let summary = "fails the enclosing function when a status is not OK";
  let description = [{
    `%status` is an i32 status code; a non-zero value fails the function with
    the optional message (execution.md §3.5). Example:
    `util.status.check_ok %status, "failed to wait on timepoint"`.
  }];
  let arguments = (ins I32:$status, OptionalAttr<StrAttr>:$message);
  let assemblyFormat = "$status (`,` $message^)? attr-dict";
  let builders = [
    OpBuilder<(ins "::mlir::Value":$status,
                   CArg<"::llvm::StringRef", "\"\"">:$message), [{
      build($_builder, $_state, status,
            message.empty() ? ::mlir::StringAttr()
                            : $_builder.getStringAttr(message));
    }]>,
  ];
}

#endif // SLUICE_DIALECT_UTIL_IR_UTILSTATUSOPS
