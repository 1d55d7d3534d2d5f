// RUN: sluice-opt %s | sluice-opt | FileCheck %s
// RUN: sluice-opt --mlir-print-local-scope %s | FileCheck %s --check-prefix=LOCAL
// REQUIRES: sluice-opt

// A module shaped like real ABI IR: device globals with target initial values,
// affinities on scopes and ops, a topology, and the tensor ABI ops.

// CHECK-DAG: #executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
// CHECK-DAG: #device_target_local = #hal.device.target<"local", [#executable_target_vmvx_bytecode_fb]> : !hal.device
// CHECK-DAG: #device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}> : !hal.device
// CHECK: util.global private @device_a = #device_target_local
// CHECK: util.global private @dev_c = #device_target_local_0_
// CHECK: hal.tensor.import on(#hal.device.affinity<@device_a>) wait(%arg1) => %arg0 "input0" : !hal.buffer_view -> tensor<?xf32>{%0}
// CHECK: hal.tensor.export on(#hal.device.affinity<@device_b, [0, 1]>) %2 "output0" : tensor<?xf32>{%0} -> !hal.buffer_view
// LOCAL: util.global private @device_a = #hal.device.target<"local", [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
// LOCAL: util.global private @dev_c = #hal.device.target<"local", {ordinal = 0 : index}> : !hal.device

#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#device_target_local = #hal.device.target<"local", [#executable_target_vmvx_bytecode_fb]> : !hal.device
module attributes {stream.affinity.default = #hal.device.affinity<@device_a>, stream.topology = #hal.device.topology<links = [(@device_a -> @device_b = {})]>} {
  util.global private @device_a = #device_target_local
  util.global private @device_b : !hal.device
  util.global private @dev_c = #hal.device.target<"local", {ordinal = 0 : index}> : !hal.device
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.fence, %arg2: !hal.fence) -> !hal.buffer_view attributes {stream.affinity = #hal.device.optimal<[#hal.device.affinity<@device_a>, #hal.device.affinity<@device_b>]>} {
    %0 = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index
    %1 = hal.tensor.import on(#hal.device.affinity<@device_a>) wait(%arg1) => %arg0 "input0" : !hal.buffer_view -> tensor<?xf32>{%0}
    %2:1 = hal.tensor.barrier join(%1 : tensor<?xf32>) => %arg2 : !hal.fence
    %3 = hal.tensor.export on(#hal.device.affinity<@device_b, [0, 1]>) %2#0 "output0" : tensor<?xf32>{%0} -> !hal.buffer_view
    util.return %3 : !hal.buffer_view
  }
}
