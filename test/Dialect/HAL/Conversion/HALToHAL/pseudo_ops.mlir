// RUN: sluice-opt --split-input-file --iree-hal-conversion --allow-unregistered-dialect %s | FileCheck %s
// REQUIRES: sluice-opt

hal.executable private @ex {
  hal.executable.variant public @variant target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    hal.executable.export public @dispatch ordinal(0) layout(#hal.pipeline.layout<bindings = [
      #hal.pipeline.binding<storage_buffer>
    ]>) count(%device: !hal.device, %arg0: index, %arg1: index) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      %0 = affine.apply affine_map<()[s0] -> (s0 ceildiv 4)>()[%arg0]
      hal.return %0, %arg1, %c1 : index, index, index
    } attributes {translation_info = #iree_codegen.translation_info<pipeline = CPUDefault>}
    builtin.module {
      func.func @dispatch() {
        return
      }
    }
  }
}

// The export's count region is inlined with the device and the workload.
// CHECK-LABEL: @calculateWorkgroups
// CHECK-SAME: (%[[DEVICE:.+]]: !hal.device, %[[W0:.+]]: index, %[[W1:.+]]: index)
util.func public @calculateWorkgroups(%device: !hal.device, %workload_0: index, %workload_1: index) -> (index, index, index) {
  // CHECK: %[[C1:.+]] = arith.constant 1 : index
  // CHECK: %[[X:.+]] = affine.apply #map()[%[[W0]]]
  %workgroups:3 = hal.executable.calculate_workgroups device(%device : !hal.device) target(@ex::@variant::@dispatch) workload([%workload_0, %workload_1]) : index, index, index
  // CHECK: util.return %[[X]], %[[W1]], %[[C1]]
  util.return %workgroups#0, %workgroups#1, %workgroups#2 : index, index, index
}

// -----

hal.executable private @ex {
  hal.executable.variant public @variant target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    hal.executable.export public @dispatch ordinal(0) layout(#hal.pipeline.layout<bindings = [
      #hal.pipeline.binding<storage_buffer>
    ]>)
  }
}

// Without a count region: ((w + 1) - 1) / 1 per dimension, constants folded.
// CHECK-LABEL: @calculateWorkgroupsFallback
// CHECK-SAME: (%[[DEVICE:.+]]: !hal.device, %[[W0:.+]]: index)
util.func public @calculateWorkgroupsFallback(%device: !hal.device, %workload_0: index) -> (index, index, index) {
  // CHECK: %[[ONE_A:.+]] = arith.constant 1 : index
  // CHECK: %[[SUM:.+]] = arith.addi %[[W0]], %[[ONE_A]] : index
  // CHECK: %[[ONE_B:.+]] = arith.constant 1 : index
  // CHECK: %[[X:.+]] = arith.subi %[[SUM]], %[[ONE_B]] : index
  %workgroups:3 = hal.executable.calculate_workgroups device(%device : !hal.device) target(@ex::@variant::@dispatch) workload([%workload_0]) : index, index, index
  // CHECK: util.return %[[X]]
  util.return %workgroups#0, %workgroups#1, %workgroups#2 : index, index, index
}
