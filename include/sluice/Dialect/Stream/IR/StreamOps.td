//===- StreamOps.td - stream ops ---------------------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMOPS
#define SLUICE_DIALECT_STREAM_IR_STREAMOPS

include "sluice/Dialect/Stream/IR/StreamAttrs.td"
include "sluice/Dialect/Stream/IR/StreamBase.td"
include "sluice/Dialect/Stream/IR/StreamInterfaces.td"
include "sluice/Dialect/Stream/IR/StreamTypes.td"
include "sluice/Dialect/Util/IR/UtilInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

def Stream_AffinityAttrConstraint
    : Attr<CPred<"::llvm::isa<::sluice::stream::AffinityAttr>($_self)">,
           "Defines execution context affinity."> {
  let storageType = "::sluice::stream::AffinityAttr";
  let returnType = "::sluice::stream::AffinityAttr";
  let convertFromStorage = "$_self";
}
def Stream_OptionalAffinity : OptionalAttr<Stream_AffinityAttrConstraint>;

def Stream_IndexArrayAttr : TypedArrayAttrBase<IndexAttr, "index array attribute">;

include "sluice/Dialect/Stream/IR/StreamResourceOps.td"
include "sluice/Dialect/Stream/IR/StreamTimelineOps.td"
include "sluice/Dialect/Stream/IR/StreamTensorOps.td"
include "sluice/Dialect/Stream/IR/StreamExecutableOps.td"
include "sluice/Dialect/Stream/IR/StreamAsyncOps.td"
include "sluice/Dialect/Stream/IR/StreamCmdOps.td"
include "sluice/Dialect/Stream/IR/StreamParameterOps.td"

#endif // SLUICE_DIALECT_STREAM_IR_STREAMOPS
