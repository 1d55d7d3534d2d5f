// REQUIRES: sluice-opt
// vm constant canonicalization and integer folders (support-dialects.md §5.3).

// RUN: sluice-opt --split-input-file --canonicalize %s | FileCheck %s

vm.module @module {
  // CHECK-LABEL: vm.func private @constants
  vm.func private @constants() -> (i32, i64, i32, i64) {
    // `vm.const.iN 0` becomes the zero op; duplicates are uniqued.
    // CHECK-DAG: %[[Z32:.+]] = vm.const.i32.zero
    // CHECK-DAG: %[[Z64:.+]] = vm.const.i64.zero
    // CHECK-NOT: vm.const.i32 0
    %0 = vm.const.i32 0
    %1 = vm.const.i64 0
    %2 = vm.const.i32.zero
    %3 = vm.const.i64 0
    // CHECK: vm.return %[[Z32]], %[[Z64]], %[[Z32]], %[[Z64]]
    vm.return %0, %1, %2, %3 : i32, i64, i32, i64
  }

  // CHECK-LABEL: vm.func private @arithmetic
  vm.func private @arithmetic(%x: i64, %y: i32) -> (i64, i64, i32, i64, i32) {
    %c5 = vm.const.i64 5
    %c7 = vm.const.i64 7
    %zero = vm.const.i64.zero
    %big = vm.const.i64 4294967301
    %neg = vm.const.i32 -1
    // CHECK-DAG: %[[C12:.+]] = vm.const.i64 12
    %sum = vm.add.i64 %c5, %c7 : i64
    %same = vm.add.i64 %x, %zero : i64
    // CHECK-DAG: %[[C5_32:.+]] = vm.const.i32 5
    %trunc = vm.trunc.i64.i32 %big : i64 -> i32
    // CHECK-DAG: %[[ZEXT:.+]] = vm.const.i64 4294967295
    %ext = vm.ext.i32.i64.u %neg : i32 -> i64
    // CHECK-DAG: %[[ADD32:.+]] = vm.add.i32 %arg1, %{{.+}} : i32
    %add32 = vm.add.i32 %y, %neg : i32
    // CHECK: vm.return %[[C12]], %arg0, %[[C5_32]], %[[ZEXT]], %[[ADD32]]
    vm.return %sum, %same, %trunc, %ext, %add32 : i64, i64, i32, i64, i32
  }

  // CHECK-LABEL: vm.func private @null_refs
  vm.func private @null_refs() -> (!vm.buffer, !vm.buffer) {
    // CHECK: %[[NULL:.+]] = vm.const.ref.zero : !vm.buffer
    %0 = vm.const.ref.zero : !vm.buffer
    %1 = vm.const.ref.zero : !vm.buffer
    // CHECK: vm.return %[[NULL]], %[[NULL]]
    vm.return %0, %1 : !vm.buffer, !vm.buffer
  }
}
