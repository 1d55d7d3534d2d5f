// RUN: sluice-opt --canonicalize --cse %s | FileCheck %s
// REQUIRES: sluice-opt

// io_parameters ops declare no memory effects, so MLIR treats them as having
// unknown effects: identical ops are not CSE'd and unused ones are not erased.

// CHECK-LABEL: util.func public @not_cse_or_dce
util.func public @not_cse_or_dce(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %length: index, %target: !hal.buffer, %toff: index) {
  %mem = hal.memory_type<HostVisible> : i32
  %use = hal.buffer_usage<TransferSource> : i32
  // CHECK: io_parameters.load
  // CHECK: io_parameters.load
  %0 = io_parameters.load<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) type(%mem) usage(%use) {
    %key[%offset] : !hal.buffer{%length}
  }
  %1 = io_parameters.load<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) type(%mem) usage(%use) {
    %key[%offset] : !hal.buffer{%length}
  }
  // CHECK: io_parameters.gather
  // CHECK: io_parameters.gather
  io_parameters.gather<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) {
    %key[%offset] -> %target[%toff for %length] : !hal.buffer
  }
  io_parameters.gather<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) {
    %key[%offset] -> %target[%toff for %length] : !hal.buffer
  }
  // CHECK: io_parameters.scatter
  io_parameters.scatter<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) {
    %target[%toff for %length] : !hal.buffer -> %key[%offset]
  }
  util.return
}
