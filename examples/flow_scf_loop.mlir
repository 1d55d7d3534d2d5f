// An iterative program at the flow level: an scf.for loop applies one dispatch per step to the tensor it
// carries, with the step count given at run time. scripts/run-example.sh runs the stream pipeline on it.

flow.executable private @ex {
  flow.executable.export public @step workgroups(%n: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
    flow.return %x, %y, %z : index, index, index
  }
}

util.func public @iterate(%view: !hal.buffer_view, %steps: index) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %init = hal.tensor.import %view "state" : !hal.buffer_view -> tensor<256xf32>
  %final = scf.for %i = %c0 to %steps step %c1 iter_args(%t = %init) -> (tensor<256xf32>) {
    %next = flow.dispatch @ex::@step[%c256](%t) : (tensor<256xf32>) -> tensor<256xf32>
    scf.yield %next : tensor<256xf32>
  }
  %out = hal.tensor.export %final "state" : tensor<256xf32> -> !hal.buffer_view
  util.return %out : !hal.buffer_view
}
