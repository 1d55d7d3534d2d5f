//===- EncodingInterfaces.td - iree_encoding interfaces ----*- tablegen -*-===//
//
// The interfaces through which the stream layer talks to tensor encodings and
// layout resolvers (encoding.md §3): `SerializableAttr` (an encoding whose
// storage the host understands), `LayoutResolverAttr` (turns a verbose
// encoding into serialized layouts for one device) and the
// `EncodingTypeInterface` type interface (support-dialects.md §6.7,
// implemented by `!iree_tensor_ext.dispatch.tensor`).
//
// Where the reference asserts ("unimplemented"), Sluice's defaults return a
// null attribute / null Value (encoding.md §3.1, §3.2 [SLUICE]); every caller
// treats null as failure.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_ENCODING_IR_ENCODINGINTERFACES
#define SLUICE_DIALECT_ENCODING_IR_ENCODINGINTERFACES

include "mlir/IR/OpBase.td"

def IREEEncoding_SerializableAttr : AttrInterface<"SerializableAttr"> {
  let cppNamespace = "::sluice::iree_encoding";
  let description = [{
    A tensor encoding whose storage the host understands (encoding.md §3.1).
    It is *serialized* when it carries a concrete storage layout for one
    device; then the host can compute byte sizes for it.
  }];
  let methods = [
    InterfaceMethod<
      "True iff the attribute already carries the resolved layout.",
      "bool", "isSerialized", (ins), [{}], [{ return false; }]>,
    InterfaceMethod<
      "True iff the layout is known to be the plain row-major layout.",
      "bool", "isIdentityLayout", (ins), [{}], [{ return false; }]>,
    InterfaceMethod<
      "A serialized encoding carrying `layouts` (null when unsupported).",
      "::mlir::Attribute", "cloneWithLayouts",
      (ins "::llvm::ArrayRef<::mlir::Attribute>":$layouts), [{}],
      [{ return {}; }]>,
    InterfaceMethod<
      "Whether a value in this encoding may be reinterpreted as `other` "
      "(default: false for null; equality when both are serialized; "
      "otherwise true).",
      "bool", "isCompatibleWith",
      (ins "::sluice::iree_encoding::SerializableAttr":$other), [{}], [{
        if (!other)
          return false;
        auto self = ::llvm::cast<::sluice::iree_encoding::SerializableAttr>(
            $_attr);
        if (self.isSerialized() && other.isSerialized())
          return ::mlir::Attribute($_attr) == ::mlir::Attribute(other);
        return true;
      }]>,
    InterfaceMethod<
      "Emits IR computing the byte size of a `type`-shaped tensor in this "
      "layout; `dynamicDims` are the dynamic sizes of `type` in order. A "
      "null Value means the size cannot be computed.",
      "::mlir::Value", "calculateStorageSizeInBytes",
      (ins "::mlir::Location":$loc, "::mlir::OpBuilder &":$builder,
           "::mlir::RankedTensorType":$type,
           "::mlir::ValueRange":$dynamicDims), [{}], [{ return {}; }]>,
    InterfaceMethod<
      "Number of `encoding_dims` operands set_encoding/unset_encoding must "
      "carry; nullopt when unchecked.",
      "std::optional<int64_t>", "getNumDynamicEncodingDims", (ins), [{}],
      [{ return std::nullopt; }]>,
  ];
  let extraClassDeclaration = [{
    /// `SerializableAttr::areCompatible(lhs, rhs)` (encoding.md §3.1): true if
    /// equal; otherwise each side that implements the interface must accept
    /// the other (viewed as SerializableAttr, null when absent or not
    /// implementing it).
    static bool areCompatible(::mlir::Attribute lhs, ::mlir::Attribute rhs);
  }];
}

def IREEEncoding_LayoutResolverAttr : AttrInterface<"LayoutResolverAttr"> {
  let cppNamespace = "::sluice::iree_encoding";
  let description = [{
    An attribute found in a device's executable-target configuration that
    turns a verbose encoding into serialized layouts (encoding.md §3.2).
  }];
  let methods = [
    InterfaceMethod<
      "The resolver specialised to an executable target whose whole "
      "configuration is `config`.",
      "::mlir::Attribute", "cloneWithSimplifiedConfig",
      (ins "::mlir::DictionaryAttr":$config), [{}],
      [{ return $_attr; }]>,
    InterfaceMethod<
      "The serialized layout for `type` (which carries the verbose "
      "encoding); null when it cannot be resolved.",
      "::mlir::Attribute", "getLayout", (ins "::mlir::RankedTensorType":$type),
      [{}], [{ return {}; }]>,
    InterfaceMethod<
      "One encoding to use for all the given encodings of the same data; "
      "null when they cannot be unified.",
      "::mlir::Attribute", "getUnifiedEncoding",
      (ins "::llvm::ArrayRef<::mlir::Attribute>":$encodings), [{}],
      [{ return {}; }]>,
  ];
}

def IREEEncoding_EncodingTypeInterface
    : TypeInterface<"EncodingTypeInterface"> {
  let cppNamespace = "::sluice::iree_encoding";
  let description = [{
    A type that wraps a (possibly encoded) tensor type and can be rebuilt with
    another encoding on that tensor (encoding.md §3.4). Implemented by
    `!iree_tensor_ext.dispatch.tensor`; --iree-stream-specialize-encodings
    requires every `stream.binding.subspan` result type of an affected
    executable to implement it and rewrites those types with
    `updateEncoding`.
  }];
  let methods = [
    InterfaceMethod<
      "The wrapped type whose encoding this type carries (a tensor type with "
      "its encoding, or a scalar).",
      "::mlir::Type", "getEncodingType", (ins)>,
    InterfaceMethod<
      "The same type with `encoding` set on the wrapped tensor type.",
      "::mlir::Type", "updateEncoding", (ins "::mlir::Attribute":$encoding)>,
  ];
}

#endif // SLUICE_DIALECT_ENCODING_IR_ENCODINGINTERFACES
