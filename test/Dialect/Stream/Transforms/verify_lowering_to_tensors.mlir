// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-verify-lowering-to-tensors %s --verify-diagnostics | FileCheck %s
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-verify-lowering-to-tensors)' %s --verify-diagnostics | FileCheck %s

// A converted program passes and is unchanged; stream.executable bodies (which
// keep tensor and iree_tensor_ext ops) and hal.executable bodies are skipped.

// CHECK-LABEL: stream.executable private @ex
stream.executable private @ex {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>
      %1 = tensor.empty() : tensor<4xf32>
      %2 = flow.dispatch.workgroup.id[0] : index
      return
    }
  }
}
// CHECK-LABEL: util.func public @converted
util.func public @converted(%arg0: index, %arg1: i32) -> (!stream.resource<*>, index) {
  // CHECK: stream.tensor.splat
  %0 = stream.tensor.splat %arg1 : i32 -> tensor<?xi32>{%arg0} in !stream.resource<*>{%arg0}
  util.return %0, %arg0 : !stream.resource<*>, index
}

// -----

// Every remaining flow, tensor or linalg op is reported, nested or not.

util.func public @unconverted(%arg0: tensor<4xf32>, %arg1: i1) -> tensor<4xf32> {
  // expected-error @+1 {{'flow.tensor.clone' op illegal for this phase of lowering in the stream dialect; expected to have been converted or removed}}
  %0 = flow.tensor.clone %arg0 : tensor<4xf32>
  // expected-error @+1 {{'tensor.empty' op illegal for this phase of lowering in the stream dialect}}
  %1 = tensor.empty() : tensor<4xf32>
  %2 = scf.if %arg1 -> tensor<4xf32> {
    %cst = arith.constant 0.0 : f32
    // expected-error @+1 {{'linalg.fill' op illegal for this phase of lowering in the stream dialect}}
    %f = linalg.fill ins(%cst : f32) outs(%1 : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  } else {
    scf.yield %0 : tensor<4xf32>
  }
  util.return %2 : tensor<4xf32>
}

// -----

// A flow.executable is illegal as a whole: its body is not inspected, so only
// one error is reported.

// expected-error @+1 {{'flow.executable' op illegal for this phase of lowering in the stream dialect}}
flow.executable private @ex {
  flow.executable.export public @dispatch
  builtin.module {
    func.func @dispatch() {
      %0 = flow.dispatch.workgroup.id[0] : index
      return
    }
  }
}
