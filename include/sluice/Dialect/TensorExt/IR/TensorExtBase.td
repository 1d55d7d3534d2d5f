//===- TensorExtBase.td - iree_tensor_ext dialect ----------*- tablegen -*-===//
//
// The subset of the `iree_tensor_ext` dialect that dispatch executables use:
// the dispatch tensor type and the ops reading/writing it
// (support-dialects.md §4).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_TENSOREXT_IR_TENSOREXTBASE
#define SLUICE_DIALECT_TENSOREXT_IR_TENSOREXTBASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "sluice/Dialect/Encoding/IR/EncodingInterfaces.td"

def IREETensorExt_Dialect : Dialect {
  let name = "iree_tensor_ext";
  let cppNamespace = "::sluice::iree_tensor_ext";
  let summary = "Tensor extensions used inside dispatch executables.";
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect",
  ];
  let useDefaultTypePrinterParser = 0;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerOps();
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type, ::mlir::DialectAsmPrinter &os) const override;
  }];
}

class IREETensorExt_Op<string mnemonic, list<Trait> traits = []>
    : Op<IREETensorExt_Dialect, mnemonic, traits>;

def IREETensorExt_DispatchTensorType
    : TypeDef<IREETensorExt_Dialect, "DispatchTensor", [
        DeclareTypeInterfaceMethods<IREEEncoding_EncodingTypeInterface>,
      ]> {
  let mnemonic = "dispatch.tensor";
  let summary = "a tensor bound to a dispatch binding";
  let description = [{
    `!iree_tensor_ext.dispatch.tensor<access:T>`: a view of a dispatch binding
    holding values of the bound type T (an integer, a float or a ranked
    tensor). Not a ShapedType, but offers the same shape queries.

    Implements `EncodingTypeInterface` (support-dialects.md §6.7):
    `getEncodingType()` is the bound type; `updateEncoding(enc)` keeps the
    access, shape and bound element type and puts `enc` on the bound tensor;
    a scalar bound type T becomes `tensor<T, enc>` (same empty shape, same
    element type, and a tensor that carries the encoding).
  }];
  let parameters = (ins
    "::sluice::iree_tensor_ext::TensorAccess":$access,
    "::mlir::Type":$boundType
  );
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// Rank of the bound type (0 for scalars).
    int64_t getRank() const;
    /// Shape of the bound type (empty for scalars).
    ::llvm::ArrayRef<int64_t> getShape() const;
    int64_t getDimSize(unsigned idx) const { return getShape()[idx]; }
    int64_t getNumDynamicDims() const;
    bool isDynamicDim(unsigned idx) const;
    /// Index of dim `idx` among the dynamic dims.
    unsigned getDynamicDimIndex(unsigned idx) const;
    bool hasStaticShape() const;
    /// The scalar bound type, or the bound tensor's element type.
    ::mlir::Type getBoundElementType() const;
    /// The bound tensor type; scalars become `tensor<T>`.
    ::mlir::RankedTensorType asRankedTensorType() const;
    /// True when the slice covers the whole tensor: zero offsets, unit
    /// strides and sizes equal to the shape (dynamic sizes equal to `dims`).
    bool doesSliceSpanWholeTensor(::mlir::ValueRange dims,
                                  ::llvm::ArrayRef<::mlir::OpFoldResult> offsets,
                                  ::llvm::ArrayRef<::mlir::OpFoldResult> sizes,
                                  ::llvm::ArrayRef<::mlir::OpFoldResult> strides) const;
  }];
}

def IREETensorExt_DispatchTensor : Type<
    CPred<"::llvm::isa<::sluice::iree_tensor_ext::DispatchTensorType>($_self)">,
    "dispatch.tensor", "::sluice::iree_tensor_ext::DispatchTensorType">;

def IREETensorExt_WritableDispatchTensor : Type<
    And<[
      CPred<"::llvm::isa<::sluice::iree_tensor_ext::DispatchTensorType>($_self)">,
      CPred<"::llvm::cast<::sluice::iree_tensor_ext::DispatchTensorType>($_self)"
            ".getAccess() != ::sluice::iree_tensor_ext::TensorAccess::ReadOnly">,
    ]>,
    "dispatch.tensor", "::sluice::iree_tensor_ext::DispatchTensorType">;

#endif // SLUICE_DIALECT_TENSOREXT_IR_TENSOREXTBASE
