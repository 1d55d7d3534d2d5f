// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-util-propagate-subranges %s | FileCheck %s

// stream-passes-2.md §15.10.

// Globals get three index companions; stores write the four parts, loads
// read them and rebuild the view.
// CHECK: util.global private mutable @someGlobal : !util.buffer
// CHECK-NEXT: util.global private mutable @someGlobal__storage_size : index
// CHECK-NEXT: util.global private mutable @someGlobal__offset : index
// CHECK-NEXT: util.global private mutable @someGlobal__length : index
util.global private mutable @someGlobal : !util.buffer
// CHECK-LABEL: @globalStoreLoad
util.func public @globalStoreLoad(%arg0: !util.buffer, %arg1: index) -> !util.buffer {
  %c10 = arith.constant 10 : index
  %c20 = arith.constant 20 : index
  %0 = util.buffer.subspan %arg0[%c10] : !util.buffer{%arg1} -> !util.buffer{%c20}
  // CHECK: util.global.store %arg0, @someGlobal : !util.buffer
  // CHECK-NEXT: util.global.store %arg1, @someGlobal__storage_size : index
  // CHECK-NEXT: util.global.store %c10, @someGlobal__offset : index
  // CHECK-NEXT: util.global.store %c20, @someGlobal__length : index
  util.global.store %0, @someGlobal : !util.buffer
  // CHECK-NEXT: %[[R:.+]] = util.global.load @someGlobal : !util.buffer
  // CHECK-NEXT: %[[S:.+]] = util.global.load @someGlobal__storage_size : index
  // CHECK-NEXT: %[[O:.+]] = util.global.load @someGlobal__offset : index
  // CHECK-NEXT: %[[L:.+]] = util.global.load @someGlobal__length : index
  // CHECK-NEXT: %[[V:.+]] = util.buffer.subspan %[[R]][%[[O]]] : !util.buffer{%[[S]]} -> !util.buffer{%[[L]]}
  %1 = util.global.load @someGlobal : !util.buffer
  // CHECK-NEXT: util.return %[[V]]
  util.return %1 : !util.buffer
}

// -----

// Private functions take and return the four parts; calls pass them.
// CHECK-LABEL: util.func private @callee
// CHECK-SAME: (%[[R:.+]]: !util.buffer, %[[S:.+]]: index, %[[O:.+]]: index, %[[L:.+]]: index)
// CHECK-SAME: -> (!util.buffer, index, index, index)
util.func private @callee(%arg0: !util.buffer) -> !util.buffer {
  // CHECK-NEXT: util.buffer.subspan %[[R]][%[[O]]] : !util.buffer{%[[S]]} -> !util.buffer{%[[L]]}
  // CHECK-NEXT: util.return %[[R]], %[[S]], %[[O]], %[[L]]
  util.return %arg0 : !util.buffer
}
// CHECK-LABEL: util.func public @caller
util.func public @caller(%arg0: !util.buffer, %arg1: index) -> !util.buffer {
  %c10 = arith.constant 10 : index
  %c20 = arith.constant 20 : index
  %0 = util.buffer.subspan %arg0[%c10] : !util.buffer{%arg1} -> !util.buffer{%c20}
  // CHECK: %[[CALL:.+]]:4 = util.call @callee(%arg0, %arg1, %c10, %c20) : (!util.buffer, index, index, index) -> (!util.buffer, index, index, index)
  %1 = util.call @callee(%0) : (!util.buffer) -> !util.buffer
  // CHECK-NEXT: %[[V:.+]] = util.buffer.subspan %[[CALL]]#0[%[[CALL]]#2] : !util.buffer{%[[CALL]]#1} -> !util.buffer{%[[CALL]]#3}
  // CHECK-NEXT: util.return %[[V]]
  util.return %1 : !util.buffer
}

// -----

