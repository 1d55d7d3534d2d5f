// RUN: sluice-opt --split-input-file --iree-stream-materialize-transient-size-queries --verify-diagnostics %s | FileCheck %s
// REQUIRES: sluice-opt

// No marked pack: no query, no reflection.
// CHECK-LABEL: util.func public @no_transients
// CHECK-NOT: iree.reflection
// CHECK-NOT: _transients_size
util.func public @no_transients(%arg0: index) -> index {
  %pack:2 = stream.resource.pack slices({
    [0, 0] = %arg0
  }) : index
  util.return %pack#0 : index
}

// -----

// CHECK-LABEL: util.func public @constant_size
// CHECK-SAME: (%[[R:.+]]: !stream.resource<*>, %[[S:.+]]: index, %[[B:.+]]: !hal.buffer)
// CHECK-SAME: attributes {iree.reflection = {iree.abi.transients.size = @constant_size_transients_size}}
// CHECK: stream.resource.pack slices({
// CHECK: }) : index{{$}}
// CHECK-LABEL: util.func public @constant_size_transients_size
// CHECK-SAME: (%{{.+}}: !stream.resource<*>, %{{.+}}: index, %{{.+}}: !hal.buffer) -> index {
// CHECK-NEXT: %[[C1024:.+]] = arith.constant 1024 : index
// CHECK-NEXT: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[C1024]]
// CHECK-NEXT: }) : index{{$}}
// CHECK-NEXT: util.return %[[PACK]]#0 : index
// CHECK-NEXT: }
util.func public @constant_size(%arg0: !stream.resource<*>, %arg1: index, %arg2: !hal.buffer) {
  %c1024 = arith.constant 1024 : index
  %pack:2 = stream.resource.pack slices({
    [0, 0] = %c1024
  }) : index attributes {stream.experimental.transients}
  util.return
}

// -----

// The existing reflection entries are kept.
// CHECK-LABEL: util.func public @dynamic_size
// CHECK-SAME: iree.reflection = {iree.abi.model = "coarse-fences", iree.abi.transients.size = @dynamic_size_transients_size}
// CHECK-LABEL: util.func public @dynamic_size_transients_size
// CHECK-SAME: (%[[ARG0:.+]]: index) -> index
// CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[MUL:.+]] = arith.muli %[[ARG0]], %[[C4]] : index
// CHECK-NEXT: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[MUL]]
// CHECK: util.return %[[PACK]]#0
util.func public @dynamic_size(%arg0: index) attributes {iree.reflection = {iree.abi.model = "coarse-fences"}} {
  %c4 = arith.constant 4 : index
  %size = arith.muli %arg0, %c4 : index
  %pack:2 = stream.resource.pack slices({
    [0, 0] = %size
  }) : index attributes {stream.experimental.transients}
  util.return
}

// -----

// Cloned in the function's IR order, not in slice order.
// CHECK-LABEL: util.func public @max_arithmetic_transients_size
// CHECK-NEXT: %[[C256:.+]] = arith.constant 256 : index
// CHECK-NEXT: %[[C512:.+]] = arith.constant 512 : index
// CHECK-NEXT: %[[M0:.+]] = arith.maxui %[[C256]], %[[C256]] : index
// CHECK-NEXT: %[[M1:.+]] = arith.maxui %[[M0]], %[[C512]] : index
// CHECK-NEXT: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[M1]]
// CHECK: util.return %[[PACK]]#0
util.func public @max_arithmetic(%arg0: index) {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %m0 = arith.maxui %c256, %c256 : index
  %m1 = arith.maxui %m0, %c512 : index
  %pack:2 = stream.resource.pack slices({
    [0, 0] = %m1
  }) : index attributes {stream.experimental.transients}
  util.return
}

// -----

