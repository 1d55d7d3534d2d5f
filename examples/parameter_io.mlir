// Loading, gathering and scattering model weights with the io_parameters ops.
// `scripts/run-example.sh` verifies this file, prints it, re-parses the print
// and checks that printing is a fixed point.

util.func public @load_weights(%device: !hal.device, %wait: !hal.fence, %signal: !hal.fence, %scope: !util.buffer, %key0: !util.buffer, %key1: !util.buffer) -> (!hal.buffer, !hal.buffer) {
  %affinity = arith.constant -1 : i64
  %offset0 = arith.constant 0 : i64
  %offset1 = arith.constant 4096 : i64
  %length0 = arith.constant 4096 : index
  %length1 = arith.constant 1024 : index
  %memory_type = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  %buffer_usage = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|SharingImmutable"> : i32
  %weights:2 = io_parameters.load<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) type(%memory_type) usage(%buffer_usage) {
    %scope::%key0[%offset0] : !hal.buffer{%length0},
    %scope::%key1[%offset1] : !hal.buffer{%length1}
  }
  util.return %weights#0, %weights#1 : !hal.buffer, !hal.buffer
}

util.func public @gather_then_scatter(%device: !hal.device, %wait: !hal.fence, %mid: !hal.fence, %signal: !hal.fence, %key0: !util.buffer, %key1: !util.buffer, %staging: !hal.buffer) {
  %affinity = arith.constant -1 : i64
  %zero = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  io_parameters.gather<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%mid) {
    %key0[%zero] -> %staging[%c0 for %c256] : !hal.buffer,
    %key1[%zero] -> %staging[%c256 for %c256] : !hal.buffer
  }
  io_parameters.scatter<%device : !hal.device> affinity(%affinity) wait(%mid) signal(%signal) {
    %staging[%c0 for %c512] : !hal.buffer -> %key0[%zero]
  }
  util.return
}
