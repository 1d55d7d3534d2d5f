//===- UtilInterfaces.td - util op/type/attr interfaces ----*- tablegen -*-===//
//
// Interfaces owned by util and implemented across Sluice's dialects. The
// method sets, defaults and semantics follow support-dialects.md §1.4; the
// stream passes are written against them.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILINTERFACES
#define SLUICE_DIALECT_UTIL_IR_UTILINTERFACES

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// Type interfaces
//===----------------------------------------------------------------------===//

def Util_ReferenceType : TypeInterface<"ReferenceTypeInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    Marker for types whose values are passed by reference and may alias.
  }];
}

def Util_SizeAwareType : TypeInterface<"SizeAwareTypeInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    Marker for types whose values must always travel with a byte size value.
  }];
  let extraClassDeclaration = [{
    /// Finds a size value for `value` usable at (`block`, `insertionPoint`):
    /// first upward through size-aware and tied producers, then downward
    /// through size-aware and tied users. Returns null if none is found.
    static ::mlir::Value findSizeValue(::mlir::Value value, ::mlir::Block *block,
                                       ::mlir::Block::iterator insertionPoint);
    /// Returns the size of `value` at the builder's insertion point, building
    /// IR through InferTypeSizeInterface if nothing can be found. Null for
    /// values whose type is not size-aware.
    static ::mlir::Value queryValueSize(::mlir::Location loc, ::mlir::Value value,
                                        ::mlir::OpBuilder &builder);
  }];
}

def Util_GlobalType : TypeInterface<"GlobalTypeInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    A type usable as a global's storage type with custom access rules.
  }];
  let methods = [
    InterfaceMethod<
      "True when a global of this type may be accessed as `accessType`.",
      "bool", "isAccessStorageCompatible", (ins "::mlir::Type":$accessType),
      /*methodBody=*/[{}],
      /*defaultImplementation=*/[{
        return ::sluice::util::isGlobalTypeCompatible($_type, accessType);
      }]>,
  ];
}

def Util_InferTypeSize : TypeInterface<"InferTypeSizeInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    A type whose values' byte size can be computed by building IR.
  }];
  let methods = [
    InterfaceMethod<
      "Builds IR computing the byte size of `value`.",
      "::mlir::Value", "inferSizeFromValue",
      (ins "::mlir::Location":$loc, "::mlir::Value":$value,
           "::mlir::OpBuilder &":$builder)>,
  ];
}

def Util_SubrangeType : TypeInterface<"SubrangeTypeInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    A type whose values can be viewed as subranges.
  }];
  let methods = [
    InterfaceMethod<
      "Builds a subrange view of `resource`.",
      "::mlir::Value", "createSubrangeOp",
      (ins "::mlir::Location":$loc, "::mlir::Value":$resource,
           "::mlir::Value":$resourceSize, "::mlir::Value":$subrangeOffset,
           "::mlir::Value":$subrangeLength, "::mlir::OpBuilder &":$builder)>,
  ];
}

def Util_HoistableType : TypeInterface<"HoistableTypeInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    Controls hoisting of values of this type into initializers.
  }];
  let methods = [
    InterfaceMethod<"Whether values of this type may be hoisted.",
      "bool", "isHoistableType", (ins), [{}], [{ return true; }]>,
    InterfaceMethod<"Whether values of this type may be hoisted as leaves.",
      "bool", "isHoistableLeafType", (ins), [{}], [{ return true; }]>,
    InterfaceMethod<"The type used to store hoisted values.",
      "::mlir::Type", "getPreferredStorageType", (ins), [{}],
      [{ return $_type; }]>,
  ];
  let extraClassDeclaration = [{
    /// Encodes `value` for storage as `storageType` (identity by default).
    static ::mlir::Value encodeStorageType(::mlir::OpBuilder &builder,
                                           ::mlir::Location loc,
                                           ::mlir::Type storageType,
                                           ::mlir::Value value);
    /// Decodes a stored value back to `originalType` (identity by default).
    static ::mlir::Value decodeStorageType(::mlir::OpBuilder &builder,
                                           ::mlir::Location loc,
                                           ::mlir::Type originalType,
                                           ::mlir::Value loadedValue);
  }];
}

//===----------------------------------------------------------------------===//
// Attribute interfaces
//===----------------------------------------------------------------------===//

