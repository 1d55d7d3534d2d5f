// RUN: sluice-opt --split-input-file --verify-diagnostics --sluice-convert-host-to-llvm %s | FileCheck %s
// REQUIRES: sluice-opt

// Host functions: ctx first, one out-pointer per result, status returned;
// fields read inline at the §3.2 offsets; runtime calls through ctx->rt
// (entry #k at byte 8*(k-1)); the pending-status slot.

// CHECK-LABEL: llvm.func internal @dims(
// CHECK-SAME: %[[CTX:[^:]+]]: !llvm.ptr, %[[VIEW:[^:]+]]: !llvm.ptr, %[[OUT:[^:]+]]: !llvm.ptr) -> !llvm.ptr
// CHECK: %[[SLOT:.+]] = llvm.alloca {{.+}} x !llvm.ptr
// CHECK: llvm.store %{{.+}}, %[[SLOT]]
// dim 1 of a view: i64 at +40.
// CHECK: llvm.getelementptr %{{.+}}[40] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.load %{{.+}} : !llvm.ptr -> i64
// the view's buffer at +8, its length at +24.
// CHECK: llvm.getelementptr %{{.+}}[8] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.getelementptr %{{.+}}[24] : (!llvm.ptr) -> !llvm.ptr, i8
// the result goes through the out-pointer; status_free (#4, +24) of the slot.
// CHECK: llvm.store %{{.+}}, %{{.+}} : i64, !llvm.ptr
// CHECK: llvm.return %{{.+}} : !llvm.ptr
util.func public @dims(%view: !hal.buffer_view) -> index {
  %d = hal.buffer_view.dim<%view : !hal.buffer_view>[1] : index
  %b = hal.buffer_view.buffer<%view : !hal.buffer_view> : !hal.buffer
  %l = hal.buffer.length<%b : !hal.buffer> : index
  %s = arith.addi %d, %l : index
  util.return %s : index
}

// -----

// A fallible op stores its status; check_status branches on the slot; fail
// returns it. fence_create is import #28 (+216).
// CHECK-LABEL: llvm.func internal @fence(
// CHECK: llvm.getelementptr %{{.+}}[216] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.call %{{.+}}(%{{.+}}, %{{.+}}, %{{.+}}) : !llvm.ptr, (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK: llvm.icmp "ne"
// CHECK: llvm.cond_br
util.func public @fence() -> !hal.fence {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %f = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
  sluice_rt.check_status ^ok, ^error
^ok:
  util.return %f : !hal.fence
^error:
  sluice_rt.fail
}

// -----

