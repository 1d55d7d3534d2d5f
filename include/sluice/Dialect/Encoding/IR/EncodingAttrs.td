//===- EncodingAttrs.td - iree_encoding attributes ---------*- tablegen -*-===//
//
// Every `iree_encoding` attribute of encoding.md §4. Syntax uses ODS
// declarative formats (`struct(...)` where the spec says so); behaviour of the
// interface methods is in lib/Dialect/Encoding/IR/EncodingAttrs.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_ENCODING_IR_ENCODINGATTRS
#define SLUICE_DIALECT_ENCODING_IR_ENCODINGATTRS

include "sluice/Dialect/Encoding/IR/EncodingBase.td"
include "sluice/Dialect/Encoding/IR/EncodingInterfaces.td"
include "mlir/IR/TensorEncoding.td"

class IREEEncoding_Attr<string name, string attrMnemonic,
                        list<Trait> traits = []>
    : AttrDef<IREEEncoding_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

// Every method of SerializableAttr that an attribute body overrides.
defvar IREEEncoding_SerializableMethods = [
  "isSerialized", "isIdentityLayout", "cloneWithLayouts",
  "calculateStorageSizeInBytes"];

//===----------------------------------------------------------------------===//
// Parameters with their own syntax
//===----------------------------------------------------------------------===//

// `[a, ?, b]`: a list of integers where `?` is the dynamic sentinel, stored as
// a DenseI64ArrayAttr (encoding.md §4.9).
def IREEEncoding_DynamicIndexListParameter
    : AttrParameter<"::mlir::DenseI64ArrayAttr",
                    "integers or `?` (dynamic)"> {
  let parser = "::sluice::iree_encoding::parseDynamicIndexList($_parser)";
  let printer = "::sluice::iree_encoding::printDynamicIndexList($_printer, "
                "$_self.asArrayRef())";
}

// `[a, ?, b]` stored as an ArrayAttr of i64 IntegerAttrs (encoding.md §4.11
// `iteration_sizes`).
def IREEEncoding_IterationSizesParameter
    : AttrParameter<"::mlir::ArrayAttr", "i64 sizes or `?` (dynamic)"> {
  let defaultValue = "::mlir::ArrayAttr()";
  let parser = "::sluice::iree_encoding::parseIterationSizes($_parser)";
  let printer = "::sluice::iree_encoding::printIterationSizes($_printer, "
                "$_self)";
}

//===----------------------------------------------------------------------===//
// Test encodings and resolvers (§4.1–§4.3)
//===----------------------------------------------------------------------===//

