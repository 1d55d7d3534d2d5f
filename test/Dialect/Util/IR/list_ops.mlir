// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @lists
// CHECK-SAME: (%arg0: !util.list<?>, %arg1: !util.list<tensor<*xf32>>, %arg2: index, %arg3: i32)
util.func public @lists(%l: !util.list<?>, %tl: !util.list<tensor<*xf32>>, %i: index, %v: i32) {
  // CHECK: util.list.get %arg0[%arg2] : !util.list<?> -> i32
  %0 = util.list.get %l[%i] : !util.list<?> -> i32
  // Without `->` the element type is the result type.
  // CHECK: util.list.get %arg1[%arg2] : !util.list<tensor<*xf32>>{{$}}
  %1 = util.list.get %tl[%i] : !util.list<tensor<*xf32>>
  // Tensors of any shape cast implicitly.
  // CHECK: util.list.get %arg1[%arg2] : !util.list<tensor<*xf32>> -> tensor<?xf32>
  %2 = util.list.get %tl[%i] : !util.list<tensor<*xf32>> -> tensor<?xf32>
  // CHECK: util.list.set %arg0[%arg2], %arg3 : i32 -> !util.list<?>
  util.list.set %l[%i], %v : i32 -> !util.list<?>
  // CHECK: %[[N:.+]] = util.list.create %arg2 : !util.list<i32>
  %n = util.list.create %i : !util.list<i32>
  // CHECK: util.list.create : !util.list<?>
  %e = util.list.create : !util.list<?>
  // CHECK: util.list.set %[[N]][%arg2], %arg3 : !util.list<i32>
  util.list.set %n[%i], %v : !util.list<i32>
  // CHECK: util.list.size %[[N]] : !util.list<i32>
  %s = util.list.size %n : !util.list<i32>
  // CHECK: util.list.resize %[[N]], %arg2 : !util.list<i32>
  util.list.resize %n, %i : !util.list<i32>
  // CHECK: util.list.construct [%arg3 : i32, %arg2 : index] : !util.list<?>
  %c = util.list.construct [%v : i32, %i : index] : !util.list<?>
  util.return
}
