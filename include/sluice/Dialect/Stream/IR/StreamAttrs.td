//===- StreamAttrs.td - stream attributes ------------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMATTRS
#define SLUICE_DIALECT_STREAM_IR_STREAMATTRS

include "sluice/Dialect/Stream/IR/StreamBase.td"
include "sluice/Dialect/Util/IR/UtilInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

def Stream_TimepointAttr : Stream_Attr<"Timepoint", "timepoint", [
    TypedAttrInterface,
  ]> {
  let summary = "an immediately-resolved timepoint";
  let parameters = (ins AttributeSelfTypeParameter<"">:$type);
  let hasCustomAssemblyFormat = 1;
}

def Stream_CollectiveAttr : Stream_Attr<"Collective", "collective"> {
  let summary = "a collective operation and its element type";
  let parameters = (ins
    "::sluice::stream::CollectiveKind":$kind,
    OptionalParameter<"std::optional<::sluice::stream::CollectiveReductionOp>">:$reduction,
    "::sluice::stream::CollectiveElementType":$element_type
  );
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// Parses the `<...>` body (also used stripped after op names).
    static ::mlir::Attribute parseBody(::mlir::AsmParser &parser);
    /// Prints the `<...>` body.
    void printBody(::mlir::AsmPrinter &printer) const;
  }];
}

def Stream_NamedParameterAttr : Stream_Attr<"NamedParameter", "parameter.named", [
    TypedAttrInterface,
    DeclareAttrInterfaceMethods<Util_SizedStorageAttr>,
  ]> {
  let summary = "an externally defined parameter";
  let parameters = (ins
    AttributeSelfTypeParameter<"">:$type,
    "::mlir::StringAttr":$scope,
    "::mlir::StringAttr":$key,
    "::mlir::DictionaryAttr":$config
  );
  let hasCustomAssemblyFormat = 1;
}

def Stream_ResourceConfigAttr : Stream_Attr<"ResourceConfig", "resource_config"> {
  let summary = "resource storage constraints";
  let parameters = (ins
    "int64_t":$maxAllocationSize,
    "int64_t":$minBufferOffsetAlignment,
    "int64_t":$maxBufferRange,
    "int64_t":$minBufferRangeAlignment,
    "int64_t":$indexBits,
    "bool":$aliasMutableBindings,
    "::sluice::stream::MemoryModel":$memoryModel
  );
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// Field-wise intersection; a null side yields the other.
    static ResourceConfigAttr intersectBufferConstraints(ResourceConfigAttr a,
                                                         ResourceConfigAttr b);
    /// Constraints from the --iree-stream-resource-* options.
    static ResourceConfigAttr getDefaultHostConstraints(::mlir::MLIRContext *context);
    /// The nearest `stream.resources` or affinity-provided constraints of
    /// `op`, else the host defaults.
    static ResourceConfigAttr lookup(::mlir::Operation *op);
  }];
}

def Stream_PartitioningConfigAttr : Stream_Attr<"PartitioningConfig",
                                                "partitioning_config"> {
  let summary = "partitioning preferences";
  let parameters = (ins "::sluice::stream::Favor":$favor);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The nearest `stream.partitioning`, else from
    /// --iree-stream-partitioning-favor.
    static PartitioningConfigAttr lookup(::mlir::Operation *op);
  }];
}

#endif // SLUICE_DIALECT_STREAM_IR_STREAMATTRS
