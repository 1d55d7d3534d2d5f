// REQUIRES: sluice-opt
// RUN: sluice-opt --pass-pipeline='builtin.module(iree-stream-cleanup-pipeline)' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: sluice-opt --iree-stream-cleanup-pipeline %s | FileCheck %s

// stream-passes-2.md §16.2: a FunctionLikeNest of canonicalize, cse,
// optimize-int-arithmetic, simplify-global-accesses and apply-patterns, then
// the module-level fold-globals, fuse-globals and ipo.

// PIPELINE: builtin.module(
// PIPELINE-NEXT: func.func(
// PIPELINE-NEXT: canonicalize
// PIPELINE-NEXT: cse
// PIPELINE-NEXT: iree-util-optimize-int-arithmetic
// PIPELINE-NEXT: iree-util-simplify-global-accesses
// PIPELINE-NEXT: iree-util-apply-patterns
// PIPELINE-NEXT: ),
// PIPELINE-NEXT: util.initializer(
// PIPELINE-NEXT: canonicalize
// PIPELINE-NEXT: cse
// PIPELINE-NEXT: iree-util-optimize-int-arithmetic
// PIPELINE-NEXT: iree-util-simplify-global-accesses
// PIPELINE-NEXT: iree-util-apply-patterns
// PIPELINE-NEXT: ),
// PIPELINE-NEXT: util.func(
// PIPELINE-NEXT: canonicalize
// PIPELINE-NEXT: cse
// PIPELINE-NEXT: iree-util-optimize-int-arithmetic
// PIPELINE-NEXT: iree-util-simplify-global-accesses
// PIPELINE-NEXT: iree-util-apply-patterns
// PIPELINE-NEXT: ),
// PIPELINE-NEXT: iree-util-fold-globals
// PIPELINE-NEXT: iree-util-fuse-globals
// PIPELINE-NEXT: iree-util-ipo
// PIPELINE-NEXT: )

// A private global stored once by an initializer and a private helper with
// a constant argument: everything folds away.
// CHECK-NOT: util.global
// CHECK-NOT: util.initializer
// CHECK-LABEL: util.func public @entry
util.global private mutable @scale : index
util.initializer {
  %c4 = arith.constant 4 : index
  util.global.store %c4, @scale : index
  util.return
}
util.func private @helper(%a: index, %b: index) -> index {
  %0 = arith.muli %a, %b : index
  util.return %0 : index
}
util.func public @entry(%x: index) -> index {
  %s = util.global.load @scale : index
  // CHECK: %[[C4:.+]] = arith.constant 4 : index
  // CHECK: %[[R:.+]] = util.call @helper(%arg0) : (index) -> index
  %0 = util.call @helper(%s, %x) : (index, index) -> index
  // CHECK: util.return %[[R]]
  util.return %0 : index
}
