// RUN: sluice-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(hal.executable(hal.executable.variant(sluice-cpu-resolve-workgroup-count)))' %s
// REQUIRES: sluice-opt

// A count whose slice reaches a value that is not a workload ordinal (here a
// constant load without an ordinal) cannot be computed on the host.
#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    // expected-error @+1 {{workgroup count of 'f' depends on a value that is not a workload ordinal}}
    hal.executable.export public @f ordinal(0) layout(#layout) count(%device: !hal.device, %n: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
      hal.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @f() {
        %c0 = arith.constant 0 : index
        %n = hal.interface.constant.load layout(#layout) ordinal(0) : index
        %count = affine.apply affine_map<()[s0, s1] -> ((s1 - s0) ceildiv 64)>()[%c0, %n] {sluice_cpu.workgroup_count = 0 : index}
        return
      }
    }
  }
}

// -----

// Workload ordinal 1 with one workload operand.
#layout = #hal.pipeline.layout<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    // expected-error @+1 {{workgroup count of 'g' uses workload ordinal 1 but the count region has 1 workload operands}}
    hal.executable.export public @g ordinal(0) layout(#layout) count(%device: !hal.device, %n: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
      hal.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @g() {
        %n0 = hal.interface.constant.load layout(#layout) ordinal(1) : index
        %n = iree_tensor_ext.dispatch.workload.ordinal %n0, 1 : index
        %count = affine.apply affine_map<()[s0] -> (s0 ceildiv 64)>()[%n] {sluice_cpu.workgroup_count = 0 : index}
        return
      }
    }
  }
}