// external-transients.md §9.9: `sluice.storage_alignment` on hal.buffer.assert
// (buffer_assert is import #16, +120): when the assertion passed (the slot is
// NULL) and the buffer is not NULL, the byte offset (+16) modulo the
// alignment; then, when the storage is committed (its base pointer, loaded
// with acquire through the slot address at +8, is not NULL), the device
// address base + offset modulo the alignment. Either misalignment is
// formatted with snprintf into an INVALID_ARGUMENT (3) status (status_make,
// #1 at +0) stored in the slot, which check_status then reads as for the
// assertion's own failures.
// CHECK-DAG: llvm.mlir.global private constant @{{.+}}("storage buffer device address 0x%llx (storage base + byte offset %llu) is not a multiple of the required alignment 64\00")
// CHECK-DAG: llvm.mlir.global private constant @{{.+}}("storage buffer byte offset %llu is not a multiple of the required alignment 64\00")
// CHECK-LABEL: llvm.func internal @aligned(
// CHECK: llvm.getelementptr %{{.+}}[120] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.store %{{.+}}, %[[SLOT:.+]] : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[PENDING:.+]] = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: %[[NULL:.+]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[PASSED:.+]] = llvm.icmp "eq" %[[PENDING]], %[[NULL]] : !llvm.ptr
// CHECK: %[[PRESENT:.+]] = llvm.icmp "ne" %[[BUF:.+]], %{{.+}} : !llvm.ptr
// CHECK: %[[BOTH:.+]] = llvm.and %[[PASSED]], %[[PRESENT]] : i1
// CHECK: llvm.cond_br %[[BOTH]], ^[[CHECK:bb[0-9]+]], ^[[REST:bb[0-9]+]]
// CHECK: ^[[CHECK]]:
// CHECK: llvm.getelementptr %[[BUF]][16] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: %[[OFF:.+]] = llvm.load %{{.+}} : !llvm.ptr -> i64
// CHECK: %[[REM:.+]] = llvm.urem %[[OFF]], %{{.+}} : i64
// CHECK: %[[MIS:.+]] = llvm.icmp "ne" %[[REM]], %{{.+}} : i64
// CHECK: llvm.cond_br %[[MIS]], ^[[FAIL:bb[0-9]+]], ^[[BASE:bb[0-9]+]]
// CHECK: ^[[BASE]]:
// CHECK: %[[DSLOT:.+]] = llvm.getelementptr %[[BUF]][8] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: %[[SLOTADDR:.+]] = llvm.load %[[DSLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[BASEPTR:.+]] = llvm.load %[[SLOTADDR]] atomic acquire {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECK: %[[COMMITTED:.+]] = llvm.icmp "ne" %[[BASEPTR]], %{{.+}} : !llvm.ptr
// CHECK: llvm.cond_br %[[COMMITTED]], ^[[ADDR:bb[0-9]+]], ^[[REST]]
// CHECK: ^[[ADDR]]:
// CHECK: %[[BASEINT:.+]] = llvm.ptrtoint %[[BASEPTR]] : !llvm.ptr to i64
// CHECK: %[[DEV:.+]] = llvm.add %[[BASEINT]], %[[OFF]] : i64
// CHECK: %[[AREM:.+]] = llvm.urem %[[DEV]], %{{.+}} : i64
// CHECK: %[[AMIS:.+]] = llvm.icmp "ne" %[[AREM]], %{{.+}} : i64
// CHECK: llvm.cond_br %[[AMIS]], ^[[AFAIL:bb[0-9]+]], ^[[REST]]
// CHECK: ^[[FAIL]]:
// CHECK: llvm.call @snprintf(%{{.+}}, %{{.+}}, %{{.+}}, %[[OFF]])
// CHECK: llvm.mlir.constant(3 : i32) : i32
// CHECK: llvm.store %{{.+}}, %[[SLOT]] : !llvm.ptr, !llvm.ptr
// CHECK: llvm.br ^[[REST]]
// CHECK: ^[[AFAIL]]:
// CHECK: llvm.call @snprintf(%{{.+}}, %{{.+}}, %{{.+}}, %[[DEV]], %[[OFF]])
// CHECK: llvm.mlir.constant(3 : i32) : i32
// CHECK: llvm.store %{{.+}}, %[[SLOT]] : !llvm.ptr, !llvm.ptr
// CHECK: llvm.br ^[[REST]]
// CHECK: ^[[REST]]:
util.func public @aligned(%b: !hal.buffer, %n: index) {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
  hal.buffer.assert<%b : !hal.buffer> message("storage") allocator(%allocator : !hal.allocator) minimum_length(%n) type("None") usage("None") attributes {sluice.storage_alignment = 64 : i64}
  sluice_rt.check_status ^ok, ^error
^ok:
  util.return
^error:
  sluice_rt.fail
}

// -----

// Command functions read their captures from the closure: references
// first, then scalars, 8 bytes each. A wave of one fill of at most 65536
// constant bytes is done inline (§4.4 step 3): a NULL buffer is accepted
// for an empty range only (external-transients.md §9.10), the storage base
// is checked for NULL, the range against the buffer length (+24), then a
// memset.
// CHECK-LABEL: llvm.func internal @f$cmd0(
// CHECK-SAME: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %[[CLOSURE:[^:]+]]: !llvm.ptr) -> !llvm.ptr
// CHECK: llvm.load %[[CLOSURE]] : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.getelementptr %[[CLOSURE]][8] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.load %{{.+}} : !llvm.ptr -> i64
// CHECK: llvm.trunc %{{.+}} : i64 to i8
// CHECK: llvm.load %{{.+}} atomic acquire
// CHECK: llvm.icmp "eq"
// CHECK: llvm.getelementptr %{{.+}}[24] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.icmp "ugt"
// CHECK: llvm.call @snprintf(%{{.+}}) vararg(!llvm.func<i32 (ptr, i64, ptr, ...)>)
// CHECK: "llvm.intr.memset"
// CHECK-NOT: llvm.getelementptr %{{.+}}[256] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.return
util.func private @f$cmd0(%b: !hal.buffer, %p: i8) attributes {sluice_rt.command_function} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  sluice_rt.wave {
    sluice_rt.fill target(%b : !hal.buffer)[%c0, %c64] pattern(%p : i8)
  }
  util.return
}

// -----

