//===- StreamResourceOps.td - resource and file ops --------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMRESOURCEOPS
#define SLUICE_DIALECT_STREAM_IR_STREAMRESOURCEOPS

//===----------------------------------------------------------------------===//
// Resource ops
//===----------------------------------------------------------------------===//

def Stream_ResourceAllocOp : Stream_Op<"resource.alloc", [
    AlwaysSpeculatable,
    MemoryEffects<[MemAlloc]>,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "allocates a persistent resource";
  let arguments = (ins
    Index:$storage_size,
    UnitAttr:$uninitialized,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_AnyResource:$result);
  let assemblyFormat = [{
    (`uninitialized` $uninitialized^)?
    (`on` `(` $affinity^ `)`)?
    attr-dict `:` qualified(type($result)) `` `{` $storage_size `}`
  }];
  let extraClassDeclaration = [{
    /// Allocates one resource of `resourceType` per entry of `storageSizes`
    /// (locations `locs`, same length). None: {null, {}}. One: a single
    /// alloc and its result. Several: a stream.resource.pack with all
    /// lifetimes [0, 0], one alloc of the pack's total length and one
    /// stream.resource.subview per entry (returned in entry order).
    static std::pair<ResourceAllocOp, ::llvm::SmallVector<::mlir::Value>>
    createSuballocations(::mlir::Type resourceType,
                         ::llvm::ArrayRef<::mlir::Location> locs,
                         ::mlir::ValueRange storageSizes, bool uninitialized,
                         ::sluice::stream::AffinityAttr affinity,
                         ::mlir::OpBuilder &builder);
  }];
  let hasCanonicalizer = 1;
}

def Stream_ResourceAllocaOp : Stream_Op<"resource.alloca", [
    AlwaysSpeculatable,
    MemoryEffects<[MemAlloc]>,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "allocates a transient resource";
  let arguments = (ins
    Index:$storage_size,
    Optional<Stream_TimepointType>:$await_timepoint,
    UnitAttr:$indeterminate_lifetime,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs
    Stream_AnyResource:$result,
    Stream_TimepointType:$result_timepoint
  );
  let assemblyFormat = [{
    `uninitialized`
    (`indeterminate` $indeterminate_lifetime^)?
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)` `=` `>`):(`:`)?
    attr-dict
    qualified(type($result)) `` `{` $storage_size `}`
    `=` `>` qualified(type($result_timepoint))
  }];
  let extraClassDeclaration = [{
    /// As ResourceAllocOp::createSuballocations with stream.resource.alloca:
    /// the alloca awaits `awaitTimepoint` (may be null), is not
    /// indeterminate, and its result timepoint (of `timepointType`) is
    /// reached through the returned op.
    static std::pair<ResourceAllocaOp, ::llvm::SmallVector<::mlir::Value>>
    createSuballocations(::mlir::Type timepointType, ::mlir::Type resourceType,
                         ::llvm::ArrayRef<::mlir::Location> locs,
                         ::mlir::ValueRange storageSizes,
                         ::mlir::Value awaitTimepoint,
                         ::sluice::stream::AffinityAttr affinity,
                         ::mlir::OpBuilder &builder);
  }];
  let hasCanonicalizer = 1;
}

def Stream_ResourceDeallocaOp : Stream_Op<"resource.dealloca", [
    MemoryEffects<[MemFree]>,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "frees a transient resource";
  let arguments = (ins
    Stream_AnyResource:$operand,
    Index:$operand_size,
    Optional<Stream_TimepointType>:$await_timepoint,
    UnitAttr:$prefer_origin,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_TimepointType:$result_timepoint);
  let assemblyFormat = [{
    (`origin` $prefer_origin^)?
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)` `=` `>`)?
    $operand `:` qualified(type($operand)) `` `{` $operand_size `}`
    `=` `>` qualified(type($result_timepoint))
    attr-dict
  }];
  let hasCanonicalizer = 1;
}

def Stream_ResourceRetainOp : Stream_Op<"resource.retain", [
    Stream_CmdPhaseOp,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "adds an ownership claim on a resource";
  let arguments = (ins Stream_AnyResource:$operand, Index:$operand_size);
  let assemblyFormat = [{
    $operand attr-dict `:` qualified(type($operand)) `` `{` $operand_size `}`
  }];
}

