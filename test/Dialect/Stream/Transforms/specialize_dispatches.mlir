// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-specialize-dispatches %s | FileCheck %s

// stream-passes-2.md §12.6: operands constant at every site move into
// lookup tables (index stored as i32) indexed by a new site-id argument.

stream.executable private @ex {
  stream.executable.export public @dispatch
  builtin.module {
    // CHECK: util.func public @dispatch(%[[A:[^:]+]]: i32, %{{[^:]+}}: !stream.binding, %[[SITE:[^:]+]]: index)
    util.func public @dispatch(%a: i32, %b: index, %c: i1, %d: i1, %rbinding: !stream.binding) {
      // CHECK-DAG: %[[T0:.+]] = arith.constant dense<{{\[}}[20], [40]]> : tensor<2x1xi32>
      // CHECK-DAG: %[[T1:.+]] = arith.constant dense<{{\[}}[false, true], [true, true]]> : tensor<2x2xi1>
      // CHECK: %[[C0:.+]] = arith.constant 0 : index
      // CHECK: %[[E0:.+]] = tensor.extract %[[T0]][%[[SITE]], %[[C0]]] : tensor<2x1xi32>
      // CHECK: %[[B:.+]] = arith.index_cast %[[E0]] : i32 to index
      // CHECK: %[[E1:.+]] = tensor.extract %[[T1]][%[[SITE]], %[[C0]]] : tensor<2x2xi1>
      // CHECK: %[[C1:.+]] = arith.constant 1 : index
      // CHECK: %[[E2:.+]] = tensor.extract %[[T1]][%[[SITE]], %[[C1]]] : tensor<2x2xi1>
      // CHECK: util.optimization_barrier %[[A]], %[[B]], %[[E1]], %[[E2]]
      util.optimization_barrier %a, %b, %c, %d : i32, index, i1, i1
      util.return
    }
  }
}
// CHECK-LABEL: @sites
util.func public @sites(%a: i32) {
  %c20 = arith.constant 20 : index
  %c40 = arith.constant 40 : index
  %true = arith.constant true
  %false = arith.constant false
  // CHECK-DAG: %[[S0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[S1:.+]] = arith.constant 1 : index
  %rsz = arith.constant 9999 : index
  %rbuf = stream.resource.alloc uninitialized : !stream.resource<transient>{%rsz}
  %0 = stream.cmd.execute with(%rbuf as %rb: !stream.resource<transient>{%rsz}) {
    // CHECK: stream.cmd.dispatch @ex::@dispatch(%arg0, %[[S0]] : i32, index)
    stream.cmd.dispatch @ex::@dispatch(%a, %c20, %false, %true : i32, index, i1, i1) {
      rw %rb[%rsz for %rsz] : !stream.resource<transient>{%rsz}
    }
    // CHECK: stream.cmd.dispatch @ex::@dispatch(%arg0, %[[S1]] : i32, index)
    stream.cmd.dispatch @ex::@dispatch(%a, %c40, %true, %true : i32, index, i1, i1) {
      rw %rb[%rsz for %rsz] : !stream.resource<transient>{%rsz}
    }
  } => !stream.timepoint
  util.return
}

// -----

// [QUIRK SD1] fixed: an export without a function is skipped.
// CHECK-LABEL: @noFunction
stream.executable private @noFunction {
  stream.executable.export public @dispatch
}
util.func public @noFunctionSite() {
  %c20 = arith.constant 20 : index
  %rsz = arith.constant 9999 : index
  %rbuf = stream.resource.alloc uninitialized : !stream.resource<transient>{%rsz}
  %0 = stream.cmd.execute with(%rbuf as %rb: !stream.resource<transient>{%rsz}) {
    // CHECK: stream.cmd.dispatch @noFunction::@dispatch(%c20 : index)
    stream.cmd.dispatch @noFunction::@dispatch(%c20 : index) {
      rw %rb[%rsz for %rsz] : !stream.resource<transient>{%rsz}
    }
  } => !stream.timepoint
  util.return
}
