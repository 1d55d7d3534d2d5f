// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-conversion --verify-diagnostics %s

// Diagnostics of --iree-stream-conversion (stream-passes-1.md §3).

// A dynamically shaped dispatch binding must be tied to its dims; the
// executable then stays illegal.
// expected-error @+1 {{failed to legalize operation 'flow.executable' that was explicitly marked illegal}}
flow.executable private @missing_tie_shape {
  flow.executable.export public @dispatch
  builtin.module {
    // expected-error @+1 {{dynamic dispatch dimensions not properly captured; the must be associated with a flow.dispatch.tie_shape op}}
    func.func @dispatch(%dim: index, %input: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>) {
      %0 = iree_tensor_ext.dispatch.tensor.load %input, offsets = [0], sizes = [%dim], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%dim} -> tensor<?xf32>
      return
    }
  }
}

// -----

// A transfer needs a stream affinity to transfer to.
util.func public @transferToNonAffinity(%input: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{failed to legalize operation 'flow.tensor.transfer' that was explicitly marked illegal}}
  %0 = flow.tensor.transfer %input : tensor<4xi8> to "not_an_affinity"
  util.return %0 : tensor<4xi8>
}

// -----

// Tensor ops outside of executables are illegal; the wrapping cannot make
// them legal.
util.func public @tensorDim(%input: tensor<?xf32>, %dim: index) -> index {
  %c0 = arith.constant 0 : index
  %t = flow.tensor.clone %input : tensor<?xf32>{%dim}
  // expected-error @+1 {{failed to legalize operation 'tensor.dim' that was explicitly marked illegal}}
  %0 = tensor.dim %t, %c0 : tensor<?xf32>
  util.return %0 : index
}

// -----

// A global accessed through its address has no expansion.
util.global private mutable @global : tensor<4xf32>
util.func public @indirect() -> tensor<4xf32> {
  // expected-error @+1 {{failed to legalize operation 'util.global.address' that was explicitly marked illegal}}
  %ptr = util.global.address @global : !util.ptr<tensor<4xf32>>
  %0 = util.global.load.indirect %ptr : !util.ptr<tensor<4xf32>> -> tensor<4xf32>
  util.return %0 : tensor<4xf32>
}