def Util_SizedStorageAttr : AttrInterface<"SizedStorageAttr"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    An attribute with a known storage size in bytes (rounded up to bytes).
  }];
  let methods = [
    InterfaceMethod<"Returns the storage size in bytes.",
      "int64_t", "getStorageSize", (ins)>,
  ];
}

def Util_SerializableAttr : AttrInterface<"SerializableAttrInterface",
                                          [Util_SizedStorageAttr]> {
  let cppNamespace = "::sluice::util";
  let description = [{
    An attribute whose value can be serialized to bytes.
  }];
  let methods = [
    InterfaceMethod<
      "Serializes into `buffer` (at least getStorageSize() bytes).",
      "::llvm::LogicalResult", "serializeToBuffer",
      (ins "::mlir::Location":$loc, "::llvm::endianness":$endian,
           "::llvm::MutableArrayRef<char>":$buffer)>,
    InterfaceMethod<
      "Serializes to a stream.",
      "::llvm::LogicalResult", "serializeToStream",
      (ins "::mlir::Location":$loc, "::llvm::endianness":$endian,
           "::llvm::raw_ostream &":$os),
      /*methodBody=*/[{}],
      /*defaultImplementation=*/[{
        ::llvm::SmallVector<char> bytes;
        bytes.resize(static_cast<size_t>($_attr.getStorageSize()));
        if (::mlir::failed($_attr.serializeToBuffer(loc, endian, bytes)))
          return ::mlir::failure();
        os.write(bytes.data(), bytes.size());
        return ::mlir::success();
      }]>,
    InterfaceMethod<
      "Serializes into a vector resized to the storage size.",
      "::llvm::LogicalResult", "serializeToVector",
      (ins "::mlir::Location":$loc, "::llvm::endianness":$endian,
           "::llvm::SmallVectorImpl<char> &":$buffer),
      /*methodBody=*/[{}],
      /*defaultImplementation=*/[{
        buffer.resize(static_cast<size_t>($_attr.getStorageSize()));
        return $_attr.serializeToBuffer(loc, endian, buffer);
      }]>,
  ];
}

def Util_InliningPolicyAttr : AttrInterface<"InliningPolicyAttrInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    Decides whether a callable may be inlined at a call site.
  }];
  let methods = [
    InterfaceMethod<"True when `inlinable` may be inlined at `inlineSite`.",
      "bool", "isLegalToInline",
      (ins "::mlir::Operation *":$inlineSite,
           "::mlir::Operation *":$inlinable)>,
  ];
}

def Util_HoistableAttr : AttrInterface<"HoistableAttrInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    A discardable attribute that should follow ops hoisted out of its scope.
  }];
  let methods = [
    InterfaceMethod<"Whether hoisted ops should carry this attribute.",
      "bool", "shouldAttachToHoistedOps", (ins), [{}], [{ return true; }]>,
  ];
  let extraClassDeclaration = [{
    /// Collects hoistable discardable attributes of `fromOp` and its
    /// ancestors, innermost first wins.
    static void gatherHoistableAttrs(::mlir::Operation *fromOp,
                                     ::mlir::NamedAttrList &attrs);
    /// Merges them into `toOp` without overriding existing attributes.
    static void gatherHoistableAttrs(::mlir::Operation *fromOp,
                                     ::mlir::Operation *toOp);
  }];
}

//===----------------------------------------------------------------------===//
// Op interfaces
//===----------------------------------------------------------------------===//

def Util_SizeAwareOpInterface : OpInterface<"SizeAwareOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    An op whose size-aware operands and results carry explicit byte-size
    values. Indices are absolute operand/result indices; a null Value means the
    operand or result is not size-aware.
  }];
  let methods = [
    InterfaceMethod<
      "Returns the byte size of the operand at `idx`, or null.",
      "::mlir::Value", "getOperandSize", (ins "unsigned":$idx)>,
    InterfaceMethod<
      "Returns the byte size of the result at `idx`, or null.",
      "::mlir::Value", "getResultSize", (ins "unsigned":$idx)>,
    InterfaceMethod<
      "Returns the byte size of `result`, one of this op's results.",
      "::mlir::Value", "getResultSizeFromValue", (ins "::mlir::Value":$result),
      /*methodBody=*/[{}],
      /*defaultImplementation=*/[{
        for (unsigned i = 0, e = $_op->getNumResults(); i < e; ++i)
          if ($_op->getResult(i) == result)
            return $_op.getResultSize(i);
        return {};
      }]>,
  ];
}

