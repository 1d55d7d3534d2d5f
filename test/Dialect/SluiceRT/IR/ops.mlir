// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// The example of execution.md §4.1: two concurrent commands, then a
// dependent dispatch, submitted with a cost.

#layout2 = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
#layout0 = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
hal.executable private @ex {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @f ordinal(0) layout(#layout2)
    hal.executable.export public @g ordinal(1) layout(#layout0)
  }
}

// CHECK-LABEL: util.func private @main$cmd0
// CHECK-SAME: (%[[A:.+]]: !hal.buffer, %[[B:.+]]: !hal.buffer, %[[N:.+]]: index, %[[K:.+]]: i32)
// CHECK-SAME: attributes {sluice_rt.command_function}
util.func private @main$cmd0(%arg0: !hal.buffer, %arg1: !hal.buffer, %arg2: index, %arg3: i32)
    attributes {sluice_rt.command_function} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // CHECK: sluice_rt.wave {
  // CHECK-NEXT: sluice_rt.dispatch @ex::@sluice_native::@f workgroups([%c64, %c1, %c1]) constants([%[[K]]])
  // CHECK-SAME: bindings([%[[A]][%c0, %[[N]]], %[[B]][%c0, %[[N]]]])
  // CHECK-NEXT: sluice_rt.fill target(%[[B]] : !hal.buffer)[%[[N]], %[[N]]] pattern(%[[K]] : i32)
  // CHECK-NEXT: }
  sluice_rt.wave {
    sluice_rt.dispatch @ex::@sluice_native::@f workgroups([%c64, %c1, %c1]) constants([%arg3])
        bindings([%arg0[%c0, %arg2], %arg1[%c0, %arg2]])
    sluice_rt.fill target(%arg1 : !hal.buffer)[%arg2, %arg2] pattern(%arg3 : i32)
  }
  // CHECK: sluice_rt.wave attributes {note = "second"} {
  // CHECK-NEXT: sluice_rt.dispatch @ex::@sluice_native::@g workgroups([%c1, %c1, %c1]) bindings([%[[B]][%c0, %[[N]]], %[[A]][%c0, %[[N]]]]) {tag}
  // CHECK-NEXT: sluice_rt.copy source(%[[A]] : !hal.buffer)[%c0] target(%[[B]] : !hal.buffer)[%[[N]]] length(%c64)
  sluice_rt.wave attributes {note = "second"} {
    sluice_rt.dispatch @ex::@sluice_native::@g workgroups([%c1, %c1, %c1])
        bindings([%arg1[%c0, %arg2], %arg0[%c0, %arg2]]) {tag}
    sluice_rt.copy source(%arg0 : !hal.buffer)[%c0] target(%arg1 : !hal.buffer)[%arg2] length(%c64)
  }
  // CHECK: sluice_rt.wave {
  // CHECK-NEXT: }
  sluice_rt.wave {
  }
  util.return
}

// CHECK-LABEL: util.func public @main
util.func public @main(%device: !hal.device, %w: !hal.fence, %s: !hal.fence, %a: !hal.buffer, %b: !hal.buffer, %n: index, %k: i32) {
  %aff = arith.constant -1 : i64
  // CHECK: sluice_rt.queue.execute<%arg0 : !hal.device> affinity(%c-1_i64) wait(%arg1) signal(%arg2)
  // CHECK-SAME: call(@main$cmd0(%arg3, %arg4, %arg5, %arg6)) cost(1234) : (!hal.buffer, !hal.buffer, index, i32)
  sluice_rt.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s)
      call(@main$cmd0(%a, %b, %n, %k)) cost(1234) : (!hal.buffer, !hal.buffer, index, i32)
  // CHECK: sluice_rt.queue.execute<{{.+}}> affinity({{.+}}) wait({{.+}}) signal({{.+}}) call(@main$cmd0({{.+}})) attributes {x} : (!hal.buffer, !hal.buffer, index, i32)
  sluice_rt.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s)
      call(@main$cmd0(%a, %b, %n, %k)) attributes {x} : (!hal.buffer, !hal.buffer, index, i32)
  util.return
}

// -----

