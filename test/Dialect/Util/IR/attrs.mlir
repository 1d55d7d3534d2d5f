// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// Composites get the alias `composite_of_<N>b`; equal lengths are numbered.

//      CHECK: #composite_of_0b = #util.composite<0xi8, []>
//      CHECK: #composite_of_12b = #util.composite<12xi8, [
// CHECK-NEXT:     dense<7> : tensor<1xi32>,
// CHECK-NEXT:     dense<0> : vector<8xi8>,
// CHECK-NEXT: ]>
//  CHECK-DAG: #composite_of_16b = #util.composite<16xi8, [
//  CHECK-DAG: #composite_of_16b1 = #util.composite<16xi8, [
// CHECK: util.global private @a : !util.buffer = #composite_of_12b
util.global private @a : !util.buffer = #util.composite<12xi8, [dense<7> : tensor<1xi32>, dense<0> : vector<8xi8>,]>
// CHECK: util.global private @b : !util.buffer = #composite_of_16b
util.global private @b : !util.buffer = #util.composite<16xi8, [dense<1> : tensor<4xi32>]>
// CHECK: util.global private @c : !util.buffer = #composite_of_16b1
util.global private @c : !util.buffer = #util.composite<16xi8, ["0123456789abcdef"]>
// CHECK: util.global private @d : !util.buffer = #composite_of_0b
util.global private @d : !util.buffer = #util.composite<0xi8, []>

// Sub-byte elements are bit-packed: 3 x i4 need 2 bytes.
// CHECK: util.global private @e : !util.buffer = #composite_of_2b
util.global private @e : !util.buffer = #util.composite<2xi8, [dense<[1, 2, 3]> : tensor<3xi4>]>

// -----

// CHECK: util.global private @p = #util.null : !hal.fence
util.global private @p = #util.null : !hal.fence
// CHECK: util.global private @q {inlining_policy = #util.inline.always} : i32
util.global private @q {inlining_policy = #util.inline.always} : i32
// CHECK: test.assumption = #util.int.assumption<umin = 1, umax = 2, udiv = 3>
// CHECK: test.empty = #util.int.assumption<>
util.global private @r {test.assumption = #util.int.assumption<udiv = 3, umax = 2, umin = 1>, test.empty = #util.int.assumption<>} : i32

// -----

// CHECK: util.func private @types(%arg0: !util.list<?>, %arg1: !util.list<i32>, %arg2: !util.ptr<!hal.buffer>, %arg3: !util.object, %arg4: !util.variant, %arg5: !util.unused)
util.func private @types(!util.list<?>, !util.list<i32>, !util.ptr<!hal.buffer>, !util.object, !util.variant, !util.unused)
