// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s --strict-whitespace
// REQUIRES: sluice-opt

//      CHECK: stream.executable private @kernels {
// CHECK-NEXT:   stream.executable.export public @scale workgroups(%arg0: index) -> (index, index, index) {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     stream.return %arg0, %c1, %c1 : index, index, index
// CHECK-NEXT:   }
// An export without a region ends with a space (the empty directive's separator).
// CHECK-NEXT:   stream.executable.export public @impl as("entry") {{$}}
stream.executable private @kernels {
  stream.executable.export public @scale workgroups(%n: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %n, %c1, %c1 : index, index, index
  }
  stream.executable.export public @impl as("entry")
  builtin.module {
    func.func @scale(%in: !stream.binding, %out: !stream.binding, %factor: f32) {
      %c0 = arith.constant 0 : index
      // CHECK: %workgroup_id_0 = stream.dispatch.workgroup.id[0] : index
      %wx = stream.dispatch.workgroup.id[0] : index
      // CHECK: %workgroup_count_1 = stream.dispatch.workgroup.count[1] : index
      %gy = stream.dispatch.workgroup.count[1] : index
      // CHECK: %workgroup_size_2 = stream.dispatch.workgroup.size[2] : index
      %sz = stream.dispatch.workgroup.size[2] : index
      // CHECK: stream.binding.subspan %arg0[%c0] : !stream.binding -> tensor<?xf32>{%workgroup_id_0}
      %v = stream.binding.subspan %in[%c0] : !stream.binding -> tensor<?xf32>{%wx}
      // Non-shaped result types get no dim-count check.
      // CHECK: stream.binding.subspan %arg1[%c0] : !stream.binding -> !util.buffer{%workgroup_id_0}
      %w = stream.binding.subspan %out[%c0] : !stream.binding -> !util.buffer{%wx}
      return
    }
  }
}

// -----

// The generic form of an empty executable has its implicit terminator.
// CHECK: stream.executable public @empty {
// CHECK-NEXT: }
"stream.executable"() <{sym_name = "empty"}> ({
  "stream.executable.end"() : () -> ()
}) : () -> ()
