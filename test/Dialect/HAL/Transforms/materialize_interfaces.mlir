// RUN: sluice-opt --split-input-file --iree-hal-materialize-interfaces --verify-diagnostics %s | FileCheck %s
// REQUIRES: sluice-opt

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
util.global private @device = #hal.device.target<"local", [#executable_target]> : !hal.device

// One variant per executable target; exports get ordinals and layouts (both
// bindings are recorded from a function argument in a reusable execute, so
// both are Indirect; binding 0 is only read); the count region takes the
// device; the function reads the interface.
// CHECK: #[[LAYOUT:.+]] = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
// CHECK-LABEL: hal.executable private @ex
//       CHECK: hal.executable.variant public @sluice_native target(#executable_target_sluice_native) {
//  CHECK-NEXT:   hal.executable.export public @dispatch ordinal(0) layout(#[[LAYOUT]]) count(%[[DEVICE:.+]]: !hal.device, %[[X:.+]]: index) -> (index, index, index) {
//  CHECK-NEXT:     %[[C1:.+]] = arith.constant 1 : index
//  CHECK-NEXT:     hal.return %[[X]], %[[C1]], %[[C1]] : index, index, index
//  CHECK-NEXT:   }
//  CHECK-NEXT:   builtin.module {
//  CHECK-NEXT:     func.func @dispatch() {
//   CHECK-DAG:       %[[CST:.+]] = hal.interface.constant.load layout(#[[LAYOUT]]) ordinal(0) alignment(16) : i32
//   CHECK-DAG:       %[[C0:.+]] = arith.constant 0 : index
//       CHECK:       hal.interface.binding.subspan layout(#[[LAYOUT]]) binding(0) alignment(64) offset(%[[C0]]) flags("ReadOnly|Indirect") : memref<4xf32>
//       CHECK:       hal.interface.binding.subspan layout(#[[LAYOUT]]) binding(1) offset(%[[C0]]) flags(Indirect) : memref<4xf32>
//       CHECK:       hal.interface.workgroup.id[0] : index
//       CHECK:       hal.interface.workgroup.count[1] : index
//       CHECK:       hal.interface.workgroup.size[2] : index
stream.executable private @ex {
  stream.executable.export public @dispatch workgroups(%x: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %x, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: i32 {stream.alignment = 16 : index}, %arg2: !stream.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> memref<4xf32>
      %1 = stream.binding.subspan %arg2[%c0] : !stream.binding -> memref<4xf32>
      %id = stream.dispatch.workgroup.id[0] : index
      %count = stream.dispatch.workgroup.count[1] : index
      %size = stream.dispatch.workgroup.size[2] : index
      %v = memref.load %0[%id] : memref<4xf32>
      memref.store %v, %1[%count] : memref<4xf32>
      return
    }
  }
}

// The entry point names the variant.
// CHECK-LABEL: util.func public @dispatch
util.func public @dispatch(%arg0: !stream.resource<transient>, %arg1: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@device>) with(%arg0 as %arg2: !stream.resource<transient>{%c16}) {
    // CHECK: stream.cmd.dispatch @ex::@sluice_native::@dispatch[%c4]
    stream.cmd.dispatch @ex::@dispatch[%c4](%arg1 : i32) {
      ro %arg2[%c0 for %c16] : !stream.resource<transient>{%c16},
      wo %arg2[%c0 for %c16] : !stream.resource<transient>{%c16}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
util.global private @device = #hal.device.target<"local", [#executable_target]> : !hal.device

// [SLUICE] ReadOnly only when every site reads: here one site writes binding
// 0. Sites in `once` executes are not indirect.
// CHECK: #[[LAYOUT:.+]] = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
// CHECK: hal.executable.export public @dispatch ordinal(0) layout(#[[LAYOUT]])
stream.executable private @ex {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding) {
      return
    }
  }
}

util.func public @twoSites(%arg0: !stream.resource<transient>) -> (!stream.timepoint, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %0 = stream.cmd.execute once on(#hal.device.affinity<@device>) with(%arg0 as %arg1: !stream.resource<transient>{%c16}) {
    stream.cmd.dispatch @ex::@dispatch {
      ro %arg1[%c0 for %c16] : !stream.resource<transient>{%c16},
      wo %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
    }
  } => !stream.timepoint
  %1 = stream.cmd.execute once on(#hal.device.affinity<@device>) with(%arg0 as %arg1: !stream.resource<transient>{%c16}) {
    stream.cmd.dispatch @ex::@dispatch {
      rw %arg1[%c0 for %c16] : !stream.resource<transient>{%c16},
      wo %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
    }
  } => !stream.timepoint
  util.return %0, %1 : !stream.timepoint, !stream.timepoint
}

// -----

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
util.global private @device = #hal.device.target<"local", [#executable_target]> : !hal.device

stream.executable private @ex {
  // expected-error @+1 {{'stream.executable.export' op unsupported interface function argument 1 type 'f32'; requires !stream.binding or i32 operands only}}
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: f32) {
      return
    }
  }
}

util.func public @badArgument(%arg0: !stream.resource<transient>, %arg1: f32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %0 = stream.cmd.execute once on(#hal.device.affinity<@device>) with(%arg0 as %arg2: !stream.resource<transient>{%c16}) {
    stream.cmd.dispatch @ex::@dispatch(%arg1 : f32) {
      ro %arg2[%c0 for %c16] : !stream.resource<transient>{%c16}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
