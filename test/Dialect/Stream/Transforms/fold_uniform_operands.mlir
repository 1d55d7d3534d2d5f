// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-fold-uniform-operands %s | FileCheck %s

// stream-passes-2.md §12.5.

// Without an inner module nothing changes (workload not deduplicated).
// CHECK-LABEL: @extern
stream.executable private @extern {
  // CHECK: stream.executable.export public @dispatch workgroups(%arg0: index, %arg1: index)
  stream.executable.export public @dispatch workgroups(%x: index, %y: index) -> (index, index, index) {
    stream.return %x, %y, %y : index, index, index
  }
}
// CHECK-LABEL: @externSite
util.func public @externSite(%a: index) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %rsz = arith.constant 9999 : index
  %rbuf = stream.resource.alloc uninitialized : !stream.resource<transient>{%rsz}
  %0 = stream.cmd.execute with(%rbuf as %rb: !stream.resource<transient>{%rsz}) {
    // CHECK: stream.cmd.dispatch @extern::@dispatch[%arg0, %arg0](%c1, %c1 : index, index)
    stream.cmd.dispatch @extern::@dispatch[%a, %a](%c1, %c1 : index, index) {
      rw %rb[%rsz for %rsz] : !stream.resource<transient>{%rsz}
    }
  } => !stream.timepoint
  util.return
}

// -----

// Operands duplicated at every site merge; a pair duplicated at only one
// site stays; a uniform constant is inlined.
stream.executable private @ex {
  stream.executable.export public @dispatch
  builtin.module {
    // CHECK: util.func public @dispatch(%[[BINDING:[^:]+]]: !stream.binding, %[[A:[^:]+]]: i32, %[[B:[^:]+]]: index, %[[D:[^:]+]]: index)
    util.func public @dispatch(%binding: !stream.binding, %a: i32, %b: index, %c: i32, %d: index, %e: index) {
      // CHECK-NEXT: %[[C20:.+]] = arith.constant 20 : index
      // CHECK-NEXT: util.optimization_barrier %[[A]], %[[B]], %[[A]], %[[D]], %[[C20]]
      util.optimization_barrier %a, %b, %c, %d, %e : i32, index, i32, index, index
      util.return
    }
  }
}
// CHECK-LABEL: @sites
util.func public @sites(%x: i32, %y: i32, %i: index, %j: index) {
  %c0 = arith.constant 0 : index
  %c20 = arith.constant 20 : index
  %c20b = arith.constant 20 : index
  %c128 = arith.constant 128 : index
  %0 = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  %1 = stream.cmd.execute with(%0 as %r: !stream.resource<transient>{%c128}) {
    // CHECK: stream.cmd.dispatch @ex::@dispatch(%arg0, %arg2, %arg2 : i32, index, index)
    stream.cmd.dispatch @ex::@dispatch(%x, %i, %x, %i, %c20 : i32, index, i32, index, index) {
      rw %r[%c0 for %c128] : !stream.resource<transient>{%c128}
    }
    // CHECK: stream.cmd.dispatch @ex::@dispatch(%arg1, %arg3, %arg2 : i32, index, index)
    stream.cmd.dispatch @ex::@dispatch(%y, %j, %y, %i, %c20b : i32, index, i32, index, index) {
      rw %r[%c0 for %c128] : !stream.resource<transient>{%c128}
    }
  } => !stream.timepoint
  util.return
}

// -----

// Duplicate workloads merge; ordinals are renumbered and a dropped ordinal
// takes its twin's new ordinal ([QUIRK FU1] fixed).
stream.executable private @wl {
  // CHECK: stream.executable.export public @dispatch workgroups(%[[X:[^:]+]]: index, %[[Y:[^:]+]]: index)
  stream.executable.export public @dispatch workgroups(%x: index, %y: index, %z: index) -> (index, index, index) {
    // CHECK-NEXT: stream.return %[[X]], %[[Y]], %[[Y]]
    stream.return %x, %y, %z : index, index, index
  }
  builtin.module {
    util.func public @dispatch(%a: index, %b: index, %c: index, %rbinding: !stream.binding) {
      // CHECK: iree_tensor_ext.dispatch.workload.ordinal %{{.+}}, 0 : index
      %0 = iree_tensor_ext.dispatch.workload.ordinal %a, 0 : index
      // CHECK: iree_tensor_ext.dispatch.workload.ordinal %{{.+}}, 1 : index
      %1 = iree_tensor_ext.dispatch.workload.ordinal %b, 1 : index
      // CHECK: iree_tensor_ext.dispatch.workload.ordinal %{{.+}}, 1 : index
      %2 = iree_tensor_ext.dispatch.workload.ordinal %c, 2 : index
      util.optimization_barrier %0, %1, %2 : index, index, index
      util.return
    }
  }
}
// CHECK-LABEL: @workloads
util.func public @workloads(%x: index, %y: index, %a: index, %b: index, %c: index) {
  %rsz = arith.constant 9999 : index
  %rbuf = stream.resource.alloc uninitialized : !stream.resource<transient>{%rsz}
  %0 = stream.cmd.execute with(%rbuf as %rb: !stream.resource<transient>{%rsz}) {
    // CHECK: stream.cmd.dispatch @wl::@dispatch[%arg0, %arg1]
    stream.cmd.dispatch @wl::@dispatch[%x, %y, %y](%a, %b, %c : index, index, index) {
      rw %rb[%rsz for %rsz] : !stream.resource<transient>{%rsz}
    }
    // CHECK: stream.cmd.dispatch @wl::@dispatch[%arg1, %arg0]
    stream.cmd.dispatch @wl::@dispatch[%y, %x, %x](%a, %b, %c : index, index, index) {
      rw %rb[%rsz for %rsz] : !stream.resource<transient>{%rsz}
    }
  } => !stream.timepoint
  util.return
}
