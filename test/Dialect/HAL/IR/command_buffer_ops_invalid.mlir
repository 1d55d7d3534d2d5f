// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @dispatch_binding_fields(%cmd: !hal.command_buffer, %exe: !hal.executable, %fn: i64, %buffer: !hal.buffer, %c1: index) {
  // expected-error @+1 {{'hal.command_buffer.dispatch' op requires that binding fields all have the same number of elements}}
  "hal.command_buffer.dispatch"(%cmd, %exe, %fn, %c1, %c1, %c1, %buffer, %c1, %c1, %c1) <{flags = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 1, 1, 2>}> : (!hal.command_buffer, !hal.executable, i64, index, index, index, !hal.buffer, index, index, index) -> ()
  util.return
}

// -----

util.func public @dispatch_no_bindings(%cmd: !hal.command_buffer, %exe: !hal.executable, %fn: i64, %c1: index) {
  // expected-error @+1 {{expected '('}}
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%fn] workgroups([%c1, %c1, %c1]) bindings([]) flags("None")
  util.return
}

// -----

util.func public @create_mode(%device: !hal.device, %affinity: i64) {
  // expected-error @+1 {{invalid modes attribute specification: "Twice"}}
  %0 = hal.command_buffer.create device(%device : !hal.device) mode(Twice) categories(Transfer) affinity(%affinity) : !hal.command_buffer
  util.return
}

// -----

util.func public @barrier_stage(%cmd: !hal.command_buffer) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'stage_mask' [None, CommandIssue, CommandProcess, Dispatch, Transfer, CommandRetire, Host]}}
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source(4) target(Host) flags("None")
  util.return
}

// -----

util.func public @fill_pattern(%cmd: !hal.command_buffer, %buffer: !hal.buffer, %c0: index, %p: i64) {
  // expected-error @+1 {{'hal.command_buffer.fill_buffer' op operand #4 must be}}
  hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%buffer : !hal.buffer)[%c0, %c0] pattern(%p : i64) flags("None")
  util.return
}

// -----

util.func public @collective_kind(%cmd: !hal.command_buffer, %channel: !hal.channel, %c16: index) {
  // expected-error @+1 {{expected one of [all_gather, all_reduce, all_to_all, broadcast, reduce, reduce_scatter, send, recv, send_recv] for kind, got: scatter}}
  hal.command_buffer.collective<%cmd : !hal.command_buffer> channel(%channel : !hal.channel) op(<scatter : si8>) count(%c16)
  util.return
}

// -----

util.func public @collective_partial_send(%cmd: !hal.command_buffer, %channel: !hal.channel, %buffer: !hal.buffer, %c0: index, %c16: index) {
  // expected-error @+1 {{'hal.command_buffer.collective' op send buffer, offset and length must all be present or all be absent}}
  "hal.command_buffer.collective"(%cmd, %channel, %buffer, %c0, %c16) <{op = #hal.collective<all_reduce with sum : si8>, operandSegmentSizes = array<i32: 1, 1, 0, 1, 1, 0, 0, 0, 0, 1>}> : (!hal.command_buffer, !hal.channel, !hal.buffer, index, index) -> ()
  util.return
}

// -----

util.func public @collective_partial_recv(%cmd: !hal.command_buffer, %channel: !hal.channel, %buffer: !hal.buffer, %c0: index, %c16: index) {
  // expected-error @+1 {{'hal.command_buffer.collective' op recv buffer, offset and length must all be present or all be absent}}
  "hal.command_buffer.collective"(%cmd, %channel, %buffer, %c16, %c16) <{op = #hal.collective<all_reduce with sum : si8>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 1, 0, 1, 1>}> : (!hal.command_buffer, !hal.channel, !hal.buffer, index, index) -> ()
  util.return
}
