// REQUIRES: sluice-compile, sluice-run
// util.unreachable on a host path (execution.md §3.5, §4.2): sluice_rt.fail
// returns INTERNAL «unreachable: <m>»; the other path runs normally. JIT and
// AOT.

// RUN: sluice-run --module=%s --jit_flags=--compile-from=hal --input=3 | FileCheck %s --check-prefix=OK --match-full-lines
// RUN: not sluice-run --module=%s --jit_flags=--compile-from=hal --input=0 2>&1 | FileCheck %s --check-prefix=FAIL --match-full-lines
// RUN: sluice-compile --compile-from=hal %s -o %t.so
// RUN: not sluice-run --module=%t.so --input=0 2>&1 | FileCheck %s --check-prefix=FAIL --match-full-lines
// OK:      EXEC @boom
// OK-NEXT: result[0]: i32=3
// FAIL: Error: INTERNAL; unreachable: boom; invoking function 'boom'

module @unreachable {
  util.func public @boom(%x: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %ok = arith.cmpi ne, %x, %c0 : i32
    cf.cond_br %ok, ^ret, ^fail
  ^ret:
    util.return %x : i32
  ^fail:
    util.unreachable "boom"
  }
}
