//===- Passes.td - CPU dispatch codegen passes -------------*- tablegen -*-===//
//
// Dispatch code generation on the CPU (execution.md §5.1). Each pass is
// implemented in lib/Codegen/CPU/<PassName>.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_CODEGEN_CPU_PASSES
#define SLUICE_CODEGEN_CPU_PASSES

include "mlir/Pass/PassBase.td"

def CPUCodegenPipelinePass
    : Pass<"sluice-cpu-codegen-pipeline", "mlir::ModuleOp"> {
  let summary = "Compiles every llvm-cpu hal.executable.variant to workgroup functions";
  let description = [{
    execution.md §5.1: for every `hal.executable.variant` whose target
    backend is `llvm-cpu`, runs `buildCpuCodegenPipeline` on it: steps 1-5 on
    the inner module (verify, simplify, lower dispatch tensors, select the
    strategy, tile and distribute the root over workgroups), step 6 on the
    variant (export workgroup counts), then steps 9-14 on the inner module
    (bufferize, place allocations, loops, math, the workgroup ABI, LLVM). The
    result is LLVM-dialect workgroup functions
    `(!llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32` with the ABI of §4.5,
    `sluice.workgroup_cost_ns` on every export and concrete count regions.

    Not yet done: the vectorizing strategies (steps 7-8 and 11): inside a
    workgroup every strategy runs as loops.
  }];
  let options = [
    Option<"strategy", "strategy", "std::string", /*default=*/"\"auto\"",
           "auto|loops: `loops` forces the fallback strategy for every root "
           "(sluice-compile's --sluice-cpu-strategy)">,
  ];
}

def CPUVerifyDispatchPass
    : Pass<"sluice-cpu-verify-dispatch", "mlir::ModuleOp"> {
  let summary = "Rejects dispatch bodies the CPU codegen cannot compile";
  let description = [{
    execution.md §5.1 step 1. Allowed: `hal.interface.*`,
    `iree_tensor_ext.dispatch.tensor.load/store`,
    `iree_tensor_ext.dispatch.workload.ordinal`, structured `linalg` ops,
    `tensor.{empty, extract_slice, insert_slice, expand_shape, collapse_shape,
    cast, pad, extract, insert, dim, generate, yield}`, `arith`, `math`, `scf`,
    `affine.{apply, min, max}`, `vector`, `func.func/call/return`,
    `ub.poison`. Anything else: «'<op>' op cannot be compiled by the Sluice
    CPU dispatch codegen».
  }];
}

