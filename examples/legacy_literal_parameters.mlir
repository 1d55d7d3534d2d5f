// IR written before parameter scopes and keys became SSA values: references
// are string literals. Sluice still reads, verifies and prints it, and
// `--sluice-io-materialize-parameter-literals` rewrites it to the SSA form.

util.func public @load_legacy(%device: !hal.device, %wait: !hal.fence, %signal: !hal.fence) -> !hal.buffer {
  %affinity = arith.constant -1 : i64
  %offset = arith.constant 0 : i64
  %length = arith.constant 64 : index
  %memory_type = hal.memory_type<HostVisible> : i32
  %buffer_usage = hal.buffer_usage<Transfer> : i32
  %weight = io_parameters.load<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) type(%memory_type) usage(%buffer_usage) {
    "model"::"layer0.weight"[%offset] : !hal.buffer{%length}
  }
  util.return %weight : !hal.buffer
}
