// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(util.func(iree-hal-inline-memoize-regions))' --verify-diagnostics %s | FileCheck %s
// REQUIRES: sluice-opt

// The region runs in place: its block sits between the split halves, the
// hal.return branches to the continuation, and command buffers become
// one-shot.
// CHECK-LABEL: util.func public @inlineMemoize
// CHECK-SAME: (%[[DEVICE:.+]]: !hal.device, %[[AFFINITY:.+]]: i64)
util.func public @inlineMemoize(%device: !hal.device, %affinity: i64) -> !hal.command_buffer {
  // CHECK: %[[C0:.+]] = arith.constant 0 : index
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: cf.br ^bb1
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT: %[[CMD:.+]] = hal.command_buffer.create device(%[[DEVICE]] : !hal.device) mode(OneShot) categories(Transfer) affinity(%[[AFFINITY]]) bindings(%[[C0]]) : !hal.command_buffer
  // CHECK-NEXT: hal.command_buffer.finalize<%[[CMD]] : !hal.command_buffer>
  // CHECK-NEXT: cf.br ^bb2(%[[CMD]] : !hal.command_buffer)
  // CHECK-NEXT: ^bb2(%[[RESULT:.+]]: !hal.command_buffer):
  %0 = hal.device.memoize<%device : !hal.device> affinity(%affinity) -> !hal.command_buffer {
    %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Transfer) affinity(%affinity) bindings(%c0) : !hal.command_buffer
    hal.command_buffer.finalize<%cmd : !hal.command_buffer>
    hal.return %cmd : !hal.command_buffer
  }
  // CHECK-NEXT: util.return %[[RESULT]]
  util.return %0 : !hal.command_buffer
}

// -----

// Modes keep their other bits; regions without results branch without
// operands.
// CHECK-LABEL: util.func public @inlineNoResults
util.func public @inlineNoResults(%device: !hal.device, %affinity: i64) {
  // CHECK: cf.br ^bb1
  // CHECK: ^bb1:
  // CHECK: hal.command_buffer.create device(%{{.+}} : !hal.device) mode("OneShot|AllowInlineExecution")
  // CHECK: cf.br ^bb2
  // CHECK: ^bb2:
  // CHECK-NEXT: util.return
  hal.device.memoize<%device : !hal.device> affinity(%affinity) {
    %cmd = hal.command_buffer.create device(%device : !hal.device) mode(AllowInlineExecution) categories(Transfer) affinity(%affinity) : !hal.command_buffer
    hal.return
  }
  util.return
}

// -----

// A parent region that must stay a single block (scf.if, scf.for) gets the
// region as the body of an scf.execute_region; hal.return becomes scf.yield.
// CHECK-LABEL: util.func public @inlineInsideSingleBlock
// CHECK-SAME: (%[[DEVICE:.+]]: !hal.device, %[[AFFINITY:.+]]: i64, %[[COND:.+]]: i1)
util.func public @inlineInsideSingleBlock(%device: !hal.device, %affinity: i64, %cond: i1) -> i32 {
  //      CHECK: %[[IF:.+]] = scf.if %[[COND]] -> (i32) {
  // CHECK-NEXT:   %[[WRAPPED:.+]] = scf.execute_region -> i32 {
  // CHECK-NEXT:     %[[CMD:.+]] = hal.command_buffer.create device(%[[DEVICE]] : !hal.device) mode(OneShot) categories(Transfer) affinity(%[[AFFINITY]]) : !hal.command_buffer
  // CHECK-NEXT:     %[[C1:.+]] = arith.constant 1 : i32
  // CHECK-NEXT:     scf.yield %[[C1]] : i32
  // CHECK-NEXT:   }
  // CHECK-NEXT:   scf.yield %[[WRAPPED]] : i32
  // CHECK-NEXT: } else {
  %0 = scf.if %cond -> i32 {
    %1 = hal.device.memoize<%device : !hal.device> affinity(%affinity) -> i32 {
      %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Transfer) affinity(%affinity) : !hal.command_buffer
      %c1 = arith.constant 1 : i32
      hal.return %c1 : i32
    }
    scf.yield %1 : i32
  } else {
    %c2 = arith.constant 2 : i32
    scf.yield %c2 : i32
  }
  // CHECK: util.return %[[IF]]
  util.return %0 : i32
}

// -----

// Memoize regions nested in scf.for without results, and memoize inside
// memoize: the inner one is inlined into the outer region first.
// CHECK-LABEL: util.func public @inlineNested
util.func public @inlineNested(%device: !hal.device, %affinity: i64, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  //      CHECK: scf.for
  // CHECK-NEXT:   scf.execute_region {
  // CHECK-NEXT:     cf.br ^bb1
  // CHECK-NEXT:   ^bb1:
  // CHECK-NEXT:     hal.command_buffer.create device(%{{.+}} : !hal.device) mode(OneShot)
  // CHECK-NEXT:     cf.br ^bb2
  // CHECK-NEXT:   ^bb2:
  // CHECK-NEXT:     scf.yield
  // CHECK-NEXT:   }
  // CHECK-NEXT: }
  // CHECK-NOT: hal.device.memoize
  scf.for %i = %c0 to %n step %c1 {
    hal.device.memoize<%device : !hal.device> affinity(%affinity) {
      hal.device.memoize<%device : !hal.device> affinity(%affinity) {
        %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Transfer) affinity(%affinity) : !hal.command_buffer
        hal.return
      }
      hal.return
    }
  }
  util.return
}