def CPULowerDispatchTensorsPass
    : Pass<"sluice-cpu-lower-dispatch-tensors", "mlir::ModuleOp"> {
  let summary = "Re-types dispatch tensor bindings to memrefs";
  let description = [{
    execution.md §5.1 step 3. A `hal.interface.binding.subspan` of
    `!iree_tensor_ext.dispatch.tensor<access:tensor<SxT>>` becomes one of
    `memref<SxT>` (a scalar bound type: rank 0);
    `iree_tensor_ext.dispatch.tensor.load` becomes
    `bufferization.to_tensor %m restrict [writable]` (`writable` for
    `readwrite` bindings) followed by `tensor.extract_slice` unless the slice
    is the whole tensor; `iree_tensor_ext.dispatch.tensor.store %v` becomes
    `memref.subview` (none when whole) +
    `bufferization.materialize_in_destination %v in restrict writable %sub`.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def CPUSelectStrategyPass
    : Pass<"sluice-cpu-select-strategy", "mlir::ModuleOp"> {
  let summary = "Picks each dispatch's root op and its codegen strategy";
  let description = [{
    execution.md §5.1 step 4 and §5.2. The root of a dispatch function is the
    op whose result is stored (the source of a
    `bufferization.materialize_in_destination`); when several ops' results
    are stored, the last one in program order. It gets
    `sluice_cpu.strategy = {kind = "<k>", workgroup_tiles = [..],
    inner_tiles = [..]}` (one entry per loop of the root):

    * `elementwise` (all-parallel linalg ops: generic, fill, copy, transpose,
      broadcast, named elementwise ops): the innermost parallel loop gets
      `min(range, 4096)`, rounded down to a multiple of 2V when
      `range >= 2V`; each of up to two outer parallel loops
      `max(1, 4096 / product of the inner tiles)`; others 0. Inner tiles: 2V
      on the innermost parallel loop, 1 elsewhere.
    * `reduction` (generic or linalg.reduce with reduction iterators, not a
      contraction): the same with 64 as the innermost target; inner tiles 2V
      on the innermost reduction loop.
    * `matmul` (f32 contraction with one M, N, K and at most one batch
      dimension): batch 1, M 64, N 64, K 0; inner (8, 32, 1).
    * `conv` (`linalg::isaConvolutionOpInterface`): output batch 1, output
      height 1, output width 64, output channels 64.
    * `loops` (anything else, or `strategy=loops`): tiles as `elementwise`,
      inner tiles 0.

    V = `native_vector_size` (the variant target's configuration, else 32)
    / element bytes of the root's first result. A tile never exceeds a
    static loop range; at most three (the innermost) tiles are non-zero.
  }];
  let options = [
    Option<"strategy", "strategy", "std::string", /*default=*/"\"auto\"",
           "auto|loops: `loops` forces the fallback strategy">,
  ];
}

def CPUTileAndDistributePass
    : Pass<"sluice-cpu-tile-and-distribute", "mlir::ModuleOp"> {
  let summary = "Tiles each dispatch's root over workgroups";
  let description = [{
    execution.md §5.1 step 5. The root (the op carrying
    `sluice_cpu.strategy`) is tiled with its `workgroup_tiles` (after
    `bufferization::eliminateEmptyTensors`, so that the tiles of the output
    are slices of the output binding and no workgroup gets a buffer and a
    copy of its own) by
    `scf::tileConsumerAndFuseProducersUsingSCF` into an `scf.forall`, fusing
    every producer of the tile (fills and `tensor.empty` included). The
    forall then becomes straight-line code: its loop i of n (at most three;
    the innermost is x, the next y, the next z) starts at
    `lb + hal.interface.workgroup.id[d] * tile` (at `lb` when the loop has
    one tile) and each shared output receives its tile through a
    `tensor.insert_slice`. The workgroup count of dimension d,
    `(ub - lb) ceildiv tile`, is computed by an `affine.apply` marked
    `sluice_cpu.workgroup_count = d` for
    `--sluice-cpu-resolve-workgroup-count`.

    Nothing is done when the body already uses `hal.interface.workgroup.id`,
    when the export's count region has no
    `iree_tensor_ext.dispatch.workgroup_count_from_slice` (an explicit count,
    or no count region), when several ops' results are stored, when a
    `readwrite` binding is loaded (an in-place update: workgroups could read
    elements others already wrote), or when an op other than the stores may
    write memory. Those dispatches run as one workgroup.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def CPUResolveWorkgroupCountPass
    : Pass<"sluice-cpu-resolve-workgroup-count", "::sluice::hal::ExecutableVariantOp"> {
  let summary = "Replaces workgroup_count_from_slice in export count regions";
  let description = [{
    execution.md §5.1 step 6. In each export's count region,
    `iree_tensor_ext.dispatch.workgroup_count_from_slice(%w...)` is replaced
    by the workgroup counts tile-and-distribute computed in the dispatch
    function (the ops marked `sluice_cpu.workgroup_count = d`; 1 for a
    dimension without one, so (1, 1, 1) for a dispatch that is not
    distributed). The backward slice of each count is cloned into the region
    with each `iree_tensor_ext.dispatch.workload.ordinal %v, k` replaced by
    region argument k + 1. A slice reaching anything other than ordinals,
    constants and pure arith/affine ops: «workgroup count of '<export>'
    depends on a value that is not a workload ordinal». The markers are
    removed. Exports without a count region are left alone.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
  ];
}

def CPUPlaceAllocationsPass
    : Pass<"sluice-cpu-place-allocations", "mlir::ModuleOp"> {
  let summary = "Moves small static allocations to the stack";
  let description = [{
    execution.md §5.1 step 10. Every `memref.alloc` with a static size of at
    most 65536 bytes becomes a `memref.alloca` at the start of its function
    (its deallocations are dropped). An allocation nested in a region whose
    buffer (or a view of it) reaches a terminator or a call stays on the
    heap: one stack slot would then be shared by iterations that each had
    their own buffer. Allocations that stay are freed by
    `--buffer-deallocation-pipeline`, which this pass runs on the module when
    (and only when) a `memref.alloc` is left.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def CPULowerMathPass
    : Pass<"sluice-cpu-lower-math", "mlir::ModuleOp"> {
  let summary = "Lowers math ops to polynomial approximations or libm calls";
  let description = [{
    execution.md §5.1 step 13. f32, f16 and bf16 `math.exp`, `exp2`, `log`,
    `log1p`, `log2`, `tanh`, `erf`, `sin`, `cos`, `atan`, `rsqrt` and `sqrt`
    use MLIR's polynomial approximations
    (`populateMathPolynomialApproximationPatterns`; f16/bf16 through f32 via
    `populateMathF32ExpansionPatterns`) where MLIR has one; everything else,
    and f64, goes through `--convert-math-to-libm`, except the ops x86-64
    does in one instruction or LLVM expands inline (`sqrt`, `absf`, `fma`,
    `copysign`, `floor`, `ceil`, `trunc`, `roundeven`, `round`), which are
    left for `--convert-to-llvm` (LLVM intrinsics: exact, and faster than a
    call).

    `math.ipowi` (which no upstream conversion lowers at this step) becomes
    a branch-free square-and-multiply over the exponent's bits; a negative
    exponent gives 1 for base 1, (-1)^e for base -1 and 0 otherwise.

    A function of the module named like the libm function an op becomes
    (a dispatch function `@powf` using `math.powf`) is never called in its
    place: the declaration gets a unique name `sluice_libm__<name>[_<n>]`
    and keeps the libm name in `sluice.link_name`, which
    `--sluice-link-executables` binds (or, when a host symbol has the name,
    the translation to LLVM IR).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def CPULowerInterfacePass
    : Pass<"sluice-cpu-lower-interface", "mlir::ModuleOp"> {
  let summary = "Gives dispatch functions the workgroup ABI of execution.md §4.5";
  let description = [{
    execution.md §5.1 step 13 and §4.5. Every `func.func` of the variant's
    inner module that an export names becomes
    `(!llvm.ptr env, !llvm.ptr dispatch_state, !llvm.ptr workgroup_state) -> i32`
    returning 0. `hal.interface.workgroup.id/count` load the u32/u16 fields of
    the workgroup/dispatch state (zero-extended); `workgroup.size` is the
    export's constant `workgroup_size` when present, else the state's field;
    `hal.interface.constant.load` reads `constants[k]` as i32 (bitcast for
    32-bit types, zero-extended for index); `hal.interface.binding.subspan`
    becomes a row-major memref descriptor on `binding_ptrs[b] + offset`,
    passed through `builtin.unrealized_conversion_cast` (`alignment(a)`
    becomes `memref.assume_alignment` on it);
    `iree_tensor_ext.dispatch.workload.ordinal` is replaced by its operand.
    The export gets
    `sluice.workgroup_cost_ns` (§5.4). Over 64 bindings or constants: «export
    '<e>' uses <n> bindings; the CPU ABI allows 64» (or constants).
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

#endif // SLUICE_CODEGEN_CPU_PASSES
