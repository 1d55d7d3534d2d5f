// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-util-verify-initialization-order --verify-diagnostics %s | FileCheck %s

// stream-passes-2.md §15.1. The pass never fails: diagnostics are the result.

// Valid: globals before the initializer using them.
// CHECK-LABEL: @valid
util.global private @valid : index
util.initializer {
  %c1 = arith.constant 1 : index
  util.global.store %c1, @valid : index
  util.return
}

// -----

util.initializer {
  // expected-error @+1 {{initializer at position 0 accesses global '@later' defined at position 1}}
  %0 = util.global.load @later : index
  util.return
}
util.global private mutable @later : index

// -----

util.initializer {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{initializer at position 0 stores to global '@later' defined at position 1}}
  util.global.store %c1, @later : index
  util.return
}
util.global private mutable @later : index

// -----

util.func private @reader() -> index {
  // expected-error @+1 {{initializer at position 1 transitively accesses global '@later' defined at position 2 through function call}}
  %0 = util.global.load @later : index
  util.return %0 : index
}
util.initializer {
  %0 = util.call @reader() : () -> index
  util.return
}
util.global private mutable @later : index

// -----

util.func private @writer(%arg0: index) {
  // expected-error @+1 {{initializer at position 1 transitively stores to global '@later' defined at position 3 through function call}}
  util.global.store %arg0, @later : index
  util.return
}
util.initializer {
  %c1 = arith.constant 1 : index
  util.call @middle(%c1) : (index) -> ()
  util.return
}
util.func private @middle(%arg0: index) {
  util.call @writer(%arg0) : (index) -> ()
  util.return
}
util.global private mutable @later : index

// -----

// Recursive and mutually recursive callees terminate and are left unchanged.
util.global private mutable @counter : index
// CHECK-LABEL: util.func private @ping
util.func private @ping(%arg0: index) {
  // CHECK: util.call @pong
  util.call @pong(%arg0) : (index) -> ()
  util.return
}
util.func private @pong(%arg0: index) {
  util.global.store %arg0, @counter : index
  util.call @ping(%arg0) : (index) -> ()
  util.call @pong(%arg0) : (index) -> ()
  util.return
}
util.initializer {
  %c1 = arith.constant 1 : index
  util.call @ping(%c1) : (index) -> ()
  util.call @pong(%c1) : (index) -> ()
  util.return
}

// -----

util.global private @twice = 1 : index
util.initializer {
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{immutable global '@twice' is initialized both by initial value and by store in initializer}}
  util.global.store %c2, @twice : index
  util.return
}

// -----

util.global private @storedTwice : index
util.initializer {
  %c1 = arith.constant 1 : index
  util.global.store %c1, @storedTwice : index
  util.return
}
util.initializer {
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{immutable global '@storedTwice' is initialized both by initial value and by store in initializer}}
  util.global.store %c2, @storedTwice : index
  util.return
}

// -----

util.global private @immutable : index
util.func public @publicStore(%arg0: index) {
  // expected-error @+1 {{store to immutable global '@immutable' in function 'publicStore' which is reachable from non-initializer contexts}}
  util.global.store %arg0, @immutable : index
  util.return
}

// -----

util.global private @immutable : index
util.func private @helper(%arg0: index) {
  // expected-error @+1 {{store to immutable global '@immutable' in function 'helper' which is reachable from non-initializer contexts}}
  util.global.store %arg0, @immutable : index
  util.return
}
util.func public @entry(%arg0: index) {
  util.call @helper(%arg0) : (index) -> ()
  util.return
}

// -----

util.global private @immutable : index
util.func private @orphan(%arg0: index) {
  // expected-warning @+1 {{store to immutable global '@immutable' in function 'orphan' with unknown reachability (verification may be overly conservative)}}
  util.global.store %arg0, @immutable : index
  util.return
}

// -----

util.global private @immutable : index
util.func private @conditional(%arg0: index, %arg1: i1) {
  scf.if %arg1 {
    // expected-warning @+1 {{conditional store to immutable global '@immutable' in initializer-only function 'conditional' may indicate complex initialization pattern (verification may be overly conservative)}}
    util.global.store %arg0, @immutable : index
  }
  util.return
}
util.initializer {
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  util.call @conditional(%c1, %true) : (index, i1) -> ()
  util.return
}

// -----

// Phase 4 reports every offending store; stores to mutable globals in loops
// are silent.
util.global private @immutableA : index
util.global private @immutableB : index
util.global private mutable @mutable : index
util.func public @many(%arg0: index) {
  // expected-error @+1 {{store to immutable global '@immutableA' in function 'many' which is reachable from non-initializer contexts}}
  util.global.store %arg0, @immutableA : index
  // expected-error @+1 {{store to immutable global '@immutableB' in function 'many' which is reachable from non-initializer contexts}}
  util.global.store %arg0, @immutableB : index
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    util.global.store %i, @mutable : index
  }
  util.return
}

// -----

// An initializer-only callee storing unconditionally is fine.
util.global private @immutable : index
// CHECK-LABEL: util.func private @init
util.func private @init(%arg0: index) {
  util.global.store %arg0, @immutable : index
  util.return
}
util.initializer {
  %c1 = arith.constant 1 : index
  util.call @init(%c1) : (index) -> ()
  util.return
}
