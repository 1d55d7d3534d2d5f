// RUN: sluice-opt --split-input-file --sluice-outline-command-buffers %s | FileCheck %s
// REQUIRES: sluice-opt

// The example of execution.md §4.1: a dispatch and a fill in one wave, a
// dependent dispatch in the next. References are captured first, then
// scalars, each in first-use order; constants are cloned; the lookups,
// the recording and the command buffer are gone. The fill has a dynamic
// length, so no cost is known.

hal.executable private @ex {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @f ordinal(0) layout(#hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) attributes {sluice.workgroup_cost_ns = 10 : i64}
    hal.executable.export public @g ordinal(1) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) attributes {sluice.workgroup_cost_ns = 3 : i64}
  }
}

// CHECK-LABEL: util.func private @main$cmd0
// CHECK-SAME: (%[[A:.+]]: !hal.buffer, %[[B:.+]]: !hal.buffer, %[[N:.+]]: index, %[[K:.+]]: i32)
// CHECK-SAME: attributes {sluice_rt.command_function}
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
// CHECK: sluice_rt.wave {
// CHECK-NEXT: sluice_rt.dispatch @ex::@sluice_native::@f workgroups([%[[C64]], %[[C1]], %[[C1]]]) constants([%[[K]]]) bindings([%[[A]][%[[C0]], %[[N]]], %[[B]][%[[C0]], %[[N]]]])
// CHECK-NEXT: sluice_rt.fill target(%[[B]] : !hal.buffer)[%[[N]], %[[N]]] pattern(%[[K]] : i32)
// CHECK-NEXT: }
// CHECK-NEXT: sluice_rt.wave {
// CHECK-NEXT: sluice_rt.dispatch @ex::@sluice_native::@g workgroups([%[[C1]], %[[C1]], %[[C1]]]) bindings([%[[B]][%[[C0]], %[[N]]], %[[A]][%[[C0]], %[[N]]]])
// CHECK-NEXT: }
// CHECK-NEXT: util.return

// CHECK-LABEL: util.func public @main
// CHECK-SAME: (%[[DEV:.+]]: !hal.device, %[[W:.+]]: !hal.fence, %[[S:.+]]: !hal.fence, %[[HA:.+]]: !hal.buffer, %[[HB:.+]]: !hal.buffer, %[[HN:.+]]: index, %[[HK:.+]]: i32)
// CHECK-NOT: hal.command_buffer
// CHECK-NOT: hal.executable.lookup
// CHECK: sluice_rt.queue.execute<%[[DEV]] : !hal.device> affinity(%{{.+}}) wait(%[[W]]) signal(%[[S]]) call(@main$cmd0(%[[HA]], %[[HB]], %[[HN]], %[[HK]])) : (!hal.buffer, !hal.buffer, index, i32)
// CHECK-NOT: hal.command_buffer
// CHECK-NOT: hal.device.queue.execute
// CHECK: util.return
util.func public @main(%device: !hal.device, %w: !hal.fence, %s: !hal.fence, %a: !hal.buffer, %b: !hal.buffer, %n: index, %k: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %aff = arith.constant -1 : i64
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot|AllowInlineExecution") categories("Transfer|Dispatch") affinity(%aff) : !hal.command_buffer
  %d = hal.command_buffer.device<%cmd : !hal.command_buffer> : !hal.device
  %exe = hal.executable.lookup device(%d : !hal.device) executable(@ex) : !hal.executable
  %f = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@sluice_native::@f) : i64
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%f] workgroups([%c64, %c1, %c1]) constants([%k]) bindings([
    (%a : !hal.buffer)[%c0, %n],
    (%b : !hal.buffer)[%c0, %n]
  ]) flags("None")
  hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%b : !hal.buffer)[%n, %n] pattern(%k : i32) flags("None")
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
  %g = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@sluice_native::@g) : i64
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%g] workgroups([%c1, %c1, %c1]) bindings([
    (%b : !hal.buffer)[%c0, %n],
    (%a : !hal.buffer)[%c0, %n]
  ]) flags("None")
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  util.return
}

// -----

// A serial region (c1 barrier c2 barrier barrier): waves {fill}, {copy}; the
// consecutive barriers make no empty wave. Every length and workgroup count
// is constant: cost = 4·5·2 workgroups × 7 ns + ⌈100/16⌉ + ⌈33/16⌉ = 280 + 7 + 3.

hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @e ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) attributes {sluice.workgroup_cost_ns = 7 : i64}
  }
}
// CHECK-LABEL: util.func private @serial$cmd0
// CHECK-SAME: (%[[SRC:.+]]: !hal.buffer, %[[DST:.+]]: !hal.buffer)
// CHECK: sluice_rt.wave {
// CHECK-NEXT: sluice_rt.fill target(%[[SRC]] : !hal.buffer)[%{{.+}}, %{{.+}}] pattern(%{{.+}} : i8)
// CHECK-NEXT: }
// CHECK-NEXT: sluice_rt.wave {
// CHECK-NEXT: sluice_rt.copy source(%[[SRC]] : !hal.buffer)[%{{.+}}] target(%[[DST]] : !hal.buffer)[%{{.+}}] length(%{{.+}})
// CHECK-NEXT: }
// CHECK-NEXT: sluice_rt.wave {
// CHECK-NEXT: sluice_rt.dispatch @ex::@v::@e
// CHECK-NEXT: }
// CHECK-NEXT: util.return
// CHECK-LABEL: util.func public @serial
// CHECK: sluice_rt.queue.execute{{.+}}call(@serial$cmd0(%arg1, %arg2)) cost(290) : (!hal.buffer, !hal.buffer)
util.func public @serial(%device: !hal.device, %src: !hal.buffer, %dst: !hal.buffer, %w: !hal.fence, %s: !hal.fence) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c33 = arith.constant 33 : index
  %c100 = arith.constant 100 : index
  %p = arith.constant 9 : i8
  %aff = arith.constant -1 : i64
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories("Transfer|Dispatch") affinity(%aff) : !hal.command_buffer
  hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%src : !hal.buffer)[%c0, %c100] pattern(%p : i8) flags("None")
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
  hal.command_buffer.copy_buffer<%cmd : !hal.command_buffer> source(%src : !hal.buffer)[%c0] target(%dst : !hal.buffer)[%c0] length(%c33) flags("None")
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
  %exe = hal.executable.lookup device(%device : !hal.device) executable(@ex) : !hal.executable
  %e = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@v::@e) : i64
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%e] workgroups([%c4, %c5, %c2]) bindings([
    (%dst : !hal.buffer)[%c0, %c100]
  ]) flags("None")
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  util.return
}

// -----

// A recording without commands (only barriers) is not outlined: its execute
// becomes a queue barrier with the same fences.

// CHECK-NOT: util.func private @empty$cmd0
// CHECK-LABEL: util.func public @empty
// CHECK-SAME: (%[[DEV:.+]]: !hal.device, %[[W:.+]]: !hal.fence, %[[S:.+]]: !hal.fence)
// CHECK-NOT: hal.command_buffer
// CHECK: hal.device.queue.barrier<%[[DEV]] : !hal.device> affinity(%{{.+}}) wait(%[[W]]) signal(%[[S]]) flags("None")
// CHECK-NEXT: util.return
util.func public @empty(%device: !hal.device, %w: !hal.fence, %s: !hal.fence) {
  %aff = arith.constant -1 : i64
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Transfer) affinity(%aff) : !hal.command_buffer
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  util.return
}

// -----

// Indirect command buffers: slots become the buffers of the execute's
// binding list, with the slot offset added to the command's offset; the slot
// values are captured after the ordinary captures. The count arithmetic of the
// recording (affine.apply of constants) folds to a constant; the dynamic
// one (arith.muli) is cloned before its wave.

hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @e ordinal(0) layout(#hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) attributes {sluice.workgroup_cost_ns = 1 : i64}
  }
}
// CHECK-LABEL: util.func private @indirect$cmd0
// CHECK-SAME: (%[[DIRECT:[^:]+]]: !hal.buffer, %[[M:[^:]+]]: index, %[[SLOT0:[^:]+]]: !hal.buffer, %[[SLOT1:[^:]+]]: !hal.buffer, %[[OFF1:[^:]+]]: index)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG: %[[C80:.+]] = arith.constant 80 : index
// CHECK: %[[SUM:.+]] = arith.addi %[[OFF1]], %[[C16]] : index
// CHECK-NEXT: %[[MM:.+]] = arith.muli %[[M]], %[[M]] : index
// CHECK-NEXT: sluice_rt.wave {
// CHECK-NEXT: sluice_rt.dispatch @ex::@v::@e workgroups([%[[C3]], %[[MM]], %{{.+}}]) constants([%{{.+}}]) bindings([%[[SLOT0]][%[[C80]], %[[M]]], %[[SLOT1]][%[[SUM]], %[[M]]]])
// CHECK-NEXT: sluice_rt.fill target(%[[DIRECT]] : !hal.buffer)[%[[C0]], %[[M]]] pattern(%{{.+}} : i32)
// CHECK-NEXT: }
// CHECK-LABEL: util.func public @indirect
// CHECK: sluice_rt.queue.execute{{.+}}call(@indirect$cmd0(%arg5, %arg6, %arg1, %arg2, %arg4)) : (!hal.buffer, index, !hal.buffer, !hal.buffer, index)
util.func public @indirect(%device: !hal.device, %b0: !hal.buffer, %b1: !hal.buffer, %unused: index, %off1: index, %direct: !hal.buffer, %m: index, %w: !hal.fence, %s: !hal.fence) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c80 = arith.constant 80 : index
  %c128 = arith.constant 128 : index
  %k = arith.constant 5 : i32
  %aff = arith.constant -1 : i64
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories("Transfer|Dispatch") affinity(%aff) bindings(%c2) : !hal.command_buffer
  %d = hal.command_buffer.device<%cmd : !hal.command_buffer> : !hal.device
  %exe = hal.executable.lookup device(%d : !hal.device) executable(@ex) : !hal.executable
  %e = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@v::@e) : i64
  %x = affine.apply affine_map<()[s0] -> (s0 * 3)>()[%c1]
  %y = arith.muli %m, %m : index
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%e] workgroups([%x, %y, %c1]) constants([%k]) bindings([
    (%c0 : index)[%c0, %m],
    (%c1 : index)[%c16, %m]
  ]) flags("None")
  hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%direct : !hal.buffer)[%c0, %m] pattern(%k : i32) flags("None")
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.device.queue.execute.indirect<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) bindings([
    (%b0 : !hal.buffer)[%c80, %c128],
    (%b1 : !hal.buffer)[%off1, %c128]
  ]) flags("None")
  util.return
}

// -----

// Several recordings in one function are numbered in program order; an
// initializer's recordings are named after `__init`; a recording inside an
// scf.for body is outlined in place. A command buffer device query outside
// the recording reads the create's device. An export without
// sluice.workgroup_cost_ns makes the cost unknown.

hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @e ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>)
  }
}
util.global private mutable @g : !hal.device
// util.null is a constant: it is cloned, not captured.
// CHECK-LABEL: util.func private @__init$cmd0()
// CHECK: %[[NULL:.+]] = util.null : !hal.buffer
// CHECK: sluice_rt.fill target(%[[NULL]] : !hal.buffer)
// CHECK-LABEL: util.initializer
// CHECK: %[[DEV:.+]] = hal.devices.get
// CHECK: util.global.store %[[DEV]], @g : !hal.device
// CHECK-NEXT: sluice_rt.queue.execute<%[[DEV]] : !hal.device>{{.+}}call(@__init$cmd0()) cost(1) : ()
util.initializer {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %c16 = arith.constant 16 : index
  %p = arith.constant 0 : i32
  %aff = arith.constant -1 : i64
  %w = util.null : !hal.fence
  %s = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
  %buffer = util.null : !hal.buffer
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Transfer) affinity(%aff) : !hal.command_buffer
  hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%buffer : !hal.buffer)[%c0, %c16] pattern(%p : i32) flags("None")
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  %d = hal.command_buffer.device<%cmd : !hal.command_buffer> : !hal.device
  util.global.store %d, @g : !hal.device
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  util.return
}
// CHECK-LABEL: util.func private @two$cmd0
// CHECK-SAME: (%{{.+}}: !hal.buffer, %{{.+}}: index)
// CHECK: sluice_rt.dispatch @ex::@v::@e
// CHECK-LABEL: util.func private @two$cmd1
// CHECK-SAME: (%{{.+}}: !hal.buffer)
// CHECK: sluice_rt.copy
// CHECK-LABEL: util.func public @two
// CHECK: scf.for
// CHECK-NEXT: sluice_rt.queue.execute{{.+}}call(@two$cmd0(%arg1, %{{.+}})) : (!hal.buffer, index)
// CHECK: sluice_rt.queue.execute{{.+}}call(@two$cmd1(%arg1)) cost(2) : (!hal.buffer)
util.func public @two(%device: !hal.device, %b: !hal.buffer, %n: index, %w: !hal.fence, %s: !hal.fence) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %aff = arith.constant -1 : i64
  scf.for %i = %c0 to %n step %c1 {
    %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Dispatch) affinity(%aff) : !hal.command_buffer
    %exe = hal.executable.lookup device(%device : !hal.device) executable(@ex) : !hal.executable
    %e = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@v::@e) : i64
    hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%e] workgroups([%c1, %c1, %c1]) bindings([
      (%b : !hal.buffer)[%c0, %i]
    ]) flags("None")
    hal.command_buffer.finalize<%cmd : !hal.command_buffer>
    hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  }
  %cmd2 = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Transfer) affinity(%aff) : !hal.command_buffer
  hal.command_buffer.copy_buffer<%cmd2 : !hal.command_buffer> source(%b : !hal.buffer)[%c0] target(%b : !hal.buffer)[%c32] length(%c32) flags("None")
  hal.command_buffer.finalize<%cmd2 : !hal.command_buffer>
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd2) flags("None")
  util.return
}

