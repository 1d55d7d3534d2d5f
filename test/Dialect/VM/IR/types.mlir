// REQUIRES: sluice-opt
// vm types (support-dialects.md §5.1): buffers and lists parse as refs and
// print back in the short form; refs of other objects print in full.

// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: @types
// CHECK-SAME: (%arg0: !vm.buffer, %arg1: !vm.list<?>, %arg2: !vm.list<!vm.ref<!hal.buffer>>, %arg3: !vm.list<i8>, %arg4: !vm.list<f32>, %arg5: !vm.list<!vm.buffer>, %arg6: !vm.list<!vm.list<?>>, %arg7: !vm.ref<!hal.device>, %arg8: !vm.ref<?>, %arg9: !vm.opaque)
util.func private @types(!vm.buffer, !vm.list<?>, !vm.list<!vm.ref<!hal.buffer>>, !vm.list<i8>, !vm.list<f32>, !vm.list<!vm.buffer>, !vm.list<!vm.list<?>>, !vm.ref<!hal.device>, !vm.ref<?>, !vm.opaque)

// GENERIC: function_type = (!vm.buffer, !vm.list<?>, !vm.list<!vm.ref<!hal.buffer>>, !vm.list<i8>, !vm.list<f32>, !vm.list<!vm.buffer>, !vm.list<!vm.list<?>>, !vm.ref<!hal.device>, !vm.ref<?>, !vm.opaque)
