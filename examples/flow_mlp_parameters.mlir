// A two-layer MLP as a user brings it at the flow level: the weights and biases are parameters read from
// an archive (scope "model"), the input comes in as a buffer view and the result goes out as one.
// scripts/run-example.sh runs the stream pipeline on it.

util.global private @w1 = #flow.parameter.named<"model"::"layer1.weight"> : tensor<64x128xf32>
util.global private @b1 = #flow.parameter.named<"model"::"layer1.bias"> : tensor<128xf32>
util.global private @w2 = #flow.parameter.named<"model"::"layer2.weight"> : tensor<128x16xf32>
util.global private @b2 = #flow.parameter.named<"model"::"layer2.bias"> : tensor<16xf32>

flow.executable private @mlp {
  flow.executable.export public @matmul_bias_relu workgroups(%n: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
    flow.return %x, %y, %z : index, index, index
  }
  flow.executable.export public @matmul_bias workgroups(%n: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
    flow.return %x, %y, %z : index, index, index
  }
}

util.func public @predict(%input: !hal.buffer_view) -> !hal.buffer_view {
  %c128 = arith.constant 128 : index
  %c16 = arith.constant 16 : index
  %x = hal.tensor.import %input "input" : !hal.buffer_view -> tensor<8x64xf32>
  %w1 = util.global.load @w1 : tensor<64x128xf32>
  %b1 = util.global.load @b1 : tensor<128xf32>
  %w2 = util.global.load @w2 : tensor<128x16xf32>
  %b2 = util.global.load @b2 : tensor<16xf32>
  %h = flow.dispatch @mlp::@matmul_bias_relu[%c128](%x, %w1, %b1) : (tensor<8x64xf32>, tensor<64x128xf32>, tensor<128xf32>) -> tensor<8x128xf32>
  %y = flow.dispatch @mlp::@matmul_bias[%c16](%h, %w2, %b2) : (tensor<8x128xf32>, tensor<128x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %out = hal.tensor.export %y "output" : tensor<8x16xf32> -> !hal.buffer_view
  util.return %out : !hal.buffer_view
}