def Util_ShapeAwareOpInterface : OpInterface<"ShapeAwareOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    An op whose shaped operands and results carry their dynamic dimensions as
    SSA values. For size-aware non-shaped values the size is returned.
  }];
  let methods = [
    InterfaceMethod<"Dynamic dims of the operand at absolute index `idx`.",
      "::mlir::ValueRange", "getOperandDynamicDims", (ins "unsigned":$idx)>,
    InterfaceMethod<"Dynamic dims of the result at index `idx`.",
      "::mlir::ValueRange", "getResultDynamicDims", (ins "unsigned":$idx)>,
    InterfaceMethod<"Dynamic dims of `result`, one of this op's results.",
      "::mlir::ValueRange", "getResultDynamicDimsFromValue",
      (ins "::mlir::Value":$result), [{}], [{
        for (unsigned i = 0, e = $_op->getNumResults(); i < e; ++i)
          if ($_op->getResult(i) == result)
            return $_op.getResultDynamicDims(i);
        return ::mlir::ValueRange{};
      }]>,
    InterfaceMethod<"Builds the full shape of operand `idx` as index values.",
      "::llvm::SmallVector<::mlir::Value>", "buildOperandShape",
      (ins "unsigned":$idx, "::mlir::OpBuilder &":$builder), [{}], [{
        return ::sluice::util::buildShape(
            $_op->getLoc(), $_op->getOperand(idx).getType(),
            $_op.getOperandDynamicDims(idx), builder);
      }]>,
    InterfaceMethod<"Builds the full shape of result `idx` as index values.",
      "::llvm::SmallVector<::mlir::Value>", "buildResultShape",
      (ins "unsigned":$idx, "::mlir::OpBuilder &":$builder), [{}], [{
        return ::sluice::util::buildShape(
            $_op->getLoc(), $_op->getResult(idx).getType(),
            $_op.getResultDynamicDims(idx), builder);
      }]>,
  ];
  let extraClassDeclaration = [{
    /// Builds the full shape of `result` using its defining op.
    static ::llvm::SmallVector<::mlir::Value>
    buildResultValueShape(::mlir::Value result, ::mlir::OpBuilder &builder);
  }];
}

def Util_TiedOpInterface : OpInterface<"TiedOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    An op whose results may be tied to operands: the result is a new SSA value
    that aliases (updates in place) the operand. Storage is the optional
    `tied_operands` index array, one entry per tieable result: an operand index
    relative to the tieable operand range, or -1 when untied.
  }];
  let methods = [
    InterfaceMethod<"(start, length) of the tieable operand range.",
      "std::pair<unsigned, unsigned>", "getTiedOperandsIndexAndLength", (ins),
      [{}], [{ return {0u, $_op->getNumOperands()}; }]>,
    InterfaceMethod<"(start, length) of the tieable result range.",
      "std::pair<unsigned, unsigned>", "getTiedResultsIndexAndLength", (ins),
      [{}], [{ return {0u, $_op->getNumResults()}; }]>,
    InterfaceMethod<"Absolute operand index tied to result `resultIndex`.",
      "std::optional<unsigned>", "getTiedResultOperandIndex",
      (ins "unsigned":$resultIndex), [{}], [{
        return ::sluice::util::detail::getTiedResultOperandIndexFromAttr(
            $_op, resultIndex);
      }]>,
    InterfaceMethod<
      "Ties result `resultIndex` to `operandIndex` (relative to the tieable range).",
      "void", "setTiedResultOperandIndex",
      (ins "unsigned":$resultIndex, "std::optional<unsigned>":$operandIndex),
      [{}], [{
        ::sluice::util::detail::setTiedResultOperandIndexInAttr(
            $_op, resultIndex, operandIndex);
      }]>,
    InterfaceMethod<"Absolute tied operand indices (or -1) per tieable result.",
      "::llvm::SmallVector<int64_t>", "getTiedResultOperandIndices", (ins),
      [{}], [{
        return ::sluice::util::detail::getTiedResultOperandIndicesFromAttr($_op);
      }]>,
  ];
  let extraClassDeclaration = [{
    /// Storage attribute name.
    static ::llvm::StringRef getStorageAttrName() { return "tied_operands"; }
    /// The value of an untied entry.
    static constexpr int64_t kUntiedIndex = -1;

    /// Follows ties from `value` back to the first untied value.
    static ::mlir::Value findTiedBaseValue(::mlir::Value value);
    /// True when some user ties the used operand to a result.
    static bool hasAnyTiedUses(::mlir::Value value);

    /// The raw `tied_operands` entries; all -1 (one per result, or per
    /// callable result) when the attribute is absent.
    void getAllTiedOperands(::llvm::SmallVectorImpl<int64_t> &indices);
    /// The operand tied to `result`, or null.
    ::mlir::Value getTiedResultOperand(::mlir::Value result);
    /// The use tied to `result`, or null.
    ::mlir::OpOperand *getTiedResultOpOperand(::mlir::Value result);
    /// Follows ties from result `resultIndex` to its base value.
    ::mlir::Value getTiedResult(unsigned resultIndex);
    /// True when any result is tied to absolute operand `operandIndex`.
    bool isOperandTied(unsigned operandIndex);
    /// Every result tied to absolute operand `operandIndex`.
    ::llvm::SmallVector<::mlir::Value> getOperandTiedResults(unsigned operandIndex);
  }];
  let verify = [{
    return ::sluice::util::detail::verifyTiedOp($_op);
  }];
}

