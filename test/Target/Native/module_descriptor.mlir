// RUN: sluice-opt --split-input-file --verify-diagnostics --sluice-convert-host-to-llvm --sluice-emit-module-descriptor="module-name=m target-cpu=x86-64-v3" %s | FileCheck %s
// REQUIRES: sluice-opt

// The descriptor: cconv strings, names sorted, a thunk per export, the
// initializer, export infos and the only public symbol.
// CHECK-DAG: "0r_I\00"
// CHECK-DAG: "0iIfF_v\00"
// CHECK-DAG: "m\00"
// CHECK-DAG: "x86-64-v3\00"
// CHECK-DAG: llvm.func internal @__sluice_thunk_alpha(
// CHECK-DAG: llvm.func internal @__sluice_thunk_beta(
// CHECK-DAG: llvm.func internal @__sluice_initialize(
// CHECK-DAG: "iree.abi.model\00"
// CHECK: llvm.func @sluice_module_query(%{{.+}}: i32) -> !llvm.ptr
// CHECK-NOT: sluice.export
util.initializer {
  util.return
}
util.func public @beta(%v: !hal.buffer_view) -> index attributes {iree.reflection = {iree.abi.model = "sync"}} {
  %d = hal.buffer_view.dim<%v : !hal.buffer_view>[0] : index
  util.return %d : index
}
util.func public @alpha(%a: i8, %b: i64, %c: f32, %d: f64) {
  util.return
}

// -----

// Reflection values must serialize.
// expected-error @+1 {{unsupported reflection attribute value for key 'k'}}
util.func public @f() attributes {iree.reflection = {k = [1, 2]}} {
  util.return
}

// -----

// external-transients.md §2.4: a symbol reference is written as the bare
// name, an integer as signed decimal.
// CHECK-DAG: "iree.abi.transients.size\00"
// CHECK-DAG: "g_transients_size\00"
// CHECK-DAG: "iree.abi.transients.size.constant\00"
// CHECK-DAG: "512\00"
util.func public @g(%s: !hal.buffer) attributes {iree.reflection = {iree.abi.transients.size = @g_transients_size, iree.abi.transients.size.constant = 512 : index}} {
  util.return
}
util.func public @g_transients_size(%s: !hal.buffer) -> index {
  %c512 = arith.constant 512 : index
  util.return %c512 : index
}

// -----

// Global storage: the size (16), the initial image (64-byte aligned) and
// the reference slot offsets; the layout attributes are consumed.
// CHECK-DAG: llvm.mlir.global private constant @__sluice_desc_global_image("\05\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00") {addr_space = 0 : i32, alignment = 64 : i64}
// CHECK-DAG: llvm.mlir.global private constant @__sluice_desc_ref_global_offsets(dense<8> : tensor<1xi32>)
// CHECK-DAG: llvm.mlir.constant(16 : i64) : i64
// CHECK-DAG: llvm.mlir.addressof @__sluice_desc_global_image : !llvm.ptr
// CHECK-DAG: llvm.mlir.addressof @__sluice_desc_ref_global_offsets : !llvm.ptr
util.global private mutable @count = 5 : i32
util.global private mutable @view : !hal.buffer_view
util.func public @get() -> i32 {
  %c = util.global.load @count : i32
  util.return %c : i32
}
