// The phase-input passes on valid IR with unreachable blocks, a self-loop and
// nested regions: no crash, and the rewrites still apply in every block.
// RUN: sluice-opt --sluice-verify-input --sluice-import-ml-program --sluice-verify-flow-level %s | FileCheck %s --check-prefix=KEEP
// RUN: sluice-opt --sluice-import-func %s | FileCheck %s --check-prefix=FUNC
// RUN: sluice-opt --sluice-assign-cpu-device %s | FileCheck %s --check-prefix=DEVICE
// RUN: sluice-opt --sluice-input-pipeline %s -o /dev/null

// KEEP-LABEL: util.func public @f
// KEEP: scf.if
// KEEP: ^bb2:
// KEEP-NEXT: cf.br ^bb2
// FUNC-LABEL: util.func public @f
// DEVICE: util.global private @__device_0
util.func public @f(%arg0: i1) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = scf.if %arg0 -> i32 {
    %c2 = arith.constant 2 : i32
    scf.yield %c2 : i32
  } else {
    scf.yield %c1 : i32
  }
  util.return %r : i32
^bb1:
  util.return %c1 : i32
^bb2:
  cf.br ^bb2
}

// FUNC-LABEL: util.func private @g
// FUNC: util.status.check_ok %{{.*}}, "x"
// FUNC: ^bb1:
// FUNC-NEXT: cf.br ^bb1
// FUNC-NOT: func.func
func.func private @g(%a: i1) {
  cf.assert %a, "x"
  return
^bb1:
  cf.br ^bb1
}
