// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s --strict-whitespace
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @assume_int
util.func public @assume_int(%a: i32, %b: index) -> (index, i32, index, index) {
  // One operand: everything on one line; single-entry rows without brackets.
  // CHECK: %[[A:.+]] = util.assume.int %arg1<umin = 1, umax = 8> : index
  %0 = util.assume.int %b<umin = 1, umax = 8> : index
  // Several operands: one per line, types on their own line.
  //      CHECK: %{{.+}}:2 = util.assume.int {{$}}
  // CHECK-NEXT: {{^        }}%arg0[<umin = 0, umax = 0>, <>, <umin = 5, umax = 5, udiv = 5>],
  // CHECK-NEXT: {{^        }}%arg1<umin = 4, udiv = 4>
  // CHECK-NEXT: {{^      }}: i32, index
  %1:2 = util.assume.int
      %a[<umin = 0, umax = 0>, <>, <umin = 5, umax = 5, udiv = 5>],
      %b<udiv = 4, umin = 4>
    : i32, index
  // Empty assumptions and rows.
  // CHECK: util.assume.int %arg1<> : index
  %2 = util.assume.int %b<> : index
  // CHECK: util.assume.int %arg1[] : index
  %3 = util.assume.int %b[] : index
  util.return %0, %1#0, %2, %3 : index, i32, index, index
}

// -----

// CHECK-LABEL: util.func public @misc
util.func public @misc(%a: index, %b: index, %r0: !util.buffer, %r1: !util.buffer) -> (index, i1, i1, index) {
  // CHECK: util.align %arg0, %arg1 : index
  %0 = util.align %a, %b : index
  // CHECK: util.cmp.eq %arg2, %arg3 : !util.buffer
  %1 = util.cmp.eq %r0, %r1 : !util.buffer
  // CHECK: util.cmp.ne %arg2, %arg3 : !util.buffer
  %2 = util.cmp.ne %r0, %r1 : !util.buffer
  // CHECK: util.sizeof f16
  %3 = util.sizeof f16
  util.return %0, %1, %2, %3 : index, i1, i1, index
}
