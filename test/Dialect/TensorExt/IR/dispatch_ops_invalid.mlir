// REQUIRES: sluice-opt
// RUN: sluice-opt %s --split-input-file --verify-diagnostics

util.func public @load_missing_dims(%in: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>> -> tensor<2x4xf32>
  util.return
}

// -----

util.func public @load_offsets_rank(%in: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>>) {
  // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2)}}
  %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>> -> tensor<2x4xf32>
  util.return
}

// -----

util.func public @store_to_readonly(%t: tensor<4xf32>, %out: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>) {
  // expected-error @+1 {{operand #1 must be dispatch.tensor}}
  iree_tensor_ext.dispatch.tensor.store %t, %out, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
  util.return
}

// -----

util.func public @store_missing_dims(%t: tensor<4xf32>, %out: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  iree_tensor_ext.dispatch.tensor.store %t, %out, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>
  util.return
}

// -----

util.func public @store_size_mismatch(%t: tensor<3xf32>, %out: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>) {
  // expected-error @+1 {{expected type to be 'tensor<4xf32>' or a rank-reduced version. (size mismatch) }}
  iree_tensor_ext.dispatch.tensor.store %t, %out, offsets = [0], sizes = [4], strides = [1] : tensor<3xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
  util.return
}

// -----

util.func public @store_rank_too_large(%t: tensor<1x4xf32>, %out: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>) {
  // expected-error @+1 {{expected rank to be smaller or equal to the other rank. }}
  iree_tensor_ext.dispatch.tensor.store %t, %out, offsets = [0], sizes = [4], strides = [1] : tensor<1x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
  util.return
}