def Util_ClosureOpInterface : OpInterface<"ClosureOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    An op whose region captures values explicitly: closure operand i is entry
    block argument i, and closure results are produced by the region.
  }];
  let methods = [
    InterfaceMethod<"The closure body region.",
      "::mlir::Region &", "getClosureBodyRegion", (ins), [{}],
      [{ return $_op->getRegion(0); }]>,
    InterfaceMethod<"The captured operands.",
      "::mlir::Operation::operand_range", "getClosureOperands", (ins)>,
    InterfaceMethod<"The results produced by the region.",
      "::mlir::Operation::result_range", "getClosureResults", (ins)>,
    InterfaceMethod<"Maps an entry block argument back to its captured operand.",
      "::mlir::Value", "getClosureCapturedValue", (ins "::mlir::Value":$value),
      [{}], [{
        auto arg = ::llvm::dyn_cast<::mlir::BlockArgument>(value);
        ::mlir::Region &body = $_op.getClosureBodyRegion();
        if (!arg || body.empty() || arg.getOwner() != &body.front())
          return value;
        return $_op.getClosureOperands()[arg.getArgNumber()];
      }]>,
    InterfaceMethod<"Whether `op` may be cloned into the closure body.",
      "bool", "canClosureContainOp", (ins "::mlir::Operation *":$op)>,
    InterfaceMethod<"Access of closure operand `operandIndex`.",
      "::sluice::util::ValueAccess", "getOperandAccess",
      (ins "unsigned":$operandIndex)>,
    InterfaceMethod<"Access of closure result `resultIndex`.",
      "::sluice::util::ValueAccess", "getResultAccess",
      (ins "unsigned":$resultIndex)>,
    InterfaceMethod<
      "Builds a detached copy without the given closure operands and results.",
      "::sluice::util::ClosureOpInterface",
      "cloneReplacementExcludingOperandsAndResults",
      (ins "::llvm::ArrayRef<unsigned>":$excludedOperandIndices,
           "::llvm::ArrayRef<unsigned>":$excludedResultIndices,
           "::mlir::PatternRewriter &":$rewriter)>,
  ];
}

def Util_ClosureYieldOpInterface : OpInterface<"ClosureYieldOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    The terminator of a closure body that yields the closure results.
  }];
  let methods = [
    InterfaceMethod<"The operands yielded as closure results.",
      "::mlir::MutableOperandRange", "getClosureResultsMutable", (ins), [{}],
      [{ return ::mlir::MutableOperandRange($_op); }]>,
  ];
}

def Util_HoistableOpInterface : OpInterface<"HoistableOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    Controls hoisting of the op into initializers as a constant expression.
  }];
  let methods = [
    InterfaceMethod<"Whether the op may be hoisted.",
      "bool", "isHoistableOp", (ins), [{}], [{ return true; }]>,
    InterfaceMethod<"Whether the op may be hoisted as a leaf.",
      "bool", "isHoistableLeafOp", (ins), [{}], [{ return true; }]>,
    InterfaceMethod<"Whether the op must be hoisted with its producers.",
      "bool", "isAtomicallyHoistableOp", (ins), [{}], [{ return false; }]>,
    InterfaceMethod<"Whether `operand` may be hoisted.",
      "bool", "isOperandHoistable", (ins "::mlir::OpOperand *":$operand), [{}],
      [{ return true; }]>,
  ];
}

