//===- Passes.td - vm passes -------------------------------*- tablegen -*-===//
//
// Each pass is implemented in lib/Dialect/VM/Transforms/<PassName>.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_VM_TRANSFORMS_PASSES
#define SLUICE_DIALECT_VM_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def ConversionPass : Pass<"iree-vm-conversion", "mlir::ModuleOp"> {
  let summary = "Converts host programs to vm modules";
  let description = [{
    support-dialects.md §5.6, io-parameters.md §11.

    1. Nesting: unless the module starts with a `vm.module` or a nested
       `builtin.module`, its body moves into an inner `builtin.module` named
       like it (`iree.reflection` moves along); the outer module is marked
       `vm.toplevel`. A module that starts with a `vm.module` is left alone.
    2. Imports: for every dialect with a VM-conversion hook that one of the
       module's ops belongs to (or names in a `vm.import.module` attribute),
       in namespace order, the hook's import module is appended (each import
       becomes a private `<module>.<name>`) before the module's last op.
    3. Each inner module becomes `vm.module @<name, or "module">` and its
       contents are converted: `index` to `i<index-bits>`, narrow integers
       and floats to i32, `!util.buffer` to `!vm.buffer`, lists, objects,
       variants, vectors and hal types to refs; util functions, calls,
       returns, buffer constants, nulls, assumptions and barriers, integer
       `arith.constant`s, and every hook's ops (`hal` constants,
       `io_parameters` load/gather/scatter as calls of the `io_parameters`
       runtime module). Any op left unconverted fails the pass.

    The global flag `--iree-vm-target-index-bits` is accepted for
    compatibility and sets the compiler's VM target; like the reference,
    the standalone pass reads only its own `index-bits` option.
  }];
  let options = [
    Option<"indexBits", "index-bits", "unsigned", /*default=*/"64",
           "Target size of `index` when converted to an integer in bits.">,
  ];
  // io_parameters is loaded so that `vm.import.module = "io_parameters"`
  // names a loaded dialect even when no io_parameters op is present.
  let dependentDialects = [
    "::sluice::io_parameters::IOParametersDialect",
    "::sluice::vm::VMDialect",
  ];
}

#endif // SLUICE_DIALECT_VM_TRANSFORMS_PASSES
