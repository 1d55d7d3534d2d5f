//===- Passes.td - native ABI binding passes ---------------*- tablegen -*-===//
//
// The entry-point wrapping of execution.md §2.2 step 4 and
// external-transients.md §2.2. Implemented in
// lib/Bindings/Native/Transforms/<PassName>.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_BINDINGS_NATIVE_TRANSFORMS_PASSES
#define SLUICE_BINDINGS_NATIVE_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def WrapEntryPointsPass : Pass<"iree-abi-wrap-entry-points", "mlir::ModuleOp"> {
  let summary = "Wraps every public function in an ABI stub taking buffer views";
  let description = [{
    For every public `util.func` with a body and without `iree.abi.stub`,
    in module order:

    * the original is renamed `_<name>` and made private; its ABI
      attributes (`iree.abi.affinity`, `iree.abi.encoding`,
      `iree.abi.model`, `iree.abi.output`, `iree.abi.transients`) are
      stripped, a function-level `iree.abi.affinity` becomes
      `stream.affinity`;
    * a public wrapper `<name>` marked `iree.abi.stub` takes
      `!hal.buffer_view` for every tensor argument (other arguments are
      passed through unchanged) and, in the coarse-fences model, a wait and
      a signal `!hal.fence`; it returns `!hal.buffer_view` for every tensor
      result;
    * the wrapper imports every tensor argument with `hal.tensor.import`
      (`wait(%wait)` in the coarse-fences model, `consume` when the
      argument has `iree.abi.consume` or `iree.abi.output`, the name
      `iree.abi.name` or `input<i>`, dims from `hal.buffer_view.dim`), calls
      the original with `util.call`, then for each tensor result in result
      order: `hal.tensor.alias` onto the argument whose `iree.abi.output`
      names the result, `hal.tensor.transients` from the storage argument
      (`iree.abi.transients`; several storages need distinct
      `iree.abi.affinity` values, external-transients.md §9.3, and a result
      is annotated with the storage of its affinity), then in the
      coarse-fences model `hal.tensor.barrier join(...) => %signal` (or
      `hal.fence.signal` without tensor results), then `hal.tensor.export`
      named `iree.abi.name` or `output<i>`. Dynamic dims of results are
      rebuilt with `tensor.dim`.
    * the wrapper's `iree.reflection` receives the original's entries,
      `iree.abi.model = "coarse-fences"` in that model and
      `iree.abi.declaration` (the original's, else a generated
      `"sync func @<name>(%input0: T, ...) -> (%output0: T, ...)"`, `async`
      for coarse-fences). Argument and result attributes are copied to the
      wrapper.

    The invocation model is the function's `iree.abi.model` attribute when
    present (`"sync"` or `"coarse-fences"`), else the pass option.

    Errors, on the function: «transient storage argument <i> has an invalid
    type <type>; must be a !hal.buffer or !hal.buffer_view», «only one
    argument may have the iree.abi.transients attribute», «multiple
    iree.abi.transients arguments must have distinct iree.abi.affinity
    values», «storage argument <i> has an invalid type <T>; must be a
    !hal.buffer».
  }];
  let options = [
    Option<"invocationModel", "invocation-model",
           "::sluice::abi::InvocationModel",
           /*default=*/"::sluice::abi::InvocationModel::Sync",
           "Calling convention of the wrappers of functions without an "
           "`iree.abi.model` attribute.",
           [{::llvm::cl::values(
             clEnumValN(::sluice::abi::InvocationModel::Sync, "sync",
                        "Synchronous: (views...) -> views."),
             clEnumValN(::sluice::abi::InvocationModel::CoarseFences,
                        "coarse-fences",
                        "Asynchronous: (views..., wait, signal) -> views.")
           )}]>,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect",
    "::sluice::hal::HALDialect",
    "::sluice::util::UtilDialect",
  ];
}

#endif // SLUICE_BINDINGS_NATIVE_TRANSFORMS_PASSES
