//===- StreamInterfaces.td - stream interfaces and traits --*- tablegen -*-===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMINTERFACES
#define SLUICE_DIALECT_STREAM_IR_STREAMINTERFACES

include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// Affinity
//===----------------------------------------------------------------------===//

def Stream_AffinityAttr : AttrInterface<"AffinityAttr"> {
  let cppNamespace = "::sluice::stream";
  let description = [{
    Where work runs: a device, queues, or a choice between them.
  }];
  let methods = [
    InterfaceMethod<"Resource constraints of this placement, or null.",
      "::sluice::stream::ResourceConfigAttr", "getResourceConfigAttr", (ins),
      [{}], [{ return {}; }]>,
    InterfaceMethod<
      "True if ops with this affinity may run on the queues of `other`.",
      "bool", "isExecutableWith", (ins "::sluice::stream::AffinityAttr":$other),
      [{}], [{
        return ::sluice::stream::AffinityAttr::areCompatible($_attr, other);
      }]>,
    InterfaceMethod<"An affinity that may run on either.",
      "::sluice::stream::AffinityAttr", "joinOR",
      (ins "::sluice::stream::AffinityAttr":$other), [{}],
      [{ return $_attr; }]>,
    InterfaceMethod<"An affinity that must satisfy both; may be null.",
      "::sluice::stream::AffinityAttr", "joinAND",
      (ins "::sluice::stream::AffinityAttr":$other), [{}],
      [{ return $_attr; }]>,
  ];
  let extraClassDeclaration = [{
    /// The affinity of `op` or its nearest ancestor that has one.
    static AffinityAttr lookup(::mlir::Operation *op);
    /// `lookup`, else the nearest `stream.affinity.default`.
    static AffinityAttr lookupOrDefault(::mlir::Operation *op);
    /// True iff equal or exactly one is null.
    static bool areCompatible(AffinityAttr a, AffinityAttr b);
    /// True iff compatible or `a.isExecutableWith(b)`.
    static bool canExecuteTogether(AffinityAttr a, AffinityAttr b);
    /// Left fold of joinOR; null for an empty list.
    static AffinityAttr joinOR(::llvm::ArrayRef<AffinityAttr> list);
  }];
}

def Stream_AffinityTopologyAttr : AttrInterface<"AffinityTopologyAttrInterface"> {
  let cppNamespace = "::sluice::stream";
  let description = [{
    Describes how affinities reach each other's memory.
  }];
  let methods = [
    InterfaceMethod<"`source` can access `target`'s memory directly.",
      "bool", "hasTransparentAccess",
      (ins "::sluice::stream::AffinityAttr":$source,
           "::sluice::stream::AffinityAttr":$target), [{}],
      [{ return false; }]>,
    InterfaceMethod<"The two share a unified memory space.",
      "bool", "hasUnifiedMemory",
      (ins "::sluice::stream::AffinityAttr":$source,
           "::sluice::stream::AffinityAttr":$target), [{}],
      [{ return false; }]>,
  ];
}

def Stream_AffinityType : TypeInterface<"AffinityTypeInterface"> {
  let cppNamespace = "::sluice::stream";
  let description = [{
    Marker: values of this type have their affinity tracked.
  }];
}

def Stream_AffinityOp : OpInterface<"AffinityOpInterface"> {
  let cppNamespace = "::sluice::stream";
  let description = [{
    An op that has an execution affinity.
  }];
  let methods = [
    InterfaceMethod<"Whether an affinity must be assigned.",
      "bool", "requiresAffinity", (ins), [{}], [{ return true; }]>,
    InterfaceMethod<"Whether operands and results are pinned to the affinity.",
      "bool", "pinsValueAffinity", (ins), [{}], [{ return false; }]>,
    InterfaceMethod<"Where the op runs.",
      "::sluice::stream::AffinityAttr", "getAffinityAttr", (ins), [{}], [{
        return ::llvm::dyn_cast_or_null<::sluice::stream::AffinityAttr>(
            $_op->getAttr("affinity"));
      }]>,
    InterfaceMethod<"Sets the affinity; null removes it.",
      "void", "setAffinityAttr", (ins "::sluice::stream::AffinityAttr":$value),
      [{}], [{
        if (value)
          $_op->setAttr("affinity", value);
        else
          $_op->removeAttr("affinity");
      }]>,
    InterfaceMethod<"Affinity of the results.",
      "::sluice::stream::AffinityAttr", "getResultAffinityAttr", (ins), [{}],
      [{ return $_op.getAffinityAttr(); }]>,
    InterfaceMethod<"Removes all affinities.",
      "void", "removeAffinityAttrs", (ins), [{}],
      [{ $_op.setAffinityAttr(nullptr); }]>,
  ];
}