// A command function with no captures; a dispatch with no bindings; 8- and
// 16-bit fill patterns.
hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @e ordinal(0) layout(#hal.pipeline.layout<bindings = []>)
  }
}
// CHECK-LABEL: util.func private @f$cmd0()
util.func private @f$cmd0() attributes {sluice_rt.command_function} {
  %c1 = arith.constant 1 : index
  %b = util.null : !hal.buffer
  %p8 = arith.constant 7 : i8
  %p16 = arith.constant 7 : i16
  // CHECK: sluice_rt.dispatch @ex::@v::@e workgroups([%c1, %c1, %c1]) bindings([])
  // CHECK: sluice_rt.fill target(%{{.+}} : !hal.buffer)[%c1, %c1] pattern(%{{.+}} : i8)
  // CHECK: sluice_rt.fill target(%{{.+}} : !hal.buffer)[%c1, %c1] pattern(%{{.+}} : i16)
  sluice_rt.wave {
    sluice_rt.dispatch @ex::@v::@e workgroups([%c1, %c1, %c1]) bindings([])
    sluice_rt.fill target(%b : !hal.buffer)[%c1, %c1] pattern(%p8 : i8)
    sluice_rt.fill target(%b : !hal.buffer)[%c1, %c1] pattern(%p16 : i16)
  }
  util.return
}
// CHECK: sluice_rt.queue.execute<{{.+}}> affinity({{.+}}) wait({{.+}}) signal({{.+}}) call(@f$cmd0()) : ()
util.func public @f(%device: !hal.device, %w: !hal.fence, %s: !hal.fence) {
  %aff = arith.constant -1 : i64
  sluice_rt.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) call(@f$cmd0()) : ()
  util.return
}

// -----

// Reference counting and error edges.
// CHECK-LABEL: util.func public @refs
util.func public @refs(%b: !hal.buffer, %v: !hal.buffer_view, %f: !hal.fence, %file: !hal.file, %sem: !hal.semaphore, %code: i32) {
  // CHECK: %[[R:.+]] = sluice_rt.retain %{{.+}} : !hal.buffer
  %r = sluice_rt.retain %b : !hal.buffer
  // CHECK: sluice_rt.release %[[R]] : !hal.buffer
  sluice_rt.release %r : !hal.buffer
  // CHECK: sluice_rt.retain %{{.+}} {a} : !hal.buffer_view
  %rv = sluice_rt.retain %v {a} : !hal.buffer_view
  // CHECK: sluice_rt.release %{{.+}} {b} : !hal.buffer_view
  sluice_rt.release %rv {b} : !hal.buffer_view
  %rf = sluice_rt.retain %f : !hal.fence
  sluice_rt.release %rf : !hal.fence
  %rfile = sluice_rt.retain %file : !hal.file
  sluice_rt.release %rfile : !hal.file
  %rs = sluice_rt.retain %sem : !hal.semaphore
  sluice_rt.release %rs : !hal.semaphore
  // CHECK: hal.fence.signal<%{{.+}} : !hal.fence>
  // CHECK-NEXT: sluice_rt.check_status ^bb1, ^bb3
  hal.fence.signal<%f : !hal.fence>
  sluice_rt.check_status ^ok, ^error
^ok:
  // CHECK: sluice_rt.check_code %{{.+}}, "waiting" ^bb2, ^bb3
  sluice_rt.check_code %code, "waiting" ^ok2, ^error
^ok2:
  util.return
^error:
  // CHECK: sluice_rt.fail{{$}}
  sluice_rt.fail
}

// CHECK-LABEL: util.func public @unreachable
util.func public @unreachable() {
  // CHECK: sluice_rt.fail "never here" {k}
  sluice_rt.fail "never here" {k}
}

// -----

// A linked workgroup function and its metadata.
// CHECK: sluice_rt.executable_info @sluice_dispatch__ex__e executable("ex") export("e") layout(#pipeline_layout) cost(12) workgroup_size([4, 1, 1])
// CHECK: sluice_rt.executable_info @sluice_dispatch__ex__g executable("ex") export("g") layout(#pipeline_layout) cost(0){{$}}
llvm.func @sluice_dispatch__ex__e(%a: !llvm.ptr, %b: !llvm.ptr, %c: !llvm.ptr) -> i32 {
  %0 = llvm.mlir.constant(0 : i32) : i32
  llvm.return %0 : i32
}
llvm.func @sluice_dispatch__ex__g(%a: !llvm.ptr, %b: !llvm.ptr, %c: !llvm.ptr) -> i32 {
  %0 = llvm.mlir.constant(0 : i32) : i32
  llvm.return %0 : i32
}
sluice_rt.executable_info @sluice_dispatch__ex__e executable("ex") export("e") layout(#hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>) cost(12) workgroup_size([4, 1, 1])
sluice_rt.executable_info @sluice_dispatch__ex__g executable("ex") export("g") layout(#hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>) cost(0)
// CHECK-LABEL: util.func private @linked$cmd0
util.func private @linked$cmd0(%b: !hal.buffer, %k: i32) attributes {sluice_rt.command_function} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: sluice_rt.dispatch @sluice_dispatch__ex__e workgroups([%c1, %c1, %c1]) constants([%{{.+}}]) bindings([%{{.+}}[%c0, %c1]])
  sluice_rt.wave {
    sluice_rt.dispatch @sluice_dispatch__ex__e workgroups([%c1, %c1, %c1]) constants([%k]) bindings([%b[%c0, %c1]])
  }
  util.return
}
