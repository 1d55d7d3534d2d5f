//===- HALAttrs.td - hal attributes ------------------------*- tablegen -*-===//
//
// Device affinities (affinity, promise, optimal), topology and links, device
// and executable targets, pipeline layouts (support-dialects.md §2.4).
//
// All attributes have hand-written parsers/printers (HALAttrs.cpp) because
// their syntax is irregular. The affinity semantics of §2.4.5 are plain C++
// methods so that the stream `AffinityAttr` interface can be attached as an
// external model that forwards to them.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_HAL_IR_HALATTRS
#define SLUICE_DIALECT_HAL_IR_HALATTRS

include "sluice/Dialect/HAL/IR/HALBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "sluice/Dialect/Util/IR/UtilInterfaces.td"

class HAL_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<HAL_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Affinities
//===----------------------------------------------------------------------===//

// Shared C++ surface of the three affinity attributes.
defvar HAL_AffinityMethods = [{
    /// §2.4.5: true when work with this affinity may share queues with work
    /// on `other` (null means "anywhere").
    bool isExecutableWith(::mlir::Attribute other) const;
    /// "May run on either": union of constraints.
    ::mlir::Attribute joinOR(::mlir::Attribute other) const;
    /// "Must satisfy both": intersection; null when impossible.
    ::mlir::Attribute joinAND(::mlir::Attribute other) const;
}];
// The inlining policy (util InliningPolicyAttrInterface) of §2.4.5.
defvar HAL_AffinityInliningPolicy =
    DeclareAttrInterfaceMethods<Util_InliningPolicyAttr>;

def HAL_DeviceAffinityAttr : HAL_Attr<"DeviceAffinity", "device.affinity", [
    HAL_AffinityInliningPolicy,
    Util_HoistableAttr,
  ]> {
  let summary = "a device and a set of its queues";
  let description = [{
    `#hal.device.affinity<@device[, [q, ...]]>`: work runs on `@device`, on
    the listed queues (bit q of `queue_mask`) or on any queue (-1).
  }];
  let parameters = (ins
    "::mlir::SymbolRefAttr":$device,
    "int64_t":$queue_mask
  );
  let builders = [
    AttrBuilderWithInferredContext<(ins "::mlir::SymbolRefAttr":$device,
                                        CArg<"int64_t", "-1">:$queueMask), [{
      return $_get(device.getContext(), device, queueMask);
    }]>,
  ];
  let extraClassDeclaration = HAL_AffinityMethods;
}

def HAL_DevicePromiseAttr : HAL_Attr<"DevicePromise", "device.promise", [
    HAL_AffinityInliningPolicy,
  ]> {
  let summary = "a promise of a device that is declared later";
  let description = [{
    `#hal.device.promise<@name[, [q, ...]]>`: like `#hal.device.affinity` but
    naming a device by string before any global declares it.
  }];
  let parameters = (ins
    "::mlir::StringAttr":$device,
    "int64_t":$queue_mask
  );
  let extraClassDeclaration = HAL_AffinityMethods;
}

