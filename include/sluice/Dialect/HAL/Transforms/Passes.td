//===- Passes.td - hal passes ------------------------------*- tablegen -*-===//
//
// The passes of the phase `hal` (execution.md §2.5), under their reference
// flags. Each is implemented in lib/Dialect/HAL/Transforms/<PassName>.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_HAL_TRANSFORMS_PASSES
#define SLUICE_DIALECT_HAL_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def ConvertToHALPass : Pass<"iree-hal-conversion", "mlir::ModuleOp"> {
  let summary = "Converts stream-level programs to the HAL (and io_parameters)";
  let description = [{
    One partial dialect conversion of the module (execution.md §2.5.1).

    Types: `!stream.resource<*>` becomes `!hal.buffer`, `!stream.timepoint`
    `!hal.fence`, `!stream.file` `!hal.file`, `!stream.channel`
    `!hal.channel`; integer and float tensors become `!hal.buffer_view`;
    `!util.ptr`/`!util.list` convert element-wise; a loaded dialect's
    HAL-conversion hook may convert further types; everything else is kept.

    Legality: the `hal` dialect is legal and `hal.executable` is recursively
    legal; the `stream` dialect, `hal.device.resolve`, `tensor.dim` and
    `tensor.rank` are illegal; util globals, structural ops and util list/
    barrier/assume ops are legal once their types are. Every other op is
    legal iff none of its operand or result types changes.

    Pattern sets, in order: HAL->HAL, Util->HAL, Std->HAL, Stream->HAL and
    then every loaded dialect's HAL-conversion hook (`io_parameters`, loaded
    by this pass, contributes StreamToParams: `stream.cmd.parameter.*` ->
    `io_parameters.load/gather/scatter`, io-parameters.md §10).

    After a successful conversion every `hal.executable.export` loses its
    condition, fallback and workgroup-count regions and the module's
    `stream.affinity.default` attribute is removed.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::sluice::hal::HALDialect",
    "::sluice::io_parameters::IOParametersDialect",
    "::sluice::util::UtilDialect",
  ];
}

def MaterializeInterfacesPass
    : Pass<"iree-hal-materialize-interfaces", "mlir::ModuleOp"> {
  let summary = "Turns stream executables into hal executables with layouts";
  let description = [{
    execution.md §2.5 step 1. Every `stream.executable` becomes a
    `hal.executable` with one `hal.executable.variant` per executable target
    of the devices that dispatch to it (found through the dispatch sites'
    affinities and the `#hal.device.target` initial values of the device
    globals):

    * each export becomes `hal.executable.export` with `ordinal(<i>)` and a
      `#hal.pipeline.layout`: one constant per non-binding argument, one
      `storage_buffer` binding per `!stream.binding` argument, flagged
      `ReadOnly` when every dispatch site only reads it ([SLUICE]: the
      reference flags a binding read-only as soon as one site reads it) and
      `Indirect` when some site records it into a reusable command buffer
      from a value that is not a constant or an immutable global; the layout
      is `Indirect` when a binding is;
    * the workgroup-count region gains a leading `!hal.device` argument and
      returns with `hal.return`;
    * in the dispatch function, non-binding arguments become
      `hal.interface.constant.load`, `stream.binding.subspan` becomes
      `hal.interface.binding.subspan`, `stream.dispatch.workgroup.*` become
      `hal.interface.workgroup.*`, and the function loses its arguments;
    * every `stream.cmd.dispatch` of `@ex::@e` names `@ex::@<variant>::@e`.

    An argument that is neither a `!stream.binding` nor an `i32` is rejected:
    «unsupported interface function argument <i> type <T>; requires
    !stream.binding or i32 operands only».
  }];
  let dependentDialects = [
    "::sluice::hal::HALDialect",
  ];
}

def InlineMemoizeRegionsPass
    : InterfacePass<"iree-hal-inline-memoize-regions",
                    "mlir::FunctionOpInterface"> {
  let summary = "Inlines hal.device.memoize regions at their place";
  let description = [{
    execution.md §2.5 step 4: each `hal.device.memoize` region is inlined
    where the op stands (the block is split, every `hal.return` becomes a
    `cf.br` to the continuation carrying the results), and every
    `hal.command_buffer.create` inside it gains the `OneShot` mode. Where
    the parent region must stay a single block (e.g. `scf.for`, `scf.if`)
    the region becomes the body of an `scf.execute_region` with the op's
    result types instead, each `hal.return` an `scf.yield`.
  }];
  let dependentDialects = [
    "::mlir::cf::ControlFlowDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def ResolveTopologyQueriesPass
    : Pass<"iree-hal-resolve-topology-queries", "mlir::ModuleOp"> {
  let summary = "Resolves memory-property queries to constants";
  let description = [{
    execution.md §2.5 step 5: every `hal.allocator.resolve_memory_properties`
    whose affinity is not a `#hal.device.optimal` becomes
    `hal.memory_type<...>` and `hal.buffer_usage<...>` constants holding the
    bits its lifetime requires (`constant`: DeviceLocal and SharingImmutable;
    `variable`, `transient`: DeviceLocal; `external`: DeviceLocal, plus
    HostVisible and usage Mapping under
    `--iree-hal-external-resources-mappable`; `staging`: HostLocal and
    DeviceVisible with Mapping; every lifetime adds Transfer and
    DispatchStorage). The `*` lifetime is rejected: «unsupported resource
    lifetime: *».
  }];
  let dependentDialects = [
    "::sluice::hal::HALDialect",
  ];
}

#endif // SLUICE_DIALECT_HAL_TRANSFORMS_PASSES