// One pack with two slices: the total is returned.
// CHECK-LABEL: util.func public @multiple_packs_transients_size
// CHECK-NEXT: %[[C256:.+]] = arith.constant 256 : index
// CHECK-NEXT: %[[C512:.+]] = arith.constant 512 : index
// CHECK-NEXT: %[[PACK:.+]]:3 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[C256]],
// CHECK-NEXT: [0, 0] = %[[C512]]
// CHECK-NEXT: }) : index
// CHECK-NEXT: util.return %[[PACK]]#0 : index
util.func public @multiple_packs(%arg0: index) {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %pack:3 = stream.resource.pack slices({
    [0, 0] = %c256,
    [0, 0] = %c512
  }) : index attributes {stream.experimental.transients}
  util.return
}

// -----

// Executes and subviews are never cloned.
// CHECK-LABEL: util.func public @with_execute_transients_size
// CHECK-NOT: stream.cmd.execute
// CHECK-NOT: stream.resource.subview
// CHECK: util.return
util.func public @with_execute(%storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> !stream.timepoint {
  %c1024 = arith.constant 1024 : index
  %pack:2 = stream.resource.pack slices({
    [0, 0] = %c1024
  }) : index attributes {stream.experimental.transients}
  %c0 = arith.constant 0 : index
  %base = stream.resource.subview %storage[%c0] : !stream.resource<transient>{%storage_size} -> !stream.resource<transient>{%pack#0}
  %view = stream.resource.subview %base[%pack#1] : !stream.resource<transient>{%pack#0} -> !stream.resource<transient>{%c1024}
  %exec = stream.cmd.execute await(%await) => with(%view as %v: !stream.resource<transient>{%c1024}) {
  } => !stream.timepoint
  util.return %exec : !stream.timepoint
}

// -----

// Two marked packs: one result each, in walk order; shared ops are cloned
// again for each pack.
// CHECK-LABEL: util.func public @two_packs_transients_size
// CHECK-SAME: -> (index, index)
// CHECK-COUNT-2: arith.constant 64 : index
// CHECK: util.return %{{.+}}#0, %{{.+}}#0 : index, index
util.func public @two_packs() {
  %c64 = arith.constant 64 : index
  %p0:2 = stream.resource.pack slices({
    [0, 0] = %c64
  }) : index attributes {stream.experimental.transients}
  %p1:2 = stream.resource.pack slices({
    [0, 0] = %c64
  }) : index attributes {stream.experimental.transients}
  util.return
}

// -----

// Private functions qualify; the query is inserted right after its function.
// CHECK-LABEL: util.func private @private_fn
// CHECK-NEXT: arith.constant
// CHECK: util.return
// CHECK-NEXT: }
// CHECK-NEXT: util.func public @private_fn_transients_size
// CHECK: util.func public @after
util.func private @private_fn() {
  %c8 = arith.constant 8 : index
  %p:2 = stream.resource.pack slices({
    [0, 0] = %c8
  }) : index attributes {stream.experimental.transients}
  util.return
}
util.func public @after() {
  util.return
}

// -----

// §9.9: an existing symbol with the query's name: the name is uniqued and
// the reflection holds the actual name.
// CHECK-LABEL: util.func public @clash
// CHECK-SAME: iree.abi.transients.size = @clash_transients_size_0
// CHECK: util.func public @clash_transients_size_0
// CHECK: util.func private @clash_transients_size()
util.func public @clash() {
  %c8 = arith.constant 8 : index
  %p:2 = stream.resource.pack slices({
    [0, 0] = %c8
  }) : index attributes {stream.experimental.transients}
  util.return
}
util.func private @clash_transients_size() {
  util.return
}

// -----

// A size computed by an scf.if: the region op is cloned with the values it
// uses from above.
// CHECK-LABEL: util.func public @region_size_transients_size
// CHECK-SAME: (%[[COND:.+]]: i1)
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK: %[[SEL:.+]] = scf.if %[[COND]] -> (index) {
// CHECK-NEXT: scf.yield %[[C8]]
// CHECK: scf.yield %[[C16]]
// CHECK: [0, 0] = %[[SEL]]
util.func public @region_size(%cond: i1) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %size = scf.if %cond -> index {
    scf.yield %c8 : index
  } else {
    scf.yield %c16 : index
  }
  %p:2 = stream.resource.pack slices({
    [0, 0] = %size
  }) : index attributes {stream.experimental.transients}
  util.return
}

// -----

// A size the query cannot compute (a loop induction variable) is an error
// instead of invalid IR.
util.func public @loop_variant() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-error @+1 {{transient size of '@loop_variant' depends on a value the size query cannot compute (impure or defined inside a loop or branch)}}
    %p:2 = stream.resource.pack slices({
      [0, 0] = %i
    }) : index attributes {stream.experimental.transients}
  }
  util.return
}

// -----

// A size from an impure op is an error as well.
util.global private mutable @size_global : index
util.func public @impure_size() {
  // expected-note @+1 {{value defined here}}
  %size = util.global.load @size_global : index
  // expected-error @+1 {{transient size of '@impure_size' depends on a value the size query cannot compute}}
  %p:2 = stream.resource.pack slices({
    [0, 0] = %size
  }) : index attributes {stream.experimental.transients}
  util.return
}

// -----

// §9.2 item 3: a slot sized by a specialized callee's size function (a call
// marked sluice.transients.size_call, as emplace-transients creates it) is
// inlined into the query, transitively (@outer_size calls @inner_size), so
// the query calls nothing; the size functions stay for the function body.
// CHECK-LABEL: util.func private @inner_size(
// CHECK-LABEL: util.func private @outer_size(
// CHECK-LABEL: util.func public @with_callee(
// CHECK: util.call @outer_size(%arg1) {sluice.transients.size_call}
// CHECK-LABEL: util.func public @with_callee_transients_size(
// CHECK-SAME: %[[ARG0:.+]]: !stream.resource<*>, %[[ARG1:.+]]: index, %[[ARG2:.+]]: !stream.resource<transient>, %[[ARG3:.+]]: index) -> index
// CHECK-NOT: util.call
// CHECK: %[[C1024:.+]] = arith.constant 1024 : index
// CHECK: %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[M:.+]] = arith.muli %[[ARG1]], %[[C2]] : index
// CHECK-NEXT: %[[INNER:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[M]]
// CHECK-NEXT: }) : index
// CHECK-NEXT: %[[C64:.+]] = arith.constant 64 : index
// CHECK-NEXT: %[[OUTER:.+]]:3 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[C64]],
// CHECK-NEXT: [0, 0] = %[[INNER]]#0
// CHECK-NEXT: }) : index
// CHECK-NEXT: %[[PACK:.+]]:3 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[C1024]],
// CHECK-NEXT: [0, 0] = %[[OUTER]]#0
// CHECK-NEXT: }) : index
// CHECK-NOT: util.call
// CHECK: util.return %[[PACK]]#0 : index
util.func private @inner_size(%n: index) -> index {
  %c2 = arith.constant 2 : index
  %m = arith.muli %n, %c2 : index
  %pack:2 = stream.resource.pack slices({
    [0, 0] = %m
  }) : index
  util.return %pack#0 : index
}
util.func private @outer_size(%n: index) -> index {
  %inner = util.call @inner_size(%n) {sluice.transients.size_call} : (index) -> index
  %c64 = arith.constant 64 : index
  %pack:3 = stream.resource.pack slices({
    [0, 0] = %c64,
    [0, 0] = %inner
  }) : index
  util.return %pack#0 : index
}
util.func public @with_callee(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index) {
  %c1024 = arith.constant 1024 : index
  %callee_size = util.call @outer_size(%input_size) {sluice.transients.size_call} : (index) -> index
  %pack:3 = stream.resource.pack slices({
    [0, 0] = %c1024,
    [0, 0] = %callee_size
  }) : index attributes {stream.experimental.transients}
  util.return
}