def Util_SubrangeOpInterface : OpInterface<"SubrangeOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    An op producing (or consuming) a view of a byte range of a resource.
  }];
  let methods = [
    InterfaceMethod<"The viewed resource.", "::mlir::Value", "getSubrangeResource", (ins)>,
    InterfaceMethod<"The viewed resource's size.", "::mlir::Value", "getSubrangeResourceSize", (ins)>,
    InterfaceMethod<"The view's offset.", "::mlir::Value", "getSubrangeOffset", (ins)>,
    InterfaceMethod<"The view's length.", "::mlir::Value", "getSubrangeLength", (ins)>,
    InterfaceMethod<"The view, or null when the op only consumes the range.",
      "::mlir::Value", "getSubrangeResult", (ins)>,
  ];
}

def Util_SubrangeOperandOpInterface : OpInterface<"SubrangeOperandOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    An op consuming subranges through (resource, size, offset, length) groups.
  }];
  let methods = [
    InterfaceMethod<"The subrange starting at operand `operandIndex`.",
      "::sluice::util::SubrangeOperand", "getSubrangeOperand",
      (ins "unsigned":$operandIndex)>,
    InterfaceMethod<"Replaces the subrange starting at operand `operandIndex`.",
      "void", "setSubrangeOperand",
      (ins "unsigned":$operandIndex, "::sluice::util::SubrangeOperand":$operand)>,
  ];
}

def Util_GlobalOpInterface : OpInterface<"GlobalOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    A global variable.
  }];
  let methods = [
    InterfaceMethod<"The symbol name.", "::mlir::StringAttr", "getGlobalName", (ins),
      [{}], [{ return ::mlir::SymbolTable::getSymbolName($_op); }]>,
    InterfaceMethod<"Whether the global is private.", "bool", "isGlobalPrivate", (ins),
      [{}], [{
        return ::mlir::SymbolTable::getSymbolVisibility($_op) ==
               ::mlir::SymbolTable::Visibility::Private;
      }]>,
    InterfaceMethod<"The storage type.", "::mlir::Type", "getGlobalType", (ins)>,
    InterfaceMethod<"Sets the storage type.", "void", "setGlobalType",
      (ins "::mlir::Type":$type)>,
    InterfaceMethod<"Whether the global is mutable.", "bool", "isGlobalMutable", (ins)>,
    InterfaceMethod<"Sets mutability.", "void", "setGlobalMutable",
      (ins "bool":$isMutable)>,
    InterfaceMethod<"The initial value, or null.", "::mlir::Attribute",
      "getGlobalInitialValue", (ins)>,
    InterfaceMethod<"Sets (or with null removes) the initial value.", "void",
      "setGlobalInitialValue", (ins "::mlir::Attribute":$value)>,
    InterfaceMethod<"The inlining policy, or null.",
      "::sluice::util::InliningPolicyAttrInterface", "getGlobalInliningPolicy",
      (ins), [{}], [{
        return ::llvm::dyn_cast_or_null<::sluice::util::InliningPolicyAttrInterface>(
            $_op->getAttr("inlining_policy"));
      }]>,
    InterfaceMethod<"Sets (or with null removes) the inlining policy.", "void",
      "setGlobalInliningPolicy",
      (ins "::sluice::util::InliningPolicyAttrInterface":$policy), [{}], [{
        if (policy)
          $_op->setAttr("inlining_policy", policy);
        else
          $_op->removeAttr("inlining_policy");
      }]>,
    InterfaceMethod<"Creates a load of this global.",
      "::sluice::util::GlobalLoadOpInterface", "createLoadOp",
      (ins "::mlir::Location":$loc, "::mlir::OpBuilder &":$builder)>,
    InterfaceMethod<"Creates a store of `value` to this global.",
      "::sluice::util::GlobalStoreOpInterface", "createStoreOp",
      (ins "::mlir::Location":$loc, "::mlir::Value":$value,
           "::mlir::OpBuilder &":$builder)>,
  ];
  let verify = [{
    return ::sluice::util::detail::verifyGlobalOp($_op);
  }];
}

def Util_GlobalAccessorOpInterface : OpInterface<"GlobalAccessorOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    An op naming a global by symbol.
  }];
  let methods = [
    InterfaceMethod<"The global symbol.", "::mlir::FlatSymbolRefAttr",
      "getGlobalAttr", (ins), [{}],
      [{ return $_op->template getAttrOfType<::mlir::FlatSymbolRefAttr>("global"); }]>,
    InterfaceMethod<"Sets the global symbol.", "void", "setGlobalAttr",
      (ins "::mlir::FlatSymbolRefAttr":$global), [{}],
      [{ $_op->setAttr("global", global); }]>,
    InterfaceMethod<"The global's name.", "::llvm::StringRef", "getGlobalName",
      (ins), [{}], [{ return $_op.getGlobalAttr().getValue(); }]>,
  ];
}

