// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// Acceptance (issue 5): a stream.async.execute body containing every async op
// verifies, prints and re-parses (also through the generic form).

stream.executable private @ex {
  stream.executable.export public @fn
}
stream.async.func private @ext(%arg0: !stream.resource<*>, %arg1: index) -> %arg0

// CHECK-LABEL: util.func public @every_async_op
util.func public @every_async_op(%in: !stream.resource<external>, %n: index, %stg: !stream.resource<staging>, %ch: !stream.channel, %w: !stream.timepoint, %p: i32) -> (!stream.resource<external>, !stream.resource<staging>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  // CHECK: %[[R:.+]]:2, %[[T:.+]] = stream.async.execute on(#hal.device.affinity<@dev>) await(%arg4) => with(%arg0 as %[[IN:.+]]: !stream.resource<external>{%arg1}, %arg2 as %[[STG:.+]]: !stream.resource<staging>{%arg1}) -> (%arg0{%arg1}, %arg2{%arg1}) {
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@dev>) await(%w) => with(%in as %a: !stream.resource<external>{%n}, %stg as %s: !stream.resource<staging>{%n}) -> (%in{%n}, %stg{%n}) {
    // CHECK-NEXT: %[[ALLOCA:.+]] = stream.async.alloca : !stream.resource<transient>{%arg1}
    %alloca = stream.async.alloca : !stream.resource<transient>{%n}
    // CHECK-NEXT: %[[CST:.+]] = stream.async.constant : !stream.resource<*>{%c8} = dense<[1, 2]> : tensor<2xi32>
    %cst = stream.async.constant : !stream.resource<*>{%c8} = dense<[1, 2]> : tensor<2xi32>
    // CHECK-NEXT: %[[SPLAT:.+]] = stream.async.splat %arg5 : i32 -> !stream.resource<*>{%arg1}
    %splat = stream.async.splat %p : i32 -> !stream.resource<*>{%n}
    // CHECK-NEXT: %[[CLONE:.+]] = stream.async.clone %[[IN]] : !stream.resource<external>{%arg1} -> !stream.resource<*>{%arg1}
    %clone = stream.async.clone %a : !stream.resource<external>{%n} -> !stream.resource<*>{%n}
    // CHECK-NEXT: %[[SLICE:.+]] = stream.async.slice %[[CLONE]][%c0 to %c8] : !stream.resource<*>{%arg1} -> !stream.resource<*>{%c8}
    %slice = stream.async.slice %clone[%c0 to %c8] : !stream.resource<*>{%n} -> !stream.resource<*>{%c8}
    // CHECK-NEXT: %[[FILL:.+]] = stream.async.fill %arg5, %[[SPLAT]][%c0 to %c4 for %c4] : i32 -> %[[SPLAT]] as !stream.resource<*>{%arg1}
    %fill = stream.async.fill %p, %splat[%c0 to %c4 for %c4] : i32 -> %splat as !stream.resource<*>{%n}
    // CHECK-NEXT: %[[UPDATE:.+]] = stream.async.update %[[SLICE]], %[[FILL]][%c0 to %c8] : !stream.resource<*>{%c8} -> %[[FILL]] as !stream.resource<*>{%arg1}
    %update = stream.async.update %slice, %fill[%c0 to %c8] : !stream.resource<*>{%c8} -> %fill as !stream.resource<*>{%n}
    // CHECK-NEXT: %[[COPY:.+]] = stream.async.copy %[[CST]][%c0 to %c8], %[[UPDATE]][%c0 to %c8], %c8 : !stream.resource<*>{%c8} -> %[[UPDATE]] as !stream.resource<*>{%arg1}
    %copy = stream.async.copy %cst[%c0 to %c8], %update[%c0 to %c8], %c8 : !stream.resource<*>{%c8} -> %update as !stream.resource<*>{%n}
    // CHECK-NEXT: %[[COLL:.+]] = stream.async.collective<all_reduce with sum : si32>[%c4] channel(%arg3) %[[COPY]][%c0 to %arg1 for %arg1], %[[CLONE]][%c0 to %arg1 for %arg1] : !stream.resource<*>{%arg1} -> %[[CLONE]] as !stream.resource<*>{%arg1}
    %coll = stream.async.collective<all_reduce with sum : si32>[%c4] channel(%ch) %copy[%c0 to %n for %n], %clone[%c0 to %n for %n] : !stream.resource<*>{%n} -> %clone as !stream.resource<*>{%n}
    // CHECK-NEXT: %[[BARRIER:.+]] = stream.async.barrier %[[COLL]] : !stream.resource<*>{%arg1}
    %barrier = stream.async.barrier %coll : !stream.resource<*>{%n}
    // CHECK-NEXT: %[[XFER:.+]] = stream.async.transfer %[[BARRIER]] : !stream.resource<*>{%arg1} -> !stream.resource<external>{%arg1}
    %xfer = stream.async.transfer %barrier : !stream.resource<*>{%n} -> !stream.resource<external>{%n}
    // CHECK-NEXT: %[[CAST:.+]] = stream.async.cast %[[ALLOCA]] : !stream.resource<transient>{%arg1} -> !stream.resource<*>{%arg1}
    %cast = stream.async.cast %alloca : !stream.resource<transient>{%n} -> !stream.resource<*>{%n}
    // CHECK-NEXT: %[[LOAD:.+]] = stream.async.load %[[STG]][%c0] : !stream.resource<staging>{%arg1} -> i32
    %load = stream.async.load %s[%c0] : !stream.resource<staging>{%n} -> i32
    // CHECK-NEXT: %[[STORE:.+]] = stream.async.store %[[LOAD]], %[[STG]][%c4] : i32 -> %[[STG]] as !stream.resource<staging>{%arg1}
    %store = stream.async.store %load, %s[%c4] : i32 -> %s as !stream.resource<staging>{%n}
    // CHECK-NEXT: %[[DISPATCH:.+]] = stream.async.dispatch @ex::@fn[%c4](%[[CAST]][%c0 to %arg1 for %arg1], %[[LOAD]]) : (!stream.resource<*>{%arg1}, i32) -> %[[CAST]]{%arg1}
    %dispatch = stream.async.dispatch @ex::@fn[%c4](%cast[%c0 to %n for %n], %load) : (!stream.resource<*>{%n}, i32) -> %cast{%n}
    // CHECK-NEXT: %[[CALL:.+]] = stream.async.call @ext(%[[DISPATCH]][%c0 to %arg1 for %arg1], %arg1) : (!stream.resource<*>{%arg1}, index) -> %[[DISPATCH]]{%arg1}
    %call = stream.async.call @ext(%dispatch[%c0 to %n for %n], %n) : (!stream.resource<*>{%n}, index) -> %dispatch{%n}
    // CHECK-NEXT: %[[CONC:.+]]:2 = stream.async.concurrent with(%[[CALL]] as %[[X:.+]]: !stream.resource<*>{%arg1}, %[[XFER]] as %[[Y:.+]]: !stream.resource<external>{%arg1}) -> (%[[CALL]]{%arg1}, %[[XFER]]{%arg1}) {
    %conc:2 = stream.async.concurrent with(%call as %x: !stream.resource<*>{%n}, %xfer as %y: !stream.resource<external>{%n}) -> (%call{%n}, %xfer{%n}) {
      // CHECK-NEXT: %[[F2:.+]] = stream.async.fill %arg5, %[[X]][%c0 to %c4 for %c4] : i32 -> %[[X]] as !stream.resource<*>{%arg1}
      %f2 = stream.async.fill %p, %x[%c0 to %c4 for %c4] : i32 -> %x as !stream.resource<*>{%n}
      // CHECK-NEXT: stream.yield %[[F2]], %[[Y]] : !stream.resource<*>{%arg1}, !stream.resource<external>{%arg1}
      stream.yield %f2, %y : !stream.resource<*>{%n}, !stream.resource<external>{%n}
    // CHECK-NEXT: }
    }
    // CHECK-NEXT: %[[UP2:.+]] = stream.async.update %[[CONC]]#1, %[[IN]][%c0 to %arg1] : !stream.resource<external>{%arg1} -> %[[IN]] as !stream.resource<external>{%arg1}
    %up2 = stream.async.update %conc#1, %a[%c0 to %n] : !stream.resource<external>{%n} -> %a as !stream.resource<external>{%n}
    // CHECK-NEXT: stream.yield %[[UP2]], %[[STORE]] : !stream.resource<external>{%arg1}, !stream.resource<staging>{%arg1}
    stream.yield %up2, %store : !stream.resource<external>{%n}, !stream.resource<staging>{%n}
  // CHECK-NEXT: } => !stream.timepoint
  } => !stream.timepoint
  util.return %r#0, %r#1, %t : !stream.resource<external>, !stream.resource<staging>, !stream.timepoint
}
