// REQUIRES: sluice-opt
// --iree-vm-conversion (support-dialects.md §5.6): module nesting, imports,
// type conversion, util/arith/hal lowering.

// RUN: sluice-opt --split-input-file --iree-vm-conversion --mlir-print-local-scope %s | FileCheck %s

// The body moves into `vm.module @module`; the outer module is the toplevel.
// No op of a dialect with imports: no imports (hal types alone do not count).
// CHECK: module attributes {vm.toplevel} {
// CHECK-NEXT: vm.module public @module {
// CHECK-NOT: vm.import
// CHECK: vm.func private @types(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i64, %arg5: i32, %arg6: f32, %arg7: f64, %arg8: !vm.buffer, %arg9: !vm.buffer, %arg10: !vm.list<i32>, %arg11: !vm.list<!vm.ref<!hal.buffer>>, %arg12: !vm.list<?>, %arg13: !vm.list<?>, %arg14: !vm.ref<?>, %arg15: !vm.opaque, %arg16: !vm.ref<!hal.device>, %arg17: !vm.ref<!hal.buffer_view>)
// CHECK-NEXT: vm.return
util.func private @types(%a: i1, %b: i8, %c: i16, %d: i64, %e: index, %f: f16, %g: f32, %h: f64, %i: vector<4xf32>, %j: !util.buffer, %k: !util.list<i32>, %l: !util.list<!hal.buffer>, %m: !util.list<!util.object>, %n: !util.list<?>, %o: !util.object, %p: !util.variant, %q: !hal.device, %r: !hal.buffer_view) {
  util.return
}

// -----

// A named module keeps its name; its reflection moves to the vm.module.
// CHECK: module @named attributes {vm.toplevel} {
// CHECK-NEXT: vm.module public @named attributes {iree.reflection = {x = "y"}} {
module @named attributes {iree.reflection = {x = "y"}} {
  util.func private @f() {
    util.return
  }
}

// -----

// A nested module first: it is the one converted; `vm.version` becomes the
// module version.
// CHECK: module attributes {vm.toplevel} {
// CHECK-NEXT: vm.module public @inner attributes {version = 7 : i32} {
// CHECK-NEXT: vm.func private @f()
module {
  module @inner attributes {vm.version = 7 : i32} {
    util.func private @f() {
      util.return
    }
  }
}

// -----

// A vm.module first: nothing to do.
// CHECK: module {
// CHECK-NEXT: vm.module public @already {
// CHECK-NEXT: vm.func private @f() {
module {
  vm.module @already {
    vm.func private @f() {
      vm.return
    }
  }
}

// -----

// Public functions become private vm.funcs plus an export carrying their
// discardable attributes; the vm.func keeps reflection, nosideeffects and
// the inlining policy. External functions become imports.
// CHECK: vm.import private @external(i32, !vm.buffer) -> !vm.ref<!hal.fence>
util.func private @external(i1, !util.buffer) -> !hal.fence
// CHECK: vm.import private optional @with_signature(i64) -> i64 attributes {minimum_version = 3 : i32}
util.func private @with_signature(index) -> index attributes {vm.signature = (i64) -> i64, vm.fallback = @fallback, vm.version = 3 : i32}
// CHECK: vm.func private @callee(%arg0: i32) -> i32 attributes {inlining_policy = #util.inline.never, iree.reflection = {k = "v"}, nosideeffects} {
// CHECK-NEXT: vm.return %arg0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: vm.export @callee attributes {iree.abi.stub, iree.reflection = {k = "v"}, nosideeffects}
util.func public @callee(%arg0: i32) -> i32 attributes {inlining_policy = #util.inline.never, iree.reflection = {k = "v"}, nosideeffects, iree.abi.stub} {
  util.return %arg0 : i32
}
// CHECK-LABEL: vm.func private @caller
// CHECK-NOT: vm.export @caller
util.func private @caller(%buffer: !util.buffer, %value: index) -> (!hal.fence, i32, index, !util.buffer, !util.buffer) {
  // CHECK: %[[TRUE:.+]] = vm.const.i32 1
  %true = arith.constant true
  // CHECK: %[[MINUS1:.+]] = vm.const.i32 -1
  %m1 = arith.constant -1 : i8
  // CHECK: %[[ZERO:.+]] = vm.const.i32.zero
  %c0_i32 = arith.constant 0 : i32
  // CHECK: %[[BIG:.+]] = vm.const.i64 4294967296
  %big = arith.constant 4294967296 : index
  // CHECK: %[[ZERO64:.+]] = vm.const.i64.zero
  %c0 = arith.constant 0 : index
  // CHECK: %[[FENCE:.+]] = vm.call @external(%[[TRUE]], %arg0) : (i32, !vm.buffer) -> !vm.ref<!hal.fence>
  %fence = util.call @external(%true, %buffer) : (i1, !util.buffer) -> !hal.fence
  // CHECK: %[[MINUS1_32:.+]] = vm.const.i32 -1
  %m1_32 = arith.constant -1 : i32
  // CHECK: %[[CALL:.+]] = vm.call @callee(%[[MINUS1_32]]) : (i32) -> i32
  %call = util.call @callee(%m1_32) : (i32) -> i32
  // CHECK: %[[NULL:.+]] = vm.const.ref.zero : !vm.buffer
  %null = util.null : !util.buffer
  // CHECK: %[[DATA:.+]] = vm.rodata.inline "blob" {alignment = 64 : i64, mime_type = "text/plain"} : !vm.buffer = "data"
  %data = util.buffer.constant "blob" {alignment = 64 : index, mime_type = "text/plain"} : !util.buffer = "data"
  // Assumptions vanish; barriers stay.
  %assumed = util.assume.int %value<umin = 0, umax = 10> : index
  // CHECK: %[[BARRIER:.+]]:2 = vm.optimization_barrier %arg1, %[[NULL]] : i64, !vm.buffer
  %barrier:2 = util.optimization_barrier %assumed, %null : index, !util.buffer
  // CHECK: vm.return %[[FENCE]], %[[CALL]], %[[BARRIER]]#0, %[[DATA]], %[[BARRIER]]#1 : !vm.ref<!hal.fence>, i32, i64, !vm.buffer, !vm.buffer
  util.return %fence, %call, %barrier#0, %data, %barrier#1 : !hal.fence, i32, index, !util.buffer, !util.buffer
}

// -----

// Imports go before the module's last op; an op naming another dialect in
// `vm.import.module` pulls in that dialect's imports; an existing symbol of
// an import's name is replaced.
// CHECK: vm.module public @module {
// CHECK-NEXT: vm.func private @first()
// CHECK: vm.import private @io_parameters.load(
// CHECK-NEXT: vm.import private @io_parameters.gather(
// CHECK-NEXT: vm.import private @io_parameters.scatter(
// CHECK-NOT: vm.import
// CHECK: vm.func private @last()
util.func private @first() attributes {vm.import.module = "io_parameters"} {
  util.return
}
util.func private @io_parameters.gather(i32)
util.func private @last() {
  util.return
}
