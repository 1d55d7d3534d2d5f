// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-verify-input %s --verify-diagnostics | FileCheck %s
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-verify-input)' %s --verify-diagnostics | FileCheck %s

// A public dispatch function returning a value cannot become a stream
// executable function: the specific error and the generic one are both
// reported on the executable.

// expected-error @+2 {{cannot be converted to stream because it contains public functions with a result}}
// expected-error @+1 {{illegal for this phase of lowering in the stream dialect; expected to have been converted or removed}}
flow.executable private @executable {
  flow.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>) -> index {
      %c0 = arith.constant 0 : index
      return %c0 : index
    }
  }
}

// -----

// Private functions with results are fine, and so is everything in a flow
// program that the conversion handles.

// CHECK-LABEL: flow.executable private @private_results
flow.executable private @private_results {
  flow.executable.export public @dispatch
  builtin.module {
    func.func private @helper() -> index {
      %c0 = arith.constant 0 : index
      return %c0 : index
    }
    func.func @dispatch(%arg0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>) {
      %0 = func.call @helper() : () -> index
      return
    }
  }
}
// CHECK-LABEL: util.func public @flow_program
util.func public @flow_program(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = flow.dispatch @private_results::@dispatch(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  util.return %0 : tensor<4xf32>
}

// -----

// An executable without an inner module has nothing to check.

// CHECK-LABEL: flow.executable private @no_module
flow.executable private @no_module {
  flow.executable.export public @dispatch
}

// -----

// Indirect global access cannot be converted; every occurrence is reported
// (the walk does not stop at the first error).

util.global private mutable @global : tensor<4xf32>
util.func public @indirect(%value: tensor<4xf32>) {
  // expected-error @+1 {{'util.global.address' op illegal for this phase of lowering in the stream dialect; expected to have been converted or removed}}
  %ptr = util.global.address @global : !util.ptr<tensor<4xf32>>
  // expected-error @+1 {{'util.global.load.indirect' op illegal for this phase of lowering in the stream dialect}}
  %0 = util.global.load.indirect %ptr : !util.ptr<tensor<4xf32>> -> tensor<4xf32>
  // expected-error @+1 {{'util.global.store.indirect' op illegal for this phase of lowering in the stream dialect}}
  util.global.store.indirect %value, %ptr : tensor<4xf32> -> !util.ptr<tensor<4xf32>>
  util.return
}

// -----

// hal.executable bodies are not inspected, even when they contain ops that
// would be illegal elsewhere.

// CHECK-LABEL: hal.executable private @hal_executable
hal.executable private @hal_executable {
  hal.executable.variant public @variant target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    builtin.module {
      util.global private mutable @global : i32
      util.func private @f() {
        %ptr = util.global.address @global : !util.ptr<i32>
        util.return
      }
    }
  }
}

// -----

// Shapes that must not trip the walk: empty and multi-block regions,
// unreachable blocks and self-loops.

// CHECK-LABEL: util.func private @empty_decl
util.func private @empty_decl(%arg0: tensor<4xf32>) -> tensor<4xf32>
// CHECK-LABEL: util.func public @blocks
util.func public @blocks(%arg0: i1, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg1 : tensor<4xf32>)
^bb1:
  cf.br ^bb1
^bb2(%t: tensor<4xf32>):
  util.return %t : tensor<4xf32>
^bb3:
  util.return %arg1 : tensor<4xf32>
}

// -----

// Illegal ops in unreachable blocks are reported too.

util.global private mutable @g : tensor<4xf32>
util.func public @unreachable_block(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  util.return %arg0 : tensor<4xf32>
^bb1:
  // expected-error @+1 {{'util.global.address' op illegal for this phase of lowering in the stream dialect}}
  %ptr = util.global.address @g : !util.ptr<tensor<4xf32>>
  util.return %arg0 : tensor<4xf32>
}