def IREEEncoding_TestingAttr : IREEEncoding_Attr<"Testing", "testing", [
    DeclareAttrInterfaceMethods<IREEEncoding_SerializableAttr,
                                IREEEncoding_SerializableMethods>,
  ]> {
  let summary = "test encoding, verbose or serialized";
  let description = [{
    `#iree_encoding.testing<>` is an unserialized test encoding;
    `#iree_encoding.testing<layouts = [...]>` (even with an empty list) is
    serialized. Its storage size is the maximum over the layouts, where a
    layout without a size method of its own contributes the identity size
    (encoding.md §4.1 [fix]).
  }];
  let parameters = (ins
    OptionalParameter<"::mlir::ArrayAttr">:$layouts,
    OptionalParameter<"::mlir::Type">:$original_element_type
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

def IREEEncoding_SpecializedAttr
    : IREEEncoding_Attr<"Specialized", "specialized", [
        DeclareAttrInterfaceMethods<IREEEncoding_SerializableAttr,
                                    IREEEncoding_SerializableMethods>,
      ]> {
  let summary = "test layout produced by the specialization resolver";
  let description = [{
    `#iree_encoding.specialized<seed[, type]>`. Sluice treats it as a
    resolved layout (serialized, identity-sized; encoding.md §4.2 [fix]).
  }];
  let parameters = (ins
    "int32_t":$seed,
    OptionalParameter<"::mlir::Type">:$type
  );
  let assemblyFormat = "`<` $seed (`,` $type^)? `>`";
}

def IREEEncoding_SpecializationResolverAttr
    : IREEEncoding_Attr<"SpecializationResolver", "specialization_resolver", [
        DeclareAttrInterfaceMethods<IREEEncoding_LayoutResolverAttr,
                                    ["getLayout", "getUnifiedEncoding"]>,
      ]> {
  let summary = "test resolver producing `#iree_encoding.specialized`";
  let description = [{
    `getLayout(T)` is `#iree_encoding.specialized<seed, T without encoding>`
    and `getUnifiedEncoding` is `#iree_encoding.specialized<seed>`. As a tensor
    encoding it is opaque (not serializable).
  }];
  let parameters = (ins "int32_t":$seed);
  let assemblyFormat = "`<` $seed `>`";
}

//===----------------------------------------------------------------------===//
// Identity (§4.4–§4.6)
//===----------------------------------------------------------------------===//

def IREEEncoding_IdentityAttr : IREEEncoding_Attr<"Identity", "identity", [
    DeclareAttrInterfaceMethods<IREEEncoding_SerializableAttr,
        ["isSerialized", "isIdentityLayout", "calculateStorageSizeInBytes"]>,
  ]> {
  let summary = "the plain row-major layout";
  let description = [{
    `#iree_encoding.identity`: serialized, identity layout; its size is the
    dense size, with `i2`/`i4` elements bit-packed (encoding.md §4.4 [fix]).
  }];
}

def IREEEncoding_IdentityResolverAttr
    : IREEEncoding_Attr<"IdentityResolver", "identity_resolver", [
        DeclareAttrInterfaceMethods<IREEEncoding_LayoutResolverAttr,
                                    ["getLayout", "getUnifiedEncoding"]>,
      ]> {
  let summary = "the default resolver: every layout is the identity";
  let description = [{
    HAL uses it for every executable target without a usable
    `iree.encoding.resolver` (encoding.md §7.2).
  }];
}

def IREEEncoding_UnsupportedResolverAttr
    : IREEEncoding_Attr<"UnsupportedResolver", "unsupported_resolver", [
        DeclareAttrInterfaceMethods<IREEEncoding_LayoutResolverAttr,
                                    ["getLayout"]>,
      ]> {
  let summary = "a resolver that resolves nothing";
  let description = [{
    `getLayout` and `getUnifiedEncoding` are null for every input.
  }];
}

//===----------------------------------------------------------------------===//
// Opaque, layout list, padding, packed storage (§4.7–§4.10)
//===----------------------------------------------------------------------===//

def IREEEncoding_UnknownAttr : IREEEncoding_Attr<"Unknown", "unknown"> {
  let summary = "an opaque, non-serializable encoding";
  let description = [{
    A tensor encoding the stream layer does not understand: never recognized,
    never identity.
  }];
}

def IREEEncoding_LayoutAttr : IREEEncoding_Attr<"Layout", "layout", [
    DeclareAttrInterfaceMethods<IREEEncoding_SerializableAttr,
                                IREEEncoding_SerializableMethods>,
    DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
  ]> {
  let summary = "a list of serialized layouts";
  let description = [{
    `#iree_encoding.layout<[l0, l1, ...]>`: one serialized layout per
    executable target the tensor may be used by. Its size is the maximum of
    the layouts' sizes.
  }];
  let parameters = (ins "::mlir::ArrayAttr":$layouts);
  let assemblyFormat = "`<` $layouts `>`";
  let genVerifyDecl = 1;
}

def IREEEncoding_PaddingAttr : IREEEncoding_Attr<"Padding", "padding", [
    DeclareAttrInterfaceMethods<IREEEncoding_SerializableAttr,
                                IREEEncoding_SerializableMethods>,
  ]> {
  let summary = "a padded dense layout";
  let description = [{
    `#iree_encoding.padding<[p0, p1, ...]>`: entry `i` elements are appended
    to dimension `i`; `?` is chosen by a resolver.
  }];
  let parameters = (ins IREEEncoding_DynamicIndexListParameter:$padding);
  let assemblyFormat = "`<` $padding `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// An all-zero padding of `rank` entries.
    static PaddingAttr getIdentity(::mlir::MLIRContext *context, int64_t rank);
  }];
}