// -----

// The execute may sit in another block that the finalize dominates. A large
// cost saturates to 2^32 - 1.

hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @e ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) attributes {sluice.workgroup_cost_ns = 1000000 : i64}
  }
}
// CHECK-LABEL: util.func public @later_block
// CHECK: ^bb1:
// CHECK-NEXT: sluice_rt.queue.execute{{.+}}call(@later_block$cmd0(%arg1)) cost(4294967295) : (!hal.buffer)
util.func public @later_block(%device: !hal.device, %b: !hal.buffer, %w: !hal.fence, %s: !hal.fence) {
  %c0 = arith.constant 0 : index
  %c65535 = arith.constant 65535 : index
  %aff = arith.constant -1 : i64
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Dispatch) affinity(%aff) : !hal.command_buffer
  %exe = hal.executable.lookup device(%device : !hal.device) executable(@ex) : !hal.executable
  %e = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@v::@e) : i64
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%e] workgroups([%c65535, %c65535, %c65535]) bindings([
    (%b : !hal.buffer)[%c0, %c0]
  ]) flags("None")
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  cf.br ^bb1
^bb1:
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  util.return
}

// -----

// Functions without recordings are left alone.
// CHECK-LABEL: util.func public @nothing
// CHECK-NEXT: util.return
util.func public @nothing() {
  util.return
}

// -----

// What --iree-hal-inline-memoize-regions leaves: the command buffer reaches
// its execute through the argument of a single-predecessor block. The
// argument and the branch operand disappear; device queries of the argument
// read the create's device.

hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @e ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) attributes {sluice.workgroup_cost_ns = 5 : i64}
  }
}
// CHECK-LABEL: util.func private @memoized$cmd0
// CHECK-SAME: (%{{.+}}: !hal.buffer)
// CHECK-LABEL: util.func public @memoized
// CHECK-SAME: (%[[DEV:.+]]: !hal.device,
// CHECK: cf.br ^bb1{{$}}
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: util.optimization_barrier %[[DEV]] : !hal.device
// CHECK-NEXT: sluice_rt.queue.execute<%[[DEV]] : !hal.device>{{.+}}call(@memoized$cmd0(%arg1)) cost(5) : (!hal.buffer)
util.func public @memoized(%device: !hal.device, %b: !hal.buffer, %w: !hal.fence, %s: !hal.fence) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %aff = arith.constant -1 : i64
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Dispatch) affinity(%aff) bindings(%c1) : !hal.command_buffer
  %d = hal.command_buffer.device<%cmd : !hal.command_buffer> : !hal.device
  %exe = hal.executable.lookup device(%d : !hal.device) executable(@ex) : !hal.executable
  %e = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@v::@e) : i64
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%e] workgroups([%c1, %c1, %c1]) bindings([
    (%c0 : index)[%c0, %c64]
  ]) flags("None")
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  cf.br ^bb1(%cmd : !hal.command_buffer)
^bb1(%memo: !hal.command_buffer):
  %md = hal.command_buffer.device<%memo : !hal.command_buffer> : !hal.device
  util.optimization_barrier %md : !hal.device
  hal.device.queue.execute.indirect<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%memo) bindings([
    (%b : !hal.buffer)[%c0, %c64]
  ]) flags("None")
  util.return
}
