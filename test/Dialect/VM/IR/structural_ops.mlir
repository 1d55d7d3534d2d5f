// REQUIRES: sluice-opt
// vm structural ops (support-dialects.md §5.2): module, func, export, import,
// return, call, optimization_barrier.

// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: vm.module public @module attributes {version = 3 : i32} {
// GENERIC: "vm.module"() <{sym_name = "module", version = 3 : i32}>
vm.module @module attributes {version = 3 : i32} {
  // CHECK-NEXT: vm.import private @io_parameters.load(%device : !vm.ref<!hal.device>, %queue_affinity : i64, %wait_fence : !vm.ref<!hal.fence>, %signal_fence : !vm.ref<!hal.fence>, %source_scope : !vm.buffer, %target_queue_affinity : i64, %target_memory_type : i32, %target_buffer_usage : i32, %key_table : !vm.buffer, %key_data : !vm.buffer, %spans : !vm.buffer) -> !vm.list<!vm.ref<!hal.buffer>>
  // GENERIC: "vm.import"() <{arg_attrs = [{vm.name = "device"}, {vm.name = "queue_affinity"}, {vm.name = "wait_fence"}, {vm.name = "signal_fence"}, {vm.name = "source_scope"}, {vm.name = "target_queue_affinity"}, {vm.name = "target_memory_type"}, {vm.name = "target_buffer_usage"}, {vm.name = "key_table"}, {vm.name = "key_data"}, {vm.name = "spans"}], function_type = {{.+}}, sym_name = "io_parameters.load", sym_visibility = "private"}>
  vm.import private @io_parameters.load(%device : !vm.ref<!hal.device>, %queue_affinity : i64, %wait_fence : !vm.ref<!hal.fence>, %signal_fence : !vm.ref<!hal.fence>, %source_scope : !vm.buffer, %target_queue_affinity : i64, %target_memory_type : i32, %target_buffer_usage : i32, %key_table : !vm.buffer, %key_data : !vm.buffer, %spans : !vm.buffer) -> !vm.list<!vm.ref<!hal.buffer>>
  // CHECK-NEXT: vm.import private @io_parameters.gather(%device : !vm.ref<!hal.device>, %queue_affinity : i64, %wait_fence : !vm.ref<!hal.fence>, %signal_fence : !vm.ref<!hal.fence>, %source_scope : !vm.buffer, %target_buffer : !vm.ref<!hal.buffer>, %key_table : !vm.buffer, %key_data : !vm.buffer, %spans : !vm.buffer){{$}}
  vm.import private @io_parameters.gather(%device : !vm.ref<!hal.device>, %queue_affinity : i64, %wait_fence : !vm.ref<!hal.fence>, %signal_fence : !vm.ref<!hal.fence>, %source_scope : !vm.buffer, %target_buffer : !vm.ref<!hal.buffer>, %key_table : !vm.buffer, %key_data : !vm.buffer, %spans : !vm.buffer)
  // Unnamed, variadic and optional imports; several results; attributes.
  // CHECK-NEXT: vm.import public optional @other.fn(i32, %values : !vm.ref<?> ...) -> (i32, i64) attributes {minimum_version = 2 : i32}
  // GENERIC: "vm.import"() <{arg_attrs = [{}, {vm.name = "values", vm.variadic}], function_type = (i32, !vm.ref<?>) -> (i32, i64), is_optional, minimum_version = 2 : i32, sym_name = "other.fn", sym_visibility = "public"}>
  vm.import public optional @other.fn(i32, %values : !vm.ref<?> ...) -> (i32, i64) attributes {minimum_version = 2 : i32}
  // CHECK-NEXT: vm.import private @other.none()
  vm.import @other.none() attributes {sym_visibility = "private"}

  // CHECK-NEXT: vm.func private @callee(%arg0: i32, %arg1: !vm.buffer) -> (i32, !vm.buffer) {
  vm.func private @callee(%a: i32, %b: !vm.buffer) -> (i32, !vm.buffer) {
    // CHECK-NEXT: vm.return %arg0, %arg1 : i32, !vm.buffer
    vm.return %a, %b : i32, !vm.buffer
  }
  // CHECK: vm.func @caller(%arg0: i32, %arg1: !vm.buffer) attributes {inlining_policy = #util.inline.never} {
  vm.func @caller(%a: i32, %b: !vm.buffer) attributes {inlining_policy = #util.inline.never} {
    // CHECK-NEXT: %0:2 = vm.call @callee(%arg0, %arg1) : (i32, !vm.buffer) -> (i32, !vm.buffer)
    %0:2 = vm.call @callee(%a, %b) : (i32, !vm.buffer) -> (i32, !vm.buffer)
    // CHECK-NEXT: %1:2 = vm.call @other.fn(%0#0, %arg1, %arg1) : (i32, !vm.buffer, !vm.buffer) -> (i32, i64)
    %1:2 = vm.call @other.fn(%0#0, %b, %b) : (i32, !vm.buffer, !vm.buffer) -> (i32, i64)
    // CHECK-NEXT: vm.call @other.none() {test.attr} : () -> ()
    vm.call @other.none() {test.attr} : () -> ()
    // CHECK-NEXT: %2:2 = vm.optimization_barrier %1#0, %arg1 : i32, !vm.buffer
    %2:2 = vm.optimization_barrier %1#0, %b : i32, !vm.buffer
    // CHECK-NEXT: vm.return{{$}}
    vm.return
  }
  // CHECK: vm.export @caller{{$}}
  vm.export @caller
  // CHECK-NEXT: vm.export @caller as("entry") attributes {ordinal = 1 : i32}
  vm.export @caller as("entry") attributes {ordinal = 1 : i32}
  // GENERIC: "vm.export"() <{export_name = "entry", function_ref = @caller, ordinal = 1 : i32}>
  // CHECK-NEXT: }
}

// -----

// CHECK: vm.module private @empty {
// CHECK-NEXT: }
vm.module private @empty {
}
