//===- TensorExtOps.td - iree_tensor_ext ops ---------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_TENSOREXT_IR_TENSOREXTOPS
#define SLUICE_DIALECT_TENSOREXT_IR_TENSOREXTOPS

include "sluice/Dialect/TensorExt/IR/TensorExtBase.td"
include "sluice/Dialect/Util/IR/UtilDivisibility.td"
include "sluice/Dialect/Util/IR/UtilInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/InferIntRangeInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

def IREETensorExt_DispatchTensorLoadOp : IREETensorExt_Op<"dispatch.tensor.load", [
    AttrSizedOperandSegments,
    OffsetSizeAndStrideOpInterface,
    Pure,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface, ["reifyResultShapes"]>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex",
      "getTiedResultOperandIndices",
    ]>,
  ]> {
  let summary = "loads a tensor from a dispatch tensor";
  let arguments = (ins
    IREETensorExt_DispatchTensor:$source,
    Variadic<Index>:$source_dims,
    Variadic<Index>:$offsets,
    Variadic<Index>:$sizes,
    Variadic<Index>:$strides,
    DenseI64ArrayAttr:$static_offsets,
    DenseI64ArrayAttr:$static_sizes,
    DenseI64ArrayAttr:$static_strides
  );
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source
    `,` `offsets` `=` custom<DynamicIndexList>($offsets, $static_offsets)
    `,` `sizes` `=` custom<DynamicIndexList>($sizes, $static_sizes)
    `,` `strides` `=` custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` qualified(type($source)) (`{` $source_dims^ `}`)? `->` type($result)
  }];
  let extraClassDeclaration = [{
    /// Leading operands before the offsets (source and, nominally, its dims).
    static unsigned getOffsetSizeAndStrideStartOperandIndex() { return 2; }
    std::array<unsigned, 3> getArrayAttrMaxRanks() {
      unsigned rank = getSourceType().getRank();
      return {rank, rank, rank};
    }
    DispatchTensorType getSourceType() {
      return ::llvm::cast<DispatchTensorType>(getSource().getType());
    }
    ::mlir::RankedTensorType getType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getResult().getType());
    }
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def IREETensorExt_DispatchTensorStoreOp : IREETensorExt_Op<"dispatch.tensor.store", [
    AttrSizedOperandSegments,
    OffsetSizeAndStrideOpInterface,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "stores a tensor into a dispatch tensor";
  let arguments = (ins
    AnyRankedTensor:$value,
    IREETensorExt_WritableDispatchTensor:$target,
    Variadic<Index>:$target_dims,
    Variadic<Index>:$offsets,
    Variadic<Index>:$sizes,
    Variadic<Index>:$strides,
    DenseI64ArrayAttr:$static_offsets,
    DenseI64ArrayAttr:$static_sizes,
    DenseI64ArrayAttr:$static_strides
  );
  let assemblyFormat = [{
    $value `,` $target
    `,` `offsets` `=` custom<DynamicIndexList>($offsets, $static_offsets)
    `,` `sizes` `=` custom<DynamicIndexList>($sizes, $static_sizes)
    `,` `strides` `=` custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($value) `->` qualified(type($target)) (`{` $target_dims^ `}`)?
  }];
  let extraClassDeclaration = [{
    static unsigned getOffsetSizeAndStrideStartOperandIndex() { return 3; }
    std::array<unsigned, 3> getArrayAttrMaxRanks() {
      unsigned rank = getTargetType().getRank();
      return {rank, rank, rank};
    }
    DispatchTensorType getTargetType() {
      return ::llvm::cast<DispatchTensorType>(getTarget().getType());
    }
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def IREETensorExt_DispatchWorkloadOrdinalOp
    : IREETensorExt_Op<"dispatch.workload.ordinal", [
    Pure,
    AllTypesMatch<["operand", "result"]>,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>,
    DeclareOpInterfaceMethods<Util_InferIntDivisibilityOp>,
  ]> {
  let summary = "annotates a value as the workload operand at `ordinal`";
  let arguments = (ins Index:$operand, IndexAttr:$ordinal);
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict $operand `,` $ordinal `:` type($result)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def IREETensorExt_DispatchWorkgroupCountFromSliceOp
    : IREETensorExt_Op<"dispatch.workgroup_count_from_slice", [Pure]> {
  let summary = "placeholder workgroup count computed from the slice";
  let arguments = (ins Variadic<Index>:$operands);
  let results = (outs Index:$x, Index:$y, Index:$z);
  let assemblyFormat = "attr-dict `` `(` $operands `)`";
}

#endif // SLUICE_DIALECT_TENSOREXT_IR_TENSOREXTOPS
