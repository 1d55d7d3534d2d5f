// A program split over two devices at the flow level: each half of the work runs on its own device, the
// partial results cross over with flow.tensor.transfer and are combined on device A.
// scripts/run-example.sh runs the stream pipeline on it.

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device

flow.executable private @ex {
  flow.executable.export public @half workgroups(%n: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
    flow.return %x, %y, %z : index, index, index
  }
  flow.executable.export public @combine workgroups(%n: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
    flow.return %x, %y, %z : index, index, index
  }
}

util.func public @split(%view: !hal.buffer_view) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c512 = arith.constant 512 : index
  %in = hal.tensor.import on(#hal.device.affinity<@device_a>) %view "input" : !hal.buffer_view -> tensor<1024xf32>
  %lo = flow.tensor.slice %in[%c0 for %c512] : tensor<1024xf32> -> tensor<512xf32>
  %hi = flow.tensor.slice %in[%c512 for %c512] : tensor<1024xf32> -> tensor<512xf32>
  %hi_b = flow.tensor.transfer %hi : tensor<512xf32> to #hal.device.affinity<@device_b>
  %ra = flow.dispatch @ex::@half[%c512](%lo) {stream.affinity = #hal.device.affinity<@device_a>} : (tensor<512xf32>) -> tensor<512xf32>
  %rb = flow.dispatch @ex::@half[%c512](%hi_b) {stream.affinity = #hal.device.affinity<@device_b>} : (tensor<512xf32>) -> tensor<512xf32>
  %rb_a = flow.tensor.transfer %rb : tensor<512xf32> to #hal.device.affinity<@device_a>
  %sum = flow.dispatch @ex::@combine[%c512](%ra, %rb_a) {stream.affinity = #hal.device.affinity<@device_a>} : (tensor<512xf32>, tensor<512xf32>) -> tensor<512xf32>
  %out = hal.tensor.export on(#hal.device.affinity<@device_a>) %sum "output" : tensor<512xf32> -> !hal.buffer_view
  util.return %out : !hal.buffer_view
}
