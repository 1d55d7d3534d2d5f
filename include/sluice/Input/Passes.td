//===- Passes.td - phase input passes ----------------------*- tablegen -*-===//
//
// Phase input of sluice-compile (execution.md §2.2): verification, the
// ml_program and func imports and the CPU device assignment. Implemented in
// lib/Input/<PassName>.cpp; the phase pipeline `--sluice-input-pipeline` is
// registered in lib/Input/Passes.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_INPUT_PASSES
#define SLUICE_INPUT_PASSES

include "mlir/Pass/PassBase.td"

def VerifyInputPass : Pass<"sluice-verify-input", "mlir::ModuleOp"> {
  let summary = "Rejects programs sluice-compile cannot compile";
  let description = [{
    Applies the input rules of execution.md §1.3/§1.4 to every op outside
    `flow.executable`, `stream.executable` and `hal.executable` (their
    bodies are checked by the CPU codegen). Read-only; every violation is
    reported (the pass does not stop at the first one) and the pass fails
    when there is any.

    * An op outside this list (every `util`, `flow`, `linalg`, `arith`
      and `math` op; `builtin.module`; `func`: `func`, `call`, `return`;
      `ml_program`: `global`, `global_load`, `global_load_const`,
      `global_store`; `cf`: `br`, `cond_br`, `switch`, `assert`; `scf`:
      `for`, `if`, `while`, `index_switch`, `execute_region`, `yield`,
      `condition`; `tensor`: the ops of §1.3 plus `dim` and `yield`; `hal`:
      the ABI ops `hal.tensor.*`, `hal.buffer_view.*`, `hal.buffer.length`
      and the `hal.fence.*` ops of coarse-fences wrappers):
      «'<op>' op is not supported as sluice-compile input» with the note
      «sluice-compile accepts flow-level programs (util, flow, hal ABI ops)
      and linalg-on-tensors programs (linalg, tensor, arith, math, scf, cf,
      func, ml_program)»; for `tosa.*`, `stablehlo.*`, `chlo.*` and
      `torch.*` a second note «convert the program to linalg on tensors
      first». The contents of a rejected op are not inspected.
    * An op with a memref-typed operand or result (for a function: argument
      or result): «'<op>' op uses memref types; sluice-compile accepts
      tensor programs only».
    * A public `func.func` / `util.func` (not an `iree.abi.stub` wrapper,
      whose signature is buffer views) with an unranked tensor argument or
      result: «function '@<f>' has an unranked tensor in its signature;
      ranked tensors are required»; with a tensor of `index` elements:
      «function '@<f>' passes tensors of index elements across the ABI».
    * A body-less `func.func` / `util.func`: «external function '@<f>' is
      not supported; Sluice modules cannot import functions».
  }];
}

def ImportMLProgramPass : Pass<"sluice-import-ml-program", "mlir::ModuleOp"> {
  let summary = "Converts ml_program globals and their accesses to util";
  let description = [{
    execution.md §2.2 step 2: `ml_program.global @g(<value>) : T` becomes
    `util.global private [mutable] @g = <value> : T` (mutable iff the
    ml_program global is; always private, as the spec writes it; a global
    without a value gets none; an `#ml_program.extern` value is the error
    «'ml_program.global' op with an external value is not supported; write
    the weight as a util.global with a #flow.parameter.named value»);
    `ml_program.global_load` and `ml_program.global_load_const` become
    `util.global.load` (`immutable` for loads of immutable globals and for
    `global_load_const`); `ml_program.global_store` becomes
    `util.global.store`. Ops inside executables are untouched.
  }];
  let dependentDialects = ["::sluice::util::UtilDialect"];
}

def ImportFuncPass : Pass<"sluice-import-func", "mlir::ModuleOp"> {
  let summary = "Converts func functions, calls and returns to util";
  let description = [{
    execution.md §2.2 step 3: every top-level `func.func` becomes a
    `util.func` with the same name, visibility, type, argument/result
    attributes and discardable attributes; `func.call` becomes `util.call`
    and `func.return` becomes `util.return` inside them (and inside
    `util.initializer`s); `cf.assert %c, "msg"` becomes
    `%code = arith.select %c, %c0_i32, %c9_i32 : i32` followed by
    `util.status.check_ok %code, "msg"` (9 = FAILED_PRECONDITION).
    `func.func`s inside `flow.executable`, `stream.executable` and
    `hal.executable` are untouched. A body-less `func.func` is left alone
    (`--sluice-verify-input` rejects it).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::sluice::util::UtilDialect",
  ];
}

def AssignCPUDevicePass : Pass<"sluice-assign-cpu-device", "mlir::ModuleOp"> {
  let summary = "Binds every device global to the Sluice CPU target";
  let description = [{
    execution.md §2.2 step 6:

    * a module without a `!hal.device` global gets `util.global private
      @__device_0 = #hal.device.target<"local", [<target>]> : !hal.device`
      at its top;
    * every `!hal.device` global's initial value becomes a
      `#hal.device.target` whose executable-target list is exactly
      `[<target>]` (the device id and configuration of an existing
      `#hal.device.target` are kept; any other or missing initial value
      becomes `#hal.device.target<"local", [<target>]>`);
    * when the module has no `stream.affinity.default` and exactly one
      device global `@d`, `stream.affinity.default =
      #hal.device.affinity<@d>` is set on the module.

    `<target>` is the sluice-native executable target of §5.1 built from
    the `cpu` option (`--sluice-cpu`): `#hal.executable.target<"llvm-cpu",
    "sluice-native", {cpu = <resolved CPU>, cpu_features = <LLVM's feature
    list of that CPU, sorted, comma-separated>, native_vector_size = 64 with
    AVX-512F, 32 with AVX, else 16, target_triple =
    "x86_64-unknown-linux-gnu"}>`. A non-x86-64 CPU: «sluice-compile targets
    x86-64 only; '<cpu>' is not an x86-64 CPU» (on the module).
  }];
  let options = [
    Option<"cpu", "cpu", "std::string", "\"x86-64-v3\"",
           "Target CPU (--sluice-cpu): x86-64-v3, x86-64-v2, host or an "
           "LLVM x86-64 CPU name.">,
  ];
  let dependentDialects = [
    "::sluice::hal::HALDialect",
    "::sluice::util::UtilDialect",
  ];
}

def VerifyFlowLevelPass : Pass<"sluice-verify-flow-level", "mlir::ModuleOp"> {
  let summary = "Rejects form-B ops that need dispatch formation (not built yet)";
  let description = [{
    [SLUICE, temporary] Stands in for execution.md §2.2 steps 7–10 (linalg
    preprocessing, constant hoisting, dispatch formation, tensor→flow), which
    are not built yet: `--sluice-input-pipeline` runs it where those steps
    go, so that a form-B program fails in phase input with a clear message
    instead of an illegal-op error deep in phase stream. Outside
    `flow.executable`, `stream.executable` and `hal.executable`, every
    `linalg` op, every `tensor` op except `tensor.dim` (which phase stream
    resolves), and every `arith` / `math` op other than `arith.constant`
    with a tensor-typed operand or result is reported: «'<op>' op needs
    dispatch formation (execution.md §2.2 steps 7-10), which this build of
    Sluice does not have yet; write the program at the flow level
    (flow.dispatch of a flow.executable)». Every such op is reported; the
    contents of a reported op are not inspected. Read-only. Removed when
    `--sluice-form-dispatches` lands (milestone Step 3).
  }];
}

#endif // SLUICE_INPUT_PASSES
