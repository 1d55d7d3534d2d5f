// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(hal.executable(hal.executable.variant(sluice-cpu-resolve-workgroup-count)))' %s | FileCheck %s
// REQUIRES: sluice-opt

// Dispatches that are not distributed run one workgroup: the placeholder
// becomes (1, 1, 1) whatever its operands; exports without a count region
// are left alone.
hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    // CHECK: hal.executable.export public @counted
    // CHECK-SAME: count(%{{.+}}: !hal.device, %{{.+}}: index) -> (index, index, index) {
    // CHECK-NEXT: %[[ONE:.+]] = arith.constant 1 : index
    // CHECK-NEXT: hal.return %[[ONE]], %[[ONE]], %[[ONE]] : index, index, index
    hal.executable.export public @counted ordinal(0) layout(#hal.pipeline.layout<bindings = []>) count(%device: !hal.device, %n: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
      hal.return %x, %y, %z : index, index, index
    }
    // CHECK: hal.executable.export public @plain ordinal(1) layout(#{{.+}}){{$}}
    hal.executable.export public @plain ordinal(1) layout(#hal.pipeline.layout<bindings = []>)
  }
}

// -----

// Counts computed by tile-and-distribute (the ops marked
// sluice_cpu.workgroup_count = d): the backward slice is cloned into the
// count region, workload ordinal k becoming region argument k + 1, and
// lowered to arith; a dimension without a marker counts 1. The markers are
// removed from the function.
#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    // CHECK-LABEL: hal.executable.export public @dyn
    // CHECK-SAME: count(%{{.+}}: !hal.device, %[[N:.+]]: index)
    // CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
    // CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
    // CHECK: arith.divsi %{{.+}}, %[[C64]] : index
    // CHECK: %[[X:.+]] = arith.select
    // CHECK: hal.return %[[C1]], %[[X]], %[[C1]] : index, index, index
    hal.executable.export public @dyn ordinal(0) layout(#layout) count(%device: !hal.device, %n: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
      hal.return %x, %y, %z : index, index, index
    }
    // CHECK-LABEL: hal.executable.export public @static
    // CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
    // CHECK-DAG: %[[C3:.+]] = arith.constant 3 : index
    // CHECK: hal.return %[[C3]], %[[C1]], %[[C1]] : index, index, index
    hal.executable.export public @static ordinal(1) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      hal.return %x, %y, %z : index, index, index
    }
    builtin.module {
      // CHECK-LABEL: func.func @dyn
      // CHECK-NOT: sluice_cpu.workgroup_count
      // CHECK: return
      func.func @dyn() {
        %c0 = arith.constant 0 : index
        %n0 = hal.interface.constant.load layout(#layout) ordinal(0) : index
        %n = iree_tensor_ext.dispatch.workload.ordinal %n0, 0 : index
        %count = affine.apply affine_map<()[s0, s1] -> ((s1 - s0) ceildiv 64)>()[%c0, %n] {sluice_cpu.workgroup_count = 1 : index}
        return
      }
      func.func @static() {
        %c0 = arith.constant 0 : index
        %c130 = arith.constant 130 : index
        %count = affine.apply affine_map<()[s0, s1] -> ((s1 - s0) ceildiv 64)>()[%c0, %c130] {sluice_cpu.workgroup_count = 0 : index}
        return
      }
    }
  }
}