def IREEEncoding_PackedStorageAttr
    : IREEEncoding_Attr<"PackedStorage", "packed_storage", [
        DeclareAttrInterfaceMethods<IREEEncoding_SerializableAttr,
            ["isSerialized", "isCompatibleWith",
             "calculateStorageSizeInBytes"]>,
        DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
      ]> {
  let summary = "sub-byte elements stored back to back";
  let description = [{
    `#iree_encoding.packed_storage`: 8/bits elements per byte, including
    `i1`. Accepted only on 1-, 2- and 4-bit element types.
  }];
}

//===----------------------------------------------------------------------===//
// The data-tiling encoding (§4.11)
//===----------------------------------------------------------------------===//

def IREEEncoding_EncodingOpType : I32EnumAttr<"EncodingOpType",
    "the kind of op a data-tiling encoding is attached for", [
      I32EnumAttrCase<"matmul", 0>,
      I32EnumAttrCase<"scaled_matmul", 1>,
      I32EnumAttrCase<"conv", 2>,
    ]> {
  let cppNamespace = "::sluice::iree_encoding";
  let genSpecializedAttr = 0;
}

def IREEEncoding_EncodingOpTypeAttr
    : EnumAttr<IREEEncoding_Dialect, IREEEncoding_EncodingOpType, "optype"> {
  let summary = "the op kind of a data-tiling encoding";
  let assemblyFormat = "`<` $value `>`";
}

def IREEEncoding_EncodingAttr : IREEEncoding_Attr<"Encoding", "encoding", [
    DeclareAttrInterfaceMethods<IREEEncoding_SerializableAttr,
        ["cloneWithLayouts", "getNumDynamicEncodingDims"]>,
  ]> {
  let summary = "the verbose data-tiling encoding of a contraction operand";
  let description = [{
    Attached by dispatch creation to the operands of a contraction or
    convolution: which operand (`operand_index`) of which kind of op
    (`op_type`) with which element types, indexing maps and iteration
    sizes. Never serialized; `cloneWithLayouts(L)` is
    `#iree_encoding.layout<L>`.
  }];
  let parameters = (ins
    "::mlir::IntegerAttr":$operand_index,
    EnumParameter<IREEEncoding_EncodingOpType>:$op_type,
    "::mlir::ArrayAttr":$element_types,
    OptionalParameter<"::mlir::Type">:$original_element_type,
    OptionalParameter<"::mlir::ArrayAttr">:$user_indexing_maps,
    IREEEncoding_IterationSizesParameter:$iteration_sizes
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The composed map of entry `index` of `user_indexing_maps` (the map, or
    /// the composition of a chain applied first to last); null if absent.
    ::mlir::AffineMap getComposedMap(unsigned index) const;
    /// The map, or the first map of a chain, of every entry.
    ::llvm::SmallVector<::mlir::AffineMap> getRootMaps() const;
    /// The composed map of the entry at `operand_index` (null if absent).
    ::mlir::AffineMap getLastMapForOperandIndex() const;
    /// The result position of the bare loop dimension `dim` in the operand
    /// map, or nullopt.
    std::optional<unsigned> mapDimToOperandIndex(int64_t dim) const;
    /// `operand_index` as an unsigned number.
    uint64_t getOperandIndexValue() const;
    /// The `iteration_sizes` entries (dynamic sentinel for `?`).
    ::llvm::SmallVector<int64_t> getIterationSizesArray() const;
    /// The element types as types (non-type entries are null).
    ::llvm::SmallVector<::mlir::Type> getElementTypesArray() const;
  }];
}

#endif // SLUICE_DIALECT_ENCODING_IR_ENCODINGATTRS
