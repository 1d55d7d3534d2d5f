// RUN: sluice-opt --split-input-file --canonicalize %s | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @size_of_constant
util.func public @size_of_constant() -> (index, index) {
  // CHECK-DAG: %[[C5:.+]] = arith.constant 5 : index
  // CHECK-DAG: %[[C12:.+]] = arith.constant 12 : index
  %0 = util.buffer.constant : !util.buffer = "hello"
  %1 = util.buffer.size %0 : !util.buffer
  %2 = util.buffer.constant : !util.buffer = dense<[1, 2, 3]> : tensor<3xi32>
  %3 = util.buffer.size %2 : !util.buffer
  // CHECK: util.return %[[C5]], %[[C12]]
  util.return %1, %3 : index, index
}

// -----

// The size of a subspan result is its length operand.
// CHECK-LABEL: util.func public @size_of_subspan
util.func public @size_of_subspan(%b: !util.buffer, %n: index, %o: index, %l: index) -> index {
  // CHECK: util.return %arg3
  %0 = util.buffer.subspan %b[%o] : !util.buffer{%n} -> !util.buffer{%l}
  %1 = util.buffer.size %0 : !util.buffer
  util.return %1 : index
}

// -----

// CHECK-LABEL: util.func public @subspan_of_subspan
util.func public @subspan_of_subspan(%b: !util.buffer, %n: index, %o0: index, %l0: index, %o1: index, %l1: index) -> !util.buffer {
  // CHECK: %[[O:.+]] = arith.addi %arg2, %arg4 : index
  // CHECK: %[[S:.+]] = util.buffer.subspan %arg0[%[[O]]] : !util.buffer{%arg1} -> !util.buffer{%arg5}
  // CHECK: util.return %[[S]]
  %0 = util.buffer.subspan %b[%o0] : !util.buffer{%n} -> !util.buffer{%l0}
  %1 = util.buffer.subspan %0[%o1] : !util.buffer{%l0} -> !util.buffer{%l1}
  util.return %1 : !util.buffer
}

// -----

// A subspan covering the whole buffer (same size value) is the buffer.
// CHECK-LABEL: util.func public @whole_subspan
util.func public @whole_subspan(%b: !util.buffer, %n: index, %o: index) -> !util.buffer {
  // CHECK: util.return %arg0
  %0 = util.buffer.subspan %b[%o] : !util.buffer{%n} -> !util.buffer{%n}
  util.return %0 : !util.buffer
}

// -----

// CHECK-LABEL: util.func public @select_of_subspans
util.func public @select_of_subspans(%c: i1, %b: !util.buffer, %n: index, %o0: index, %o1: index, %l: index) -> !util.buffer {
  // CHECK: %[[O:.+]] = arith.select %arg0, %arg3, %arg4 : index
  // CHECK: util.buffer.subspan %arg1[%[[O]]] : !util.buffer{%arg2} -> !util.buffer{%arg5}
  %0 = util.buffer.subspan %b[%o0] : !util.buffer{%n} -> !util.buffer{%l}
  %1 = util.buffer.subspan %b[%o1] : !util.buffer{%n} -> !util.buffer{%l}
  %2 = arith.select %c, %0, %1 : !util.buffer
  util.return %2 : !util.buffer
}

// -----

// util.null folds to #util.null and is uniqued like any constant.
// CHECK-LABEL: util.func public @null
util.func public @null() -> (!hal.fence, !hal.fence) {
  // CHECK: %[[N:.+]] = util.null : !hal.fence
  // CHECK-NOT: util.null
  // CHECK: util.return %[[N]], %[[N]]
  %0 = util.null : !hal.fence
  %1 = util.null : !hal.fence
  util.return %0, %1 : !hal.fence, !hal.fence
}