def Util_GlobalLoadOpInterface : OpInterface<"GlobalLoadOpInterface",
                                    [Util_GlobalAccessorOpInterface]> {
  let cppNamespace = "::sluice::util";
  let description = [{
    A load of a global's value.
  }];
  let methods = [
    InterfaceMethod<"The loaded value.", "::mlir::Value", "getLoadedGlobalValue",
      (ins), [{}], [{ return $_op->getResult(0); }]>,
    InterfaceMethod<"Whether the load is marked immutable.", "bool",
      "isGlobalImmutable", (ins)>,
    InterfaceMethod<"Marks the load immutable or not.", "void",
      "setGlobalImmutable", (ins "bool":$isImmutable)>,
  ];
}

def Util_GlobalStoreOpInterface : OpInterface<"GlobalStoreOpInterface",
                                     [Util_GlobalAccessorOpInterface]> {
  let cppNamespace = "::sluice::util";
  let description = [{
    A store of a value into a global.
  }];
  let methods = [
    InterfaceMethod<"The stored value.", "::mlir::Value", "getStoredGlobalValue",
      (ins), [{}], [{ return $_op->getOperand(0); }]>,
    InterfaceMethod<"Sets the stored value.", "void", "setStoredGlobalValue",
      (ins "::mlir::Value":$value), [{}], [{ $_op->setOperand(0, value); }]>,
  ];
}

def Util_GlobalAddressOpInterface : OpInterface<"GlobalAddressOpInterface",
                                       [Util_GlobalAccessorOpInterface]> {
  let cppNamespace = "::sluice::util";
  let description = [{
    An op taking the address of a global.
  }];
  let methods = [
    InterfaceMethod<"The address value.", "::mlir::Value", "getGlobalAddressValue",
      (ins), [{}], [{ return $_op->getResult(0); }]>,
  ];
}

def Util_GlobalLoadIndirectOpInterface : OpInterface<"GlobalLoadIndirectOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    A load through a global address.
  }];
  let methods = [
    InterfaceMethod<"The address operand.", "::mlir::Value", "getGlobal", (ins),
      [{}], [{ return $_op->getOperand(0); }]>,
    InterfaceMethod<"The loaded value.", "::mlir::Value", "getLoadedGlobalValue",
      (ins), [{}], [{ return $_op->getResult(0); }]>,
  ];
}

def Util_GlobalStoreIndirectOpInterface : OpInterface<"GlobalStoreIndirectOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    A store through a global address.
  }];
  let methods = [
    InterfaceMethod<"The stored value.", "::mlir::Value", "getStoredGlobalValue",
      (ins), [{}], [{ return $_op->getOperand(0); }]>,
    InterfaceMethod<"The address operand.", "::mlir::Value", "getGlobal", (ins),
      [{}], [{ return $_op->getOperand(1); }]>,
  ];
}

def Util_InitializerOpInterface : OpInterface<"InitializerOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    An op run once at module initialization, in module order with globals.
  }];
  let methods = [
    InterfaceMethod<"The initializer body.", "::mlir::Region &",
      "getInitializerRegion", (ins), [{}], [{ return $_op->getRegion(0); }]>,
  ];
}

//===----------------------------------------------------------------------===//
// Traits
//===----------------------------------------------------------------------===//

// An op that is an object (executable-like): must have a symbol table and be
// isolated from above.
def Util_ObjectLike : NativeOpTrait<"ObjectLike"> {
  let cppNamespace = "::sluice::util::OpTrait";
}

// An op that marks a point control flow never reaches (`util.unreachable`,
// `util.scf.unreachable`). No verification; the util inliner turns such a
// terminator into a branch to the continuation block.
def Util_UnreachableLike : NativeOpTrait<"UnreachableLike"> {
  let cppNamespace = "::sluice::util::OpTrait";
}

// A type whose values workgroup-count regions capture implicitly.
def Util_ImplicitlyCaptured : NativeTypeTrait<"ImplicitlyCaptured"> {
  let cppNamespace = "::sluice::util::TypeTrait";
}

#endif // SLUICE_DIALECT_UTIL_IR_UTILINTERFACES