// Two items (or a fill longer than 65536 bytes) go through the wave import
// (#33, +256); 4-byte inline fills are a store loop.
// CHECK-LABEL: llvm.func internal @g$cmd0(
// CHECK: llvm.getelementptr %{{.+}}[256] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.return
// CHECK-LABEL: llvm.func internal @g$cmd1(
// CHECK: llvm.getelementptr %{{.+}}[256] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-LABEL: llvm.func internal @g$cmd2(
// CHECK: ^bb{{[0-9]+}}(%{{.+}}: i64):
// CHECK: llvm.store %{{.+}}, %{{.+}} {alignment = 1 : i64} : i32, !llvm.ptr
// CHECK: llvm.cond_br
// CHECK-NOT: llvm.getelementptr %{{.+}}[256] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.return
util.func private @g$cmd0(%a: !hal.buffer, %b: !hal.buffer, %p: i32) attributes {sluice_rt.command_function} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  sluice_rt.wave {
    sluice_rt.fill target(%a : !hal.buffer)[%c0, %c64] pattern(%p : i32)
    sluice_rt.copy source(%a : !hal.buffer)[%c0] target(%b : !hal.buffer)[%c0] length(%c64)
  }
  util.return
}
util.func private @g$cmd1(%a: !hal.buffer, %p: i32) attributes {sluice_rt.command_function} {
  %c0 = arith.constant 0 : index
  %big = arith.constant 65540 : index
  sluice_rt.wave {
    sluice_rt.fill target(%a : !hal.buffer)[%c0, %big] pattern(%p : i32)
  }
  util.return
}
util.func private @g$cmd2(%a: !hal.buffer, %p: i32) attributes {sluice_rt.command_function} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  sluice_rt.wave {
    sluice_rt.fill target(%a : !hal.buffer)[%c0, %c64] pattern(%p : i32)
  }
  util.return
}

// -----

// Dispatches: a wave of one dispatch with constant counts (1, 1, 1) calls
// the workgroup function directly (a non-zero code is INTERNAL); dynamic
// counts are checked against (2^32-1, 2^32-1, 65535) before rt->wave.
// CHECK-DAG: llvm.mlir.global private constant @{{.+}}("dispatch 'ex::e' workgroup (0, 0, 0) failed with code %d\00")
// CHECK-DAG: llvm.mlir.global private constant @{{.+}}("dispatch 'ex::e' workgroup count (%llu, %llu, %llu) exceeds (4294967295, 4294967295, 65535)\00")
// CHECK-LABEL: llvm.func internal @h$cmd0(
// CHECK: %[[CODE:.+]] = llvm.call @sluice_dispatch__ex__e(%{{.+}}, %{{.+}}, %{{.+}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
// CHECK: llvm.icmp "ne" %[[CODE]]
// CHECK-NOT: [256]
// CHECK: llvm.return
// CHECK-LABEL: llvm.func internal @h$cmd1(
// CHECK: llvm.mlir.constant(4294967295 : i64)
// CHECK: llvm.mlir.constant(65535 : i64)
// CHECK: llvm.getelementptr %{{.+}}[256] : (!llvm.ptr) -> !llvm.ptr, i8
llvm.func internal @sluice_dispatch__ex__e(%env: !llvm.ptr, %d: !llvm.ptr, %w: !llvm.ptr) -> i32 {
  %0 = llvm.mlir.constant(0 : i32) : i32
  llvm.return %0 : i32
}
sluice_rt.executable_info @sluice_dispatch__ex__e executable("ex") export("e") layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) cost(10)
util.func private @h$cmd0(%a: !hal.buffer) attributes {sluice_rt.command_function} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  sluice_rt.wave {
    sluice_rt.dispatch @sluice_dispatch__ex__e workgroups([%c1, %c1, %c1]) bindings([%a[%c0, %c64]])
  }
  util.return
}
util.func private @h$cmd1(%a: !hal.buffer, %n: index) attributes {sluice_rt.command_function} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  sluice_rt.wave {
    sluice_rt.dispatch @sluice_dispatch__ex__e workgroups([%n, %c1, %c1]) bindings([%a[%c0, %c64]])
  }
  util.return
}

// -----

// Ops the runtime cannot run.
util.func public @unsupported(%a: index) -> index {
  // expected-error @+1 {{'util.optimization_barrier' op is not supported by the Sluice CPU runtime}}
  %b = util.optimization_barrier %a : index
  util.return %b : index
}

// -----

