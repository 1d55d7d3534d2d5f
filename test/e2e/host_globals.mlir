// REQUIRES: sluice-compile, sluice-run
// Non-device util.globals (execution.md §3.2, §3.3): scalar slots with
// initial values in the descriptor's image, a mutable counter changed by an
// initializer and by calls, an immutable f32, an i1, an i64, and a
// reference global that keeps a view alive between calls (stores retain the
// new value and release the old one); JIT and AOT.

// RUN: sluice-run --module=%s --jit_flags="--compile-from=hal --sluice-opt-level=1" --input=2xi32=1,2 --input=3xf32=5 | FileCheck %s --match-full-lines
// RUN: sluice-compile --compile-from=hal %s -o %t.so
// RUN: sluice-run --module=%t.so --input=2xi32=1,2 --input=3xf32=5 | FileCheck %s --match-full-lines
// counter: 5, +10 by the initializer, +1 per step; the second step returns
// the view the first one stored.
// CHECK:      EXEC @twice
// CHECK-NEXT: result[0]: i32=17
// CHECK-NEXT: result[1]: f32=2.5
// CHECK-NEXT: result[2]: i32=0
// CHECK-NEXT: result[3]: i64=1099511627776
// CHECK-NEXT: result[4]: hal.buffer_view
// CHECK-NEXT: 2xi32=1 2

// Calls of one context share the globals (benchmark mode reuses it).
// RUN: sluice-run --module=%t.so --input=2xi32=1,2 --input=3xf32=5 --benchmark=4 --benchmark_warmup=0 | FileCheck %s --check-prefix=REPEAT
// REPEAT: result[0]: i32=17
// REPEAT: BENCHMARK @twice calls=4 warmup=0

module @host_globals {
  util.global private mutable @counter = 5 : i32
  util.global private @scale = 2.5 : f32
  util.global private mutable @flag = true
  util.global private mutable @last : !hal.buffer_view
  util.global private @big = 1099511627776 : i64
  util.initializer {
    %c = util.global.load @counter : i32
    %c10 = arith.constant 10 : i32
    %n = arith.addi %c, %c10 : i32
    util.global.store %n, @counter : i32
    util.return
  }
  // counter += 1; flag = false; last = view; returns the previous `last`
  // (or `view` the first time).
  util.func private @step(%view: !hal.buffer_view) -> (i32, f32, i32, i64, !hal.buffer_view) {
    %c = util.global.load @counter : i32
    %c1 = arith.constant 1 : i32
    %n = arith.addi %c, %c1 : i32
    util.global.store %n, @counter : i32
    %s = util.global.load immutable @scale : f32
    %f = util.global.load @flag : i1
    %fi = arith.extui %f : i1 to i32
    %false = arith.constant false
    util.global.store %false, @flag : i1
    %big = util.global.load immutable @big : i64
    %old = util.global.load @last : !hal.buffer_view
    util.global.store %view, @last : !hal.buffer_view
    %null = util.null : !hal.buffer_view
    %is_null = util.cmp.eq %old, %null : !hal.buffer_view
    %r = arith.select %is_null, %view, %old : !hal.buffer_view
    util.return %n, %s, %fi, %big, %r : i32, f32, i32, i64, !hal.buffer_view
  }
  util.func public @twice(%a: !hal.buffer_view, %b: !hal.buffer_view) -> (i32, f32, i32, i64, !hal.buffer_view) {
    %n0, %s0, %f0, %g0, %r0 = util.call @step(%a) : (!hal.buffer_view) -> (i32, f32, i32, i64, !hal.buffer_view)
    %n, %s, %f, %g, %r = util.call @step(%b) : (!hal.buffer_view) -> (i32, f32, i32, i64, !hal.buffer_view)
    util.return %n, %s, %f, %g, %r : i32, f32, i32, i64, !hal.buffer_view
  }
}