// Public functions keep their signature; a subspan of a subspan composes.
// CHECK-LABEL: util.func public @compose
// CHECK-SAME: (%arg0: !util.buffer, %arg1: index)
util.func public @compose(%arg0: !util.buffer, %arg1: index) -> !util.buffer {
  %c10 = arith.constant 10 : index
  %c20 = arith.constant 20 : index
  %c5 = arith.constant 5 : index
  %0 = util.buffer.subspan %arg0[%c10] : !util.buffer{%arg1} -> !util.buffer{%c20}
  %1 = util.buffer.subspan %0[%c5] : !util.buffer{%c20} -> !util.buffer{%c5}
  // CHECK: %[[C15:.+]] = arith.constant 15 : index
  // CHECK: util.call @sink(%arg0, %arg1, %[[C15]], %c5)
  util.call @sink(%1) : (!util.buffer) -> ()
  util.return %1 : !util.buffer
}
util.func private @sink(%arg0: !util.buffer) {
  util.return
}

// -----

// Branches carry the parts; block arguments are rebuilt into views.
// CHECK-LABEL: @branches
util.func public @branches(%arg0: !util.buffer, %arg1: index, %arg2: i1) -> !util.buffer {
  %c0 = arith.constant 0 : index
  // CHECK: %[[SIZE:.+]] = util.buffer.size %arg0
  // CHECK: cf.cond_br %arg2, ^bb1(%arg0, %[[SIZE]], %c0, %[[SIZE]] : !util.buffer, index, index, index), ^bb2
  cf.cond_br %arg2, ^bb1(%arg0 : !util.buffer), ^bb2
// CHECK: ^bb1(%[[R:.+]]: !util.buffer, %[[S:.+]]: index, %[[O:.+]]: index, %[[L:.+]]: index):
^bb1(%b: !util.buffer):
  // CHECK-NEXT: %[[V:.+]] = util.buffer.subspan %[[R]][%[[O]]] : !util.buffer{%[[S]]} -> !util.buffer{%[[L]]}
  // CHECK-NEXT: util.return %[[V]]
  util.return %b : !util.buffer
^bb2:
  // CHECK: ^bb2:
  // CHECK-NEXT: cf.br ^bb3
  cf.br ^bb3
^bb3:
  util.return %arg0 : !util.buffer
}

// -----

// Region ops: operands, block arguments, yields and results carry the parts.
// The subspan's own operands are yielded (the map of the region is dropped
// before its yield is expanded).
// CHECK-LABEL: @regions
util.func public @regions(%arg0: !util.buffer, %arg1: index, %arg2: i1) -> !util.buffer {
  %c10 = arith.constant 10 : index
  %c20 = arith.constant 20 : index
  // CHECK: %[[IF:.+]]:4 = scf.if %arg2 -> (!util.buffer, index, index, index)
  %0 = scf.if %arg2 -> !util.buffer {
    %s = util.buffer.subspan %arg0[%c10] : !util.buffer{%arg1} -> !util.buffer{%c20}
    // CHECK: scf.yield %arg0, %arg1, %c10, %c20
    scf.yield %s : !util.buffer
  } else {
    // CHECK: scf.yield %arg0, %arg1, %c0, %arg1
    scf.yield %arg0 : !util.buffer
  }
  // CHECK: %[[V:.+]] = util.buffer.subspan %[[IF]]#0[%[[IF]]#2] : !util.buffer{%[[IF]]#1} -> !util.buffer{%[[IF]]#3}
  // CHECK: util.return %[[V]]
  util.return %0 : !util.buffer
}

// -----

// A region op without subranges still has its regions processed.
util.global private mutable @g : !util.buffer
// CHECK-LABEL: @nestedGlobal
util.func public @nestedGlobal(%arg0: i1) {
  scf.if %arg0 {
    // CHECK: util.global.load @g__storage_size
    %0 = util.global.load @g : !util.buffer
    util.call @use(%0) : (!util.buffer) -> ()
  }
  util.return
}
util.func private @use(%arg0: !util.buffer) {
  util.return
}

// -----

// Empty bodies, declarations and unreachable blocks are fine.
// CHECK-LABEL: util.func private @decl
util.func private @decl(!util.buffer) -> !util.buffer
// CHECK-LABEL: @unreachable
util.func public @unreachable(%arg0: !util.buffer) -> !util.buffer {
  util.return %arg0 : !util.buffer
^bb1(%b: !util.buffer):
  cf.br ^bb1(%b : !util.buffer)
}