//===----------------------------------------------------------------------===//
// Scheduling
//===----------------------------------------------------------------------===//

def Stream_StreamableOp : OpInterface<"StreamableOpInterface"> {
  let cppNamespace = "::sluice::stream";
  let description = [{
    An op that may be scheduled inside a streaming execution region.
  }];
  let methods = [
    InterfaceMethod<"Only slices or aliases memory.",
      "bool", "isMetadata", (ins), [{}], [{ return false; }]>,
    InterfaceMethod<"Recomputing in each consumer beats transferring.",
      "bool", "preferCloneToConsumers", (ins), [{}], [{ return false; }]>,
  ];
}

def Stream_AsyncAccessOp : OpInterface<"AsyncAccessOpInterface"> {
  let cppNamespace = "::sluice::stream";
  let description = [{
    Reports the resource ranges an async op reads and writes.
  }];
  let methods = [
    InterfaceMethod<"Appends one entry per resource access.",
      "void", "getAsyncAccessRanges",
      (ins "::llvm::SmallVectorImpl<::sluice::stream::AsyncAccessRange> &":$ranges)>,
  ];
}

def Stream_SubviewEffectOp : OpInterface<"SubviewEffectOpInterface"> {
  let cppNamespace = "::sluice::stream";
  let description = [{
    Marker: the op reads or writes resource subranges.
  }];
}

def Stream_TimelineOp : OpInterface<"TimelineOpInterface"> {
  let cppNamespace = "::sluice::stream";
  let description = [{
    An op ordered on the timeline by timepoints.
  }];
  let methods = [
    InterfaceMethod<"Timepoints that must be reached before the op runs.",
      "::llvm::SmallVector<::mlir::Value>", "getAwaitTimepoints", (ins)>,
    InterfaceMethod<"The timepoint signalled on completion; may be null.",
      "::mlir::Value", "getResultTimepoint", (ins), [{}], [{
        return $_op.getResultTimepoint();
      }]>,
    InterfaceMethod<"Sets a single await timepoint; null clears all.",
      "void", "setAwaitTimepoint", (ins "::mlir::Value":$timepoint), [{}], [{
        if (timepoint)
          $_op.getAwaitTimepointMutable().assign(timepoint);
        else
          $_op.getAwaitTimepointMutable().clear();
      }]>,
    InterfaceMethod<"Sets several await timepoints (joined).",
      "void", "setAwaitTimepoints",
      (ins "::mlir::ValueRange":$timepoints, "::mlir::OpBuilder &":$builder),
      [{}], [{
        $_op.setAwaitTimepoint(::sluice::stream::joinTimepoints(
            $_op->getLoc(), timepoints, builder));
      }]>,
  ];
}

def Stream_TimelineAwareOp : OpInterface<"TimelineAwareOpInterface"> {
  let cppNamespace = "::sluice::stream";
  let description = [{
    Lets an op from another dialect take part in timeline scheduling.
  }];
  let methods = [
    InterfaceMethod<"Whether scheduling should consider the op.",
      "bool", "participatesInTimeline", (ins), [{}], [{ return true; }]>,
    InterfaceMethod<"Fence-like values awaited before the op runs.",
      "::llvm::SmallVector<::mlir::Value>", "getAwaitFences", (ins), [{}],
      [{ return {}; }]>,
    InterfaceMethod<"Fence-like value signalled on completion.",
      "::mlir::Value", "getSignalFence", (ins), [{}], [{ return {}; }]>,
    InterfaceMethod<"Builds timepoints for what must be awaited.",
      "::llvm::SmallVector<::mlir::Value>", "buildAwaitTimepoints",
      (ins "::mlir::OpBuilder &":$builder), [{}], [{ return {}; }]>,
    InterfaceMethod<"Builds a timepoint for completion.",
      "::mlir::Value", "buildResultTimepoint",
      (ins "::mlir::OpBuilder &":$builder), [{}], [{ return {}; }]>,
  ];
}

//===----------------------------------------------------------------------===//
// Traits
//===----------------------------------------------------------------------===//

class Stream_Trait<string name> : NativeOpTrait<name> {
  let cppNamespace = "::sluice::stream::OpTrait";
}
def Stream_TensorPhaseOp : Stream_Trait<"TensorPhaseOp">;
def Stream_AsyncPhaseOp : Stream_Trait<"AsyncPhaseOp">;
def Stream_CmdPhaseOp : Stream_Trait<"CmdPhaseOp">;
def Stream_TiedResourcePassthrough : Stream_Trait<"TiedResourcePassthrough">;

#endif // SLUICE_DIALECT_STREAM_IR_STREAMINTERFACES