class Stream_ResourceOwnershipQueryOp<string mnemonic, string summaryText>
    : Stream_Op<mnemonic, [
        Stream_CmdPhaseOp,
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
        DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
      ]> {
  let summary = summaryText;
  let arguments = (ins Stream_AnyResource:$operand, Index:$operand_size);
  let results = (outs I1:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` qualified(type($operand)) `` `{` $operand_size `}`
  }];
}

def Stream_ResourceReleaseOp : Stream_ResourceOwnershipQueryOp<
    "resource.release", "drops an ownership claim on a resource">;
def Stream_ResourceIsTerminalOp : Stream_ResourceOwnershipQueryOp<
    "resource.is_terminal", "true when a resource has no other owners">;

def Stream_ResourceSizeOp : Stream_Op<"resource.size", [
    Pure,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "the byte size of a resource";
  let arguments = (ins
    Stream_AnyResource:$operand,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Index:$result);
  let assemblyFormat = "$operand attr-dict `:` qualified(type($operand))";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Stream_ResourceTryMapOp : Stream_Op<"resource.try_map", [
    Pure,
    MemoryEffects<[MemAlloc]>,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "tries to map a host buffer into a resource";
  let arguments = (ins
    Stream_UtilBuffer:$source,
    Index:$source_offset,
    Index:$result_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs I1:$did_map, Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $source `[` $source_offset `]` `:`
    qualified(type($source)) `->` qualified(type($did_map)) `,` qualified(type($result)) `` `{` $result_size `}`
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_ResourceLoadOp : Stream_Op<"resource.load", [
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "loads an element from a staging resource";
  let arguments = (ins
    Stream_StagingResource:$source,
    Index:$source_size,
    Index:$source_offset
  );
  let results = (outs Stream_PrimitiveOrVector:$result);
  let assemblyFormat = [{
    $source `[` $source_offset `]` `:`
    qualified(type($source)) `` `{` $source_size `}`
    `->` qualified(type($result))
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_ResourceStoreOp : Stream_Op<"resource.store", [
    MemoryEffects<[MemWrite]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "stores an element into a staging resource";
  let arguments = (ins
    Stream_StagingResource:$target,
    Index:$target_size,
    Index:$target_offset,
    Stream_PrimitiveOrVector:$value
  );
  let assemblyFormat = [{
    $value `,` $target `[` $target_offset `]` `:`
    qualified(type($value))
    `->`
    qualified(type($target)) `` `{` $target_size `}`
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_ResourcePackOp : Stream_Op<"resource.pack", [
    Pure,
    AttrSizedOperandSegments,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "packs lifetime-annotated slices into one slab";
  let arguments = (ins
    Optional<Index>:$offset,
    Variadic<Index>:$dynamic_slice_sizes,
    Stream_IndexArrayAttr:$lifetime_intervals,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs
    Index:$total_length,
    Variadic<Index>:$packed_offsets
  );
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`offset` `(` $offset^ `)`)?
    `slices` `(` `{`
    custom<PackSliceRanges>($lifetime_intervals,
                            $dynamic_slice_sizes,
                            type($packed_offsets))
    `}` `)`
    `:` qualified(type($total_length))
    attr-dict-with-keyword
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$offset, "::mlir::ValueRange":$sizes,
                   CArg<"::sluice::stream::AffinityAttr", "{}">:$affinity)>,
  ];
  let extraClassDeclaration = [{
    /// One packed slice: inclusive lifetime interval, size and offset.
    struct Slice {
      int64_t lifetimeStart;
      int64_t lifetimeEnd;
      ::mlir::Value dynamicSize;
      ::mlir::Value packedOffset;

      bool operator==(const Slice &other) const {
        return lifetimeStart == other.lifetimeStart &&
               lifetimeEnd == other.lifetimeEnd;
      }
      bool operator<(const Slice &other) const {
        return std::make_pair(lifetimeStart, lifetimeEnd) <
               std::make_pair(other.lifetimeStart, other.lifetimeEnd);
      }
      bool intersects(const Slice &other) const {
        return lifetimeEnd >= other.lifetimeStart &&
               other.lifetimeEnd >= lifetimeStart;
      }
    };
    /// The slices in op order.
    ::llvm::SmallVector<Slice> getSlices();
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Stream_ResourceConstantsOp : Stream_Op<"resource.constants", [
    Pure,
    SameVariadicResultSize,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, [
      "getAwaitTimepoints", "setAwaitTimepoint"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "uploads constant values into resources";
  let arguments = (ins
    Variadic<Index>:$result_sizes,
    ArrayAttr:$values,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs
    Variadic<Stream_ConstOrVarResource>:$results,
    Stream_TimepointType:$result_timepoint
  );
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    attr-dict `:`
    custom<ConstantValueList>(type($results), $result_sizes, $values)
    `=` `>` qualified(type($result_timepoint))
  }];
  let hasVerifier = 1;
}

def Stream_ResourceSubviewOp : Stream_Op<"resource.subview", [
    Pure,
    AllTypesMatch<["source", "result"]>,
    DeclareOpInterfaceMethods<Stream_StreamableOp, ["isMetadata"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_SubrangeOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
    DeclareOpInterfaceMethods<ViewLikeOpInterface>,
  ]> {
  let summary = "aliases a byte range of a resource";
  let arguments = (ins
    Stream_AnyResource:$source,
    Index:$source_size,
    Index:$source_offset,
    Index:$result_size
  );
  let results = (outs Stream_AnyResource:$result);
  let assemblyFormat = [{
    $source `[` $source_offset `]` `:`
    qualified(type($source)) `` `{` $source_size `}` `->`
    qualified(type($result)) `` `{` $result_size `}`
    attr-dict-with-keyword
  }];
  let extraClassDeclaration = [{
    /// The subview producing `value`, through ties; null at block arguments
    /// and timeline ops.
    static ResourceSubviewOp findSubviewOp(::mlir::Value value);
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Stream_ResourceTransientsOp : Stream_Op<"resource.transients", [
    Pure,
    Stream_TiedResourcePassthrough,
    AllTypesMatch<["resource", "result"]>,
    DeclareOpInterfaceMethods<Stream_AffinityOp, ["pinsValueAffinity"]>,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
  ]> {
  let summary = "suballocates transient memory from caller storage";
  let arguments = (ins
    Stream_StreamResource:$resource,
    Index:$resource_size,
    Stream_AnyResource:$storage,
    Index:$storage_size,
    Optional<Stream_TimepointType>:$await_timepoint,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs
    Stream_StreamResource:$result,
    Stream_TimepointType:$result_timepoint
  );
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)` `=` `>`)?
    $resource `:` qualified(type($resource)) `` `{` $resource_size `}`
    `from` $storage `:` qualified(type($storage)) `` `{` $storage_size `}`
    `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// File ops
//===----------------------------------------------------------------------===//

def Stream_FileConstantOp : Stream_Op<"file.constant", [
    Pure,
    MemoryEffects<[MemAlloc]>,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_SubrangeOperandOpInterface>,
  ]> {
  let summary = "wraps a constant host buffer range as a file";
  let arguments = (ins
    Stream_UtilBuffer:$source,
    Index:$source_size,
    Index:$source_offset,
    Index:$source_length,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_FileType:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $source `[` $source_offset `for` $source_length `]` `:`
    qualified(type($source)) `` `{` $source_size `}`
    `->`
    qualified(type($result))
    attr-dict-with-keyword
  }];
}

def Stream_FileReadOp : Stream_Op<"file.read", [
    Stream_CmdPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "reads a file range into a resource";
  let arguments = (ins
    Stream_FileType:$source,
    I64:$source_offset,
    Stream_StreamResource:$target,
    Index:$target_size,
    Index:$target_offset,
    Index:$length,
    Optional<Stream_TimepointType>:$await_timepoint,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_TimepointType:$result_timepoint);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)` `=` `>`):(`:`)?
    $source `[` $source_offset `]` `,`
    $target `[` $target_offset `]` `,`
    $length `:`
    qualified(type($source)) `->`
    qualified(type($target)) `` `{` $target_size `}`
    `=` `>`
    qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_FileWriteOp : Stream_Op<"file.write", [
    Stream_CmdPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "writes a resource range into a file";
  let arguments = (ins
    Stream_StreamResource:$source,
    Index:$source_size,
    Index:$source_offset,
    Stream_FileType:$target,
    I64:$target_offset,
    Index:$length,
    Optional<Stream_TimepointType>:$await_timepoint,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_TimepointType:$result_timepoint);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)` `=` `>`):(`:`)?
    $source `[` $source_offset `]` `,`
    $target `[` $target_offset `]` `,`
    $length `:`
    qualified(type($source)) `` `{` $source_size `}` `->`
    qualified(type($target))
    `=` `>`
    qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

#endif // SLUICE_DIALECT_STREAM_IR_STREAMRESOURCEOPS