def HAL_DeviceOptimalAttr : HAL_Attr<"DeviceOptimal", "device.optimal", [
    HAL_AffinityInliningPolicy,
    Util_HoistableAttr,
  ]> {
  let summary = "a choice between device affinities";
  let description = [{
    `#hal.device.optimal<[aff, ...]>`: work may run on whichever member is
    optimal; each member is a `#hal.device.affinity` or `#hal.device.promise`.
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::Attribute">:$affinities);
  let genVerifyDecl = 1;
  let extraClassDeclaration = HAL_AffinityMethods;
}

//===----------------------------------------------------------------------===//
// Topology
//===----------------------------------------------------------------------===//

def HAL_DeviceLinkAttr : HAL_Attr<"DeviceLink", "device.link"> {
  let summary = "a directed link between two devices";
  let description = [{
    `#hal.device.link<(@src -> @dst = {fields} , optional properties)>`.
  }];
  let parameters = (ins
    "::mlir::SymbolRefAttr":$source_device,
    "::mlir::SymbolRefAttr":$target_device,
    "bool":$unified_memory,
    "bool":$transparent_access,
    "::mlir::DictionaryAttr":$link_properties
  );
  let extraClassDeclaration = [{
    /// the parenthesized link body, shared with `#hal.device.topology`.
    static DeviceLinkAttr parseBody(::mlir::AsmParser &parser);
    void printBody(::mlir::AsmPrinter &printer) const;
  }];
}

def HAL_DeviceTopologyAttr : HAL_Attr<"DeviceTopology", "device.topology"> {
  let summary = "the links between devices";
  let description = [{
    `#hal.device.topology<links = [(...), ...]>`; placed on the module as
    `stream.topology`.
  }];
  let parameters = (ins ArrayRefParameter<"DeviceLinkAttr">:$links);
  let extraClassDeclaration = [{
    /// Stream `AffinityTopologyAttrInterface` semantics (§2.4.4).
    bool hasTransparentAccess(::mlir::Attribute source,
                              ::mlir::Attribute target) const;
    bool hasUnifiedMemory(::mlir::Attribute source,
                          ::mlir::Attribute target) const;
  }];
}

//===----------------------------------------------------------------------===//
// Targets
//===----------------------------------------------------------------------===//

def HAL_ExecutableTargetAttr : HAL_Attr<"ExecutableTarget", "executable.target"> {
  let summary = "an executable target backend and format";
  let description = [{
    `#hal.executable.target<"backend", "format" (, configuration)?>`.
  }];
  let parameters = (ins
    "::mlir::StringAttr":$backend,
    "::mlir::StringAttr":$format,
    "::mlir::DictionaryAttr":$configuration
  );
  let extraClassDeclaration = [{
    /// The configuration entry `name`, or null.
    ::mlir::Attribute getConfigurationAttr(::llvm::StringRef name) const;
    /// Lower-cased format with non-identifier characters replaced by `_`.
    std::string getSymbolNameFragment() const;
  }];
}

def HAL_DeviceTargetAttr : HAL_Attr<"DeviceTarget", "device.target", [
    TypedAttrInterface,
  ]> {
  let summary = "a device target and the executable targets it supports";
  let description = [{
    `#hal.device.target<"id" (, configuration)? (, targets)?> : !hal.device`.
  }];
  let parameters = (ins
    "::mlir::StringAttr":$deviceID,
    "::mlir::DictionaryAttr":$configuration,
    ArrayRefParameter<"ExecutableTargetAttr">:$executable_targets
  );
  let extraClassDeclaration = [{
    /// Always `!hal.device`.
    ::mlir::Type getType() const;
    ::mlir::Attribute getConfigurationAttr(::llvm::StringRef name) const;
    /// Lower-cased device id plus `_<ordinal>_` when configured, sanitized.
    std::string getSymbolNameFragment() const;
  }];
}

//===----------------------------------------------------------------------===//
// Pipeline layouts
//===----------------------------------------------------------------------===//

def HAL_PipelineBindingAttr : HAL_Attr<"PipelineBinding", "pipeline.binding"> {
  let summary = "one binding of a pipeline layout";
  let description = [{
    `#hal.pipeline.binding<type[, flags]>`, e.g.
    `#hal.pipeline.binding<storage_buffer, ReadOnly>`.
  }];
  let parameters = (ins
    "DescriptorType":$type,
    "uint32_t":$flags
  );
}

def HAL_PipelineLayoutAttr : HAL_Attr<"PipelineLayout", "pipeline.layout"> {
  let summary = "push constants and bindings of an executable export";
  let description = [{
    `#hal.pipeline.layout<[constants = N, ]bindings = [...][, flags = F]>`.
  }];
  let parameters = (ins
    ArrayRefParameter<"PipelineBindingAttr">:$bindings,
    "int64_t":$constants,
    "std::optional<uint32_t>":$flags
  );
}

//===----------------------------------------------------------------------===//
// Enum attributes (§2.4.10)
//===----------------------------------------------------------------------===//

def HAL_ExecutionModelAttr : HAL_Attr<"ExecutionModel", "abi.convention"> {
  let summary = "the ABI convention of a call (`synchronous` or `coarse_fences`)";
  let parameters = (ins "ExecutionModel":$value);
}

def HAL_DescriptorTypeAttr : HAL_Attr<"DescriptorType", "descriptor_type"> {
  let summary = "a descriptor type (`uniform_buffer` or `storage_buffer`)";
  let parameters = (ins "DescriptorType":$value);
}

def HAL_CollectiveAttr : HAL_Attr<"Collective", "collective"> {
  let summary = "a collective operation and its element type";
  let description = [{
    `#hal.collective<kind [with reduction] : element-type>`, e.g.
    `#hal.collective<all_reduce with sum : si8>` (execution.md §2.6). The
    numbering is that of `#stream.collective`; ops print it without the
    `#hal.collective` prefix.
  }];
  let parameters = (ins
    "uint32_t":$kind,
    "std::optional<uint32_t>":$reduction,
    "uint32_t":$element_type
  );
  let extraClassDeclaration = [{
    /// Parses the `<...>` body (also used stripped after op keywords).
    static ::mlir::Attribute parseBody(::mlir::AsmParser &parser);
    /// Prints the `<...>` body.
    void printBody(::mlir::AsmPrinter &printer) const;
  }];
}

#endif // SLUICE_DIALECT_HAL_IR_HALATTRS
