// REQUIRES: sluice-compile, sluice-run
// Host value ops of phase llvm (execution.md §2.8 step 2, §3.2, §3.4 entry
// 7): hal.device.query (known keys, globs, defaults), util.cmp.eq/ne and
// arith.select on references, math and index ops; JIT and AOT.

// RUN: sluice-run --module=%s --function=query --jit_flags="--compile-from=hal --sluice-opt-level=1" | FileCheck %s --check-prefix=QUERY --match-full-lines
// RUN: sluice-compile --compile-from=hal %s -o %t.so
// RUN: sluice-run --module=%t.so --function=query | FileCheck %s --check-prefix=QUERY --match-full-lines
// QUERY:      EXEC @query
// QUERY-NEXT: result[0]: i32=1
// QUERY-NEXT: result[1]: i32=1
// QUERY-NEXT: result[2]: i32=0
// QUERY-NEXT: result[3]: i32=0
// QUERY-NEXT: result[4]: i64=42
// QUERY-NEXT: result[5]: i32=-7

// RUN: sluice-run --module=%t.so --function=refs --input=2xi32=1,2 --input=1xf32=9 | FileCheck %s --check-prefix=REFS --match-full-lines
// RUN: sluice-run --module=%s --function=refs --jit_flags="--compile-from=hal" --input=2xi32=1,2 --input=1xf32=9 | FileCheck %s --check-prefix=REFS --match-full-lines
// REFS:      EXEC @refs
// REFS-NEXT: result[0]: i32=1
// REFS-NEXT: result[1]: i32=1
// REFS-NEXT: result[2]: i32=0
// REFS-NEXT: result[3]: hal.buffer_view
// REFS-NEXT: 1xf32=9

// RUN: sluice-run --module=%t.so --function=math --input=4 --input=5 | FileCheck %s --check-prefix=MATH --match-full-lines
// RUN: sluice-run --module=%s --function=math --jit_flags="--compile-from=hal" --input=4 --input=5 | FileCheck %s --check-prefix=MATH --match-full-lines
// MATH:      EXEC @math
// MATH-NEXT: result[0]: f32=2
// MATH-NEXT: result[1]: f32=54.5981
// MATH-NEXT: result[2]: f32=-1
// MATH-NEXT: result[3]: i64=15
// MATH-NEXT: result[4]: i64=5
// MATH-NEXT: result[5]: i64=2

module @host_values {
  util.func public @query() -> (i32, i32, i32, i32, i64, i32) {
    %c0 = arith.constant 0 : index
    %device = hal.devices.get %c0 : !hal.device
    %ok0, %v0 = hal.device.query<%device : !hal.device> key("hal.executable.format" :: "sluice-native") : i1, i1 = false
    %ok1, %v1 = hal.device.query<%device : !hal.device> key("hal.device.id" :: "local*") : i1, i1 = false
    %ok2, %v2 = hal.device.query<%device : !hal.device> key("hal.device.id" :: "cuda*") : i1, i1 = false
    %ok3, %v3 = hal.device.query<%device : !hal.device> key("sluice" :: "unknown") : i1, i64 = 42 : i64
    %ok4, %v4 = hal.device.query<%device : !hal.device> key("sluice" :: "unknown") : i1, i32 = -7 : i32
    %a = arith.extui %v0 : i1 to i32
    %b = arith.extui %v1 : i1 to i32
    %c = arith.extui %v2 : i1 to i32
    %d = arith.extui %ok3 : i1 to i32
    util.return %a, %b, %c, %d, %v3, %v4 : i32, i32, i32, i32, i64, i32
  }
  util.func public @refs(%a: !hal.buffer_view, %b: !hal.buffer_view) -> (i32, i32, i32, !hal.buffer_view) {
    %eq = util.cmp.eq %a, %a : !hal.buffer_view
    %ne = util.cmp.ne %a, %b : !hal.buffer_view
    %ba = hal.buffer_view.buffer<%a : !hal.buffer_view> : !hal.buffer
    %bb = hal.buffer_view.buffer<%b : !hal.buffer_view> : !hal.buffer
    %same = util.cmp.eq %ba, %bb : !hal.buffer
    %e = arith.extui %eq : i1 to i32
    %n = arith.extui %ne : i1 to i32
    %s = arith.extui %same : i1 to i32
    %pick = arith.select %eq, %b, %a : !hal.buffer_view
    util.return %e, %n, %s, %pick : i32, i32, i32, !hal.buffer_view
  }
  util.func public @math(%x: f32, %n: index) -> (f32, f32, f32, index, index, index) {
    %s = math.sqrt %x : f32
    %e = math.exp %x : f32
    %m1 = arith.constant -1.5 : f32
    %c = math.ceil %m1 : f32
    %c3 = index.constant 3
    %m = index.mul %n, %c3
    %d = index.divs %m, %c3
    %r = index.rems %m, %c3
    %c2 = index.constant 2
    %mx = index.maxs %r, %c2
    util.return %s, %e, %c, %m, %d, %mx : f32, f32, f32, index, index, index
  }
}
