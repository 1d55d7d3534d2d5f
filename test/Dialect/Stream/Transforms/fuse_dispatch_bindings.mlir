// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-fuse-dispatch-bindings %s | FileCheck %s

// stream-passes-2.md §12.1.

#aliasConfig = #stream.resource_config<{alias_mutable_bindings = true}>

// Two unique bindings are rebased to offset 0, their offsets become leading
// operands, access widened to rw... here read-only stays ro.
stream.executable private @rebaseExecutable {
  stream.executable.export public @dispatch attributes {stream.resources = #aliasConfig}
  builtin.module {
    // CHECK: util.func public @dispatch(%[[BA:[^:]+]]: !stream.binding, %[[BB:[^:]+]]: !stream.binding, %[[OA:[^:]+]]: index, %[[OB:[^:]+]]: index, %[[OPERAND:[^:]+]]: index)
    util.func public @dispatch(%binding_a: !stream.binding, %binding_b: !stream.binding, %operand: index) {
      %c0 = arith.constant 0 : index
      %c20 = arith.constant 20 : index
      // CHECK: stream.binding.subspan %[[BA]][%[[OA]]]
      %subspan_a = stream.binding.subspan %binding_a[%c0] : !stream.binding -> !util.buffer{%c20}
      // CHECK: %[[SUM:.+]] = arith.addi %[[OB]], %c20
      // CHECK: stream.binding.subspan %[[BB]][%[[SUM]]]
      %subspan_b = stream.binding.subspan %binding_b[%c20] : !stream.binding -> !util.buffer{%c20}
      util.optimization_barrier %subspan_a, %subspan_b, %operand : !util.buffer, !util.buffer, index
      util.return
    }
  }
}
// CHECK-LABEL: @rebaseBindings
util.func public @rebaseBindings(%operand: index) {
  %c20 = arith.constant 20 : index
  %c40 = arith.constant 40 : index
  %c80 = arith.constant 80 : index
  %c128 = arith.constant 128 : index
  %alloc = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  %alloc2 = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  // CHECK: %[[C0:.+]] = arith.constant 0 : index
  // CHECK: stream.cmd.execute
  %0 = stream.cmd.execute with(%alloc as %a: !stream.resource<transient>{%c128}, %alloc2 as %b: !stream.resource<transient>{%c128}) {
    // CHECK: stream.cmd.dispatch @rebaseExecutable::@dispatch(%c20, %c40, %arg0 : index, index, index) {
    // CHECK-NEXT: ro %{{.+}}[%[[C0]] for %c128] : !stream.resource<transient>{%c128},
    // CHECK-NEXT: rw %{{.+}}[%[[C0]] for %c128] : !stream.resource<transient>{%c128}
    stream.cmd.dispatch @rebaseExecutable::@dispatch(%operand : index) {
      ro %a[%c20 for %c20] : !stream.resource<transient>{%c128},
      rw %b[%c40 for %c20] : !stream.resource<transient>{%c128}
    }
  } => !stream.timepoint
  util.return
}

// -----

#aliasConfig = #stream.resource_config<{alias_mutable_bindings = true}>

// Bindings 0 and 2 always receive the same resource: fused.
stream.executable private @dedupExecutable {
  stream.executable.export public @dispatch attributes {stream.resources = #aliasConfig}
  builtin.module {
    // CHECK: util.func public @dispatch(%[[BA:[^:]+]]: !stream.binding, %[[BB:[^:]+]]: !stream.binding, %[[OA:[^:]+]]: index, %[[OC:[^:]+]]: index, %[[OB:[^:]+]]: index, %[[OPERAND:[^:]+]]: index)
    util.func public @dispatch(%binding_a: !stream.binding, %binding_b: !stream.binding, %binding_c: !stream.binding, %operand: index) {
      %c0 = arith.constant 0 : index
      %c20 = arith.constant 20 : index
      // CHECK: stream.binding.subspan %[[BA]][%[[OA]]]
      %subspan_a = stream.binding.subspan %binding_a[%c0] : !stream.binding -> !util.buffer{%c20}
      // CHECK: stream.binding.subspan %[[BB]][%[[OB]]]
      %subspan_b = stream.binding.subspan %binding_b[%c0] : !stream.binding -> !util.buffer{%c20}
      // CHECK: stream.binding.subspan %[[BA]][%[[OC]]]
      %subspan_c = stream.binding.subspan %binding_c[%c0] : !stream.binding -> !util.buffer{%c20}
      util.optimization_barrier %subspan_a, %subspan_b, %subspan_c, %operand : !util.buffer, !util.buffer, !util.buffer, index
      util.return
    }
  }
}
// CHECK-LABEL: @deduplicateBindings
util.func public @deduplicateBindings(%operand: index) {
  %c0 = arith.constant 0 : index
  %c20 = arith.constant 20 : index
  %c40 = arith.constant 40 : index
  %c80 = arith.constant 80 : index
  %c128 = arith.constant 128 : index
  %alloc = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  %alloc2 = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  %0 = stream.cmd.execute with(%alloc as %a: !stream.resource<transient>{%c128}, %alloc2 as %b: !stream.resource<transient>{%c128}) {
    // CHECK: stream.cmd.dispatch @dedupExecutable::@dispatch(%c40, %c80, %c0, %arg0 : index, index, index, index) {
    // CHECK-NEXT: rw %{{.+}}[%{{.+}} for %c128] : !stream.resource<transient>{%c128},
    // CHECK-NEXT: ro %{{.+}}[%{{.+}} for %c128] : !stream.resource<transient>{%c128}
    stream.cmd.dispatch @dedupExecutable::@dispatch(%operand : index) {
      ro %a[%c40 for %c20] : !stream.resource<transient>{%c128},
      ro %b[%c0 for %c20] : !stream.resource<transient>{%c128},
      rw %a[%c80 for %c20] : !stream.resource<transient>{%c128}
    }
  } => !stream.timepoint
  util.return
}

// -----

// Noalias (the default config): the two read-only bindings of one resource
// fuse, the read-write one stays separate.
stream.executable private @noaliasExecutable {
  stream.executable.export public @dispatch
  builtin.module {
    // CHECK: util.func public @dispatch(%{{.+}}: !stream.binding, %{{.+}}: !stream.binding, %{{.+}}: index, %{{.+}}: index, %{{.+}}: index)
    util.func public @dispatch(%binding_a: !stream.binding, %binding_b: !stream.binding, %binding_c: !stream.binding) {
      util.return
    }
  }
}
// CHECK-LABEL: util.func public @noalias(
util.func public @noalias() {
  %c0 = arith.constant 0 : index
  %c20 = arith.constant 20 : index
  %c40 = arith.constant 40 : index
  %c128 = arith.constant 128 : index
  %alloc = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  %0 = stream.cmd.execute with(%alloc as %a: !stream.resource<transient>{%c128}) {
    // CHECK: stream.cmd.dispatch @noaliasExecutable::@dispatch(%c0, %c20, %c40 : index, index, index) {
    // CHECK-NEXT: ro
    // CHECK-NEXT: rw
    stream.cmd.dispatch @noaliasExecutable::@dispatch {
      ro %a[%c0 for %c20] : !stream.resource<transient>{%c128},
      ro %a[%c20 for %c20] : !stream.resource<transient>{%c128},
      rw %a[%c40 for %c20] : !stream.resource<transient>{%c128}
    }
  } => !stream.timepoint
  util.return
}

// -----

// [QUIRK FB2] noalias: a read-only binding after a writing one on the same
// resource still joins the writer's class; a later writer stays apart.
stream.executable private @fb2Executable {
  stream.executable.export public @dispatch
  builtin.module {
    // CHECK: util.func public @dispatch(%[[B01:[^:]+]]: !stream.binding, %[[B2:[^:]+]]: !stream.binding, %[[O0:[^:]+]]: index, %[[O1:[^:]+]]: index, %[[O2:[^:]+]]: index)
    util.func public @dispatch(%binding_0: !stream.binding, %binding_1: !stream.binding, %binding_2: !stream.binding) {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      // CHECK: stream.binding.subspan %[[B01]][%[[O0]]]
      %s0 = stream.binding.subspan %binding_0[%c0] : !stream.binding -> !util.buffer{%c4}
      // CHECK: stream.binding.subspan %[[B01]][%[[O1]]]
      %s1 = stream.binding.subspan %binding_1[%c0] : !stream.binding -> !util.buffer{%c4}
      // CHECK: stream.binding.subspan %[[B2]][%[[O2]]]
      %s2 = stream.binding.subspan %binding_2[%c0] : !stream.binding -> !util.buffer{%c4}
      util.optimization_barrier %s0, %s1, %s2 : !util.buffer, !util.buffer, !util.buffer
      util.return
    }
  }
}
// CHECK-LABEL: util.func public @fb2(
util.func public @fb2() {
  %c0 = arith.constant 0 : index
  %c20 = arith.constant 20 : index
  %c40 = arith.constant 40 : index
  %c128 = arith.constant 128 : index
  %alloc = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  %0 = stream.cmd.execute with(%alloc as %a: !stream.resource<transient>{%c128}) {
    // CHECK: stream.cmd.dispatch @fb2Executable::@dispatch(%c0, %c20, %c40 : index, index, index) {
    // CHECK-NEXT: rw %{{.+}}[%{{.+}} for %c128]
    // CHECK-NEXT: rw %{{.+}}[%{{.+}} for %c128]
    // CHECK-NEXT: {{^ +[}]$}}
    stream.cmd.dispatch @fb2Executable::@dispatch {
      rw %a[%c0 for %c20] : !stream.resource<transient>{%c128},
      ro %a[%c20 for %c20] : !stream.resource<transient>{%c128},
      rw %a[%c40 for %c20] : !stream.resource<transient>{%c128}
    }
  } => !stream.timepoint
  util.return
}

// -----

// Sluice: exports named by a multi-entry-point dispatch, exports without
// sites and declarations are left unchanged.
stream.executable private @multiExecutable {
  stream.executable.export public @a
  stream.executable.export public @b
  stream.executable.export public @unused
  builtin.module {
    // CHECK: util.func public @a(%{{[^:]+}}: !stream.binding)
    util.func public @a(%binding: !stream.binding) {
      util.return
    }
    // CHECK: util.func public @b(%{{[^:]+}}: !stream.binding)
    util.func public @b(%binding: !stream.binding) {
      util.return
    }
    // CHECK: util.func public @unused(%{{[^:]+}}: !stream.binding)
    util.func public @unused(%binding: !stream.binding) {
      util.return
    }
  }
}
stream.executable private @declExecutable {
  stream.executable.export public @dispatch
  builtin.module {
    // CHECK: util.func private @dispatch(%arg0: !stream.binding){{$}}
    util.func private @dispatch(%binding: !stream.binding)
  }
}
// CHECK-LABEL: util.func public @multi(
util.func public @multi() {
  %c0 = arith.constant 0 : index
  %c20 = arith.constant 20 : index
  %c128 = arith.constant 128 : index
  %alloc = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  %0 = stream.cmd.execute with(%alloc as %a: !stream.resource<transient>{%c128}) {
    // CHECK: stream.cmd.dispatch {@multiExecutable::@a, @multiExecutable::@b} {
    // CHECK-NEXT: ro %{{.+}}[%c20 for %c20]
    stream.cmd.dispatch {@multiExecutable::@a, @multiExecutable::@b} {
      ro %a[%c20 for %c20] : !stream.resource<transient>{%c128}
    }
    // CHECK: stream.cmd.dispatch @declExecutable::@dispatch {
    // CHECK-NEXT: ro %{{.+}}[%c20 for %c20]
    stream.cmd.dispatch @declExecutable::@dispatch {
      ro %a[%c20 for %c20] : !stream.resource<transient>{%c128}
    }
  } => !stream.timepoint
  util.return
}