// Exported signatures are limited to the cconv set.
// expected-error @+1 {{exported function '@bad' has argument 0 of type !hal.device, which the Sluice module ABI cannot pass}}
util.func public @bad(%d: !hal.device) {
  util.return
}

// -----

// One-call HAL ops go through the import table: buffer_load is #17 (+128)
// with the width and an out-pointer; buffer_store #18 (+136) passes a
// pointer to the value; fence_join #29 (+224) an array and a count.
// CHECK-LABEL: llvm.func internal @loads(
// CHECK: llvm.getelementptr %{{.+}}[128] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.call %{{.+}}(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) : !llvm.ptr, (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr) -> !llvm.ptr
// CHECK: llvm.load %{{.+}} : !llvm.ptr -> f32
// CHECK: llvm.getelementptr %{{.+}}[136] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.getelementptr %{{.+}}[224] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.call %{{.+}}(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) : !llvm.ptr, (!llvm.ptr, i32, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
util.func public @loads(%b: !hal.buffer, %f: !hal.fence) -> (f32, !hal.fence) {
  %c8 = arith.constant 8 : index
  %v = hal.buffer.load<%b : !hal.buffer>[%c8] : f32
  sluice_rt.check_status ^a, ^error
^a:
  hal.buffer.store<%b : !hal.buffer>[%c8] value(%v : f32)
  sluice_rt.check_status ^b, ^error
^b:
  %j = hal.fence.join at([%f, %f]) flags("None") -> !hal.fence
  sluice_rt.check_status ^c, ^error
^c:
  util.return %v, %j : f32, !hal.fence
^error:
  sluice_rt.fail
}

// -----

// Non-device globals are slots in ctx->globals (+16): i8 at 0, i32 at 4,
// the reference at 8; the layout goes to the descriptor pass as module
// attributes (the image holds 7 and 300).
// CHECK: module attributes {sluice.global_image = "\07\00\00\00,\01\00\00\00\00\00\00\00\00\00\00", sluice.global_storage_size = 16 : i64, sluice.ref_global_offsets = array<i32: 8>}
// CHECK-NOT: util.global
// CHECK-LABEL: llvm.func internal @globals(
// CHECK: llvm.getelementptr %{{.+}}[16] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.getelementptr %{{.+}}[4] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.load %{{.+}} : !llvm.ptr -> i32
// a reference store: retain the new value, store, release the old one.
// CHECK: llvm.atomicrmw add
// CHECK: llvm.atomicrmw sub
util.global private mutable @small = 7 : i8
util.global private mutable @count = 300 : i32
util.global private mutable @buffer : !hal.buffer
util.func public @globals(%b: !hal.buffer) -> i32 {
  %c = util.global.load @count : i32
  util.global.store %b, @buffer : !hal.buffer
  util.return %c : i32
}

// -----

// expected-error @+1 {{'util.global' op of type 'tensor<4xf32>' is not supported by the Sluice CPU runtime}}
util.global private @tensor : tensor<4xf32>

// -----

// expected-error @+1 {{'util.global' op has an initial value "text" : i32 that the Sluice CPU runtime cannot hold}}
util.global private @text = "text" : i32

// -----

util.func public @query() -> f32 {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  // expected-error @+1 {{'hal.device.query' op queries a value of type 'f32'; the Sluice CPU runtime answers integer queries only}}
  %ok, %v = hal.device.query<%device : !hal.device> key("a" :: "b") : i1, f32
  util.return %v : f32
}

// -----

util.func public @compare(%a: tensor<4xf32>) -> i1 {
  // expected-error @+1 {{'util.cmp.eq' op compares values of type 'tensor<4xf32>', which the Sluice CPU runtime cannot compare}}
  %eq = util.cmp.eq %a, %a : tensor<4xf32>
  util.return %eq : i1
}

// -----

// An initializer without a body does nothing (fuzz finding: it used to crash).
// CHECK-LABEL: module
// CHECK-NOT: sluice.initializer
// CHECK: llvm.func internal @after_empty_initializer(
util.initializer {
}
util.func public @after_empty_initializer() {
  util.return
}

// -----

// execution.md §1.4: a body-less function cannot be imported by a Sluice module.
// expected-error @+1 {{external function '@ext' is not supported; Sluice modules cannot import functions}}
util.func private @ext(%arg0: i32) -> i32
util.func public @calls_ext(%arg0: i32) -> i32 {
  %0 = util.call @ext(%arg0) : (i32) -> i32
  util.return %0 : i32
}
