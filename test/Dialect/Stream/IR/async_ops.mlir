// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @async_alloca
util.func public @async_alloca(%n: index) -> (!stream.resource<transient>, !stream.resource<*>) {
  // CHECK: stream.async.alloca on(#hal.device.affinity<@dev>) : !stream.resource<transient>{%arg0}
  %0 = stream.async.alloca on(#hal.device.affinity<@dev>) : !stream.resource<transient>{%n}
  // CHECK: stream.async.alloca {foo} : !stream.resource<*>{%arg0}
  %1 = stream.async.alloca {foo} : !stream.resource<*>{%n}
  util.return %0, %1 : !stream.resource<transient>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @async_constant
util.func public @async_constant(%n: index, %t: !stream.timepoint) -> (!stream.resource<constant>, !stream.resource<*>) {
  // CHECK: %cst = stream.async.constant on(#hal.device.affinity<@dev>) await(%arg1) : !stream.resource<constant>{%arg0} = dense<[3, 5]> : tensor<2xi32>
  %0 = stream.async.constant on(#hal.device.affinity<@dev>) await(%t) : !stream.resource<constant>{%n} = dense<[3, 5]> : tensor<2xi32>
  // CHECK: %cst_0 = stream.async.constant : !stream.resource<*>{%arg0} = dense<1.000000e+00> : tensor<4xf32> attributes {foo}
  %1 = stream.async.constant : !stream.resource<*>{%n} = dense<1.0> : tensor<4xf32> attributes {foo}
  util.return %0, %1 : !stream.resource<constant>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @async_splat
util.func public @async_splat(%n: index, %v: i8, %w: i64, %t: !stream.timepoint) -> (!stream.resource<*>, !stream.resource<transient>) {
  // CHECK: stream.async.splat %arg1 : i8 -> !stream.resource<*>{%arg0}
  %0 = stream.async.splat %v : i8 -> !stream.resource<*>{%n}
  // CHECK: stream.async.splat on(#hal.device.affinity<@dev>) await(%arg3) %arg2 : i64 -> !stream.resource<transient>{%arg0} attributes {foo}
  %1 = stream.async.splat on(#hal.device.affinity<@dev>) await(%t) %w : i64 -> !stream.resource<transient>{%n} attributes {foo}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<transient>
}

// -----

// CHECK-LABEL: util.func public @async_clone_slice
util.func public @async_clone_slice(%a: !stream.resource<external>, %n: index, %m: index) -> (!stream.resource<*>, !stream.resource<external>) {
  %c16 = arith.constant 16 : index
  %c48 = arith.constant 48 : index
  // CHECK: stream.async.clone on(#hal.device.affinity<@dev>) %arg0 : !stream.resource<external>{%arg1} -> !stream.resource<*>{%arg1}
  %0 = stream.async.clone on(#hal.device.affinity<@dev>) %a : !stream.resource<external>{%n} -> !stream.resource<*>{%n}
  // CHECK: stream.async.slice %arg0[%c16 to %c48] : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg2} attributes {foo}
  %1 = stream.async.slice %a[%c16 to %c48] : !stream.resource<external>{%n} -> !stream.resource<external>{%m} attributes {foo}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<external>
}

// -----

// CHECK-LABEL: util.func public @async_fill_update_copy
util.func public @async_fill_update_copy(%buf: !stream.resource<*>, %n: index, %tile: !stream.resource<*>, %ts: index, %pat: i32) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  // CHECK: %[[F:.+]] = stream.async.fill on(#hal.device.affinity<@dev>) %arg4, %arg0[%c0 to %c64 for %c64] : i32 -> %arg0 as !stream.resource<*>{%arg1}
  %f = stream.async.fill on(#hal.device.affinity<@dev>) %pat, %buf[%c0 to %c64 for %c64] : i32 -> %buf as !stream.resource<*>{%n}
  // CHECK: %[[U:.+]] = stream.async.update %arg2, %[[F]][%c0 to %arg3] : !stream.resource<*>{%arg3} -> %[[F]] as !stream.resource<*>{%arg1} attributes {foo}
  %u = stream.async.update %tile, %f[%c0 to %ts] : !stream.resource<*>{%ts} -> %f as !stream.resource<*>{%n} attributes {foo}
  // The tied operand name of the result is not checked by the parser.
  // CHECK: stream.async.copy %arg2[%c0 to %c8], %[[U]][%c8 to %c16], %c8 : !stream.resource<*>{%arg3} -> %[[U]] as !stream.resource<*>{%arg1}
  %c = stream.async.copy %tile[%c0 to %c8], %u[%c8 to %c16], %c8 : !stream.resource<*>{%ts} -> !stream.resource<*>{%n}
  util.return %f, %u, %c : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @async_collective
util.func public @async_collective(%in: !stream.resource<*>, %n: index, %acc: !stream.resource<*>, %m: index, %ch: !stream.channel, %root: i32) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %count = arith.constant 4 : index
  // CHECK: stream.async.collective<reduce with maximum : bf16>[%c4] channel(%arg4) target(%arg5) %arg0[%c0 to %arg1 for %arg1], %arg2[%c0 to %arg3 for %arg3] : !stream.resource<*>{%arg1} -> %arg2 as !stream.resource<*>{%arg3}
  %0 = stream.async.collective<reduce with maximum : bf16>[%count] channel(%ch) target(%root)
      %in[%c0 to %n for %n], %acc[%c0 to %m for %m] : !stream.resource<*>{%n} -> %acc as !stream.resource<*>{%m}
  // CHECK: stream.async.collective<all_gather : f32>[%c4] on(#hal.device.affinity<@dev>) channel(%arg4) %arg0[%c0 to %arg1 for %arg1], %arg2[%c0 to %arg3 for %arg3] : !stream.resource<*>{%arg1} -> %arg2 as !stream.resource<*>{%arg3} attributes {foo}
  %1 = stream.async.collective<all_gather : f32>[%count] on(#hal.device.affinity<@dev>) channel(%ch)
      %in[%c0 to %n for %n], %acc[%c0 to %m for %m] : !stream.resource<*>{%n} -> %acc as !stream.resource<*>{%m} attributes {foo}
  // The full attribute form is accepted too.
  // CHECK: stream.async.collective<send_recv : si8>[%c4] channel(%arg4) source_target_pair(%arg5) %arg0
  %2 = stream.async.collective#stream.collective<send_recv : si8>[%count] channel(%ch) source_target_pair(%root)
      %in[%c0 to %n for %n], %acc[%c0 to %m for %m] : !stream.resource<*>{%n} -> %acc as !stream.resource<*>{%m}
  util.return %0, %1, %2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @async_barrier_transfer_cast
util.func public @async_barrier_transfer_cast(%v: !stream.resource<*>, %n: index, %d: !stream.resource<transient>) -> (!stream.resource<*>, !stream.resource<staging>, !stream.resource<external>, !stream.resource<*>) {
  // CHECK: stream.async.barrier on(#hal.device.affinity<@gpu1>) %arg0 : !stream.resource<*>{%arg1}
  %0 = stream.async.barrier on(#hal.device.affinity<@gpu1>) %v : !stream.resource<*>{%n}
  // CHECK: stream.async.transfer %arg2 : !stream.resource<transient>{%arg1} from(#hal.device.affinity<@gpu>) -> to(#hal.device.affinity<@cpu>) !stream.resource<staging>{%arg1}
  %1 = stream.async.transfer %d : !stream.resource<transient>{%n} from(#hal.device.affinity<@gpu>) -> to(#hal.device.affinity<@cpu>) !stream.resource<staging>{%n}
  // CHECK: stream.async.transfer on(#hal.device.affinity<@cpu>) %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<external>{%arg1} attributes {foo}
  %2 = stream.async.transfer on(#hal.device.affinity<@cpu>) %v : !stream.resource<*>{%n} -> !stream.resource<external>{%n} attributes {foo}
  // CHECK: stream.async.cast on(#hal.device.affinity<@cpu>) %arg2 : !stream.resource<transient>{%arg1} -> !stream.resource<*>{%arg1} {foo}
  %3 = stream.async.cast on(#hal.device.affinity<@cpu>) %d : !stream.resource<transient>{%n} -> !stream.resource<*>{%n} {foo}
  util.return %0, %1, %2, %3 : !stream.resource<*>, !stream.resource<staging>, !stream.resource<external>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @async_load_store
util.func public @async_load_store(%stg: !stream.resource<staging>, %n: index, %x: i32) -> (vector<4xf32>, !stream.resource<staging>) {
  %c4 = arith.constant 4 : index
  // CHECK: stream.async.load %arg0[%c4] : !stream.resource<staging>{%arg1} -> vector<4xf32>
  %0 = stream.async.load %stg[%c4] : !stream.resource<staging>{%n} -> vector<4xf32>
  // CHECK: stream.async.store %arg2, %arg0[%c4] : i32 -> %arg0 as !stream.resource<staging>{%arg1} attributes {foo}
  %1 = stream.async.store %x, %stg[%c4] : i32 -> %stg as !stream.resource<staging>{%n} attributes {foo}
  util.return %0, %1 : vector<4xf32>, !stream.resource<staging>
}

// -----

// CHECK: stream.async.func private @ext_sort(%arg0: !stream.resource<*>, %arg1: index) -> %arg0
stream.async.func private @ext_sort(%arg0: !stream.resource<*>, %arg1: index) -> %arg0
// CHECK: stream.async.func private @ext_multi(%arg0: !stream.resource<*> {stream.foo}, %arg1: index) -> (!stream.resource<*>, %arg0 as !stream.resource<external>) attributes {bar}
stream.async.func private @ext_multi(%a: !stream.resource<*> {stream.foo}, %b: index) -> (!stream.resource<*>, %a as !stream.resource<external>) attributes {bar}

// CHECK-LABEL: util.func public @async_call
util.func public @async_call(%v: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  // CHECK: stream.async.call @ext_sort(%arg0[%c0 to %arg1 for %arg1], %arg1) : (!stream.resource<external>{%arg1}, index) -> %arg0{%arg1}
  %r = stream.async.call @ext_sort(%v[%c0 to %n for %n], %n) : (!stream.resource<external>{%n}, index) -> %v{%n}
  // CHECK: stream.async.call on(#hal.device.affinity<@dev>) @ext_multi(%arg0[%c0 to %arg1 for %arg1], %arg1) {foo} : (!stream.resource<external>{%arg1}, index) -> (!stream.resource<*>{%arg1}, %arg0{%arg1})
  %r2:2 = stream.async.call on(#hal.device.affinity<@dev>) @ext_multi(%v[%c0 to %n for %n], %n) {foo} : (!stream.resource<external>{%n}, index) -> (!stream.resource<*>{%n}, %v{%n})
  util.return %r, %r2#0 : !stream.resource<external>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @async_execute
util.func public @async_execute(%in: !stream.resource<external>, %n: index, %ready: !stream.timepoint, %pat: i32) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  // CHECK: %[[R:.+]], %[[T:.+]] = stream.async.execute on(#hal.device.affinity<@dev>) await(%arg2) => with(%arg0 as %arg4: !stream.resource<external>{%arg1}) -> %arg0{%arg1} {
  // CHECK-NEXT:   %[[F:.+]] = stream.async.fill %arg3, %arg4[%c0 to %arg1 for %arg1] : i32 -> %arg4 as !stream.resource<external>{%arg1}
  // CHECK-NEXT:   stream.yield %[[F]] : !stream.resource<external>{%arg1}
  // CHECK-NEXT: } => !stream.timepoint attributes {foo}
  %res, %done = stream.async.execute on(#hal.device.affinity<@dev>) await(%ready) => with(%in as %cap: !stream.resource<external>{%n}) -> %in{%n} {
    %f = stream.async.fill %pat, %cap[%c0 to %n for %n] : i32 -> %cap as !stream.resource<external>{%n}
    stream.yield %f : !stream.resource<external>{%n}
  } => !stream.timepoint attributes {foo}
  // CHECK: stream.async.execute with() {
  // CHECK-NEXT:   stream.yield
  // CHECK-NEXT: } => !stream.timepoint
  %t2 = stream.async.execute with() {
    stream.yield
  } => !stream.timepoint
  util.return %res, %done : !stream.resource<external>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @async_concurrent
util.func public @async_concurrent(%a: !stream.resource<*>, %n: index, %b: !stream.resource<*>, %m: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: stream.async.execute with(%arg0 as %arg4: !stream.resource<*>{%arg1}, %arg2 as %arg5: !stream.resource<*>{%arg3}) -> (%arg0{%arg1}, !stream.resource<*>{%arg3}) {
  // CHECK-NEXT:   %[[C:.+]]:2 = stream.async.concurrent with(%arg4 as %arg6: !stream.resource<*>{%arg1}, %arg5 as %arg7: !stream.resource<*>{%arg3}) -> (%arg4{%arg1}, %arg5{%arg3}) {
  // CHECK-NEXT:     stream.yield %arg6, %arg7 : !stream.resource<*>{%arg1}, !stream.resource<*>{%arg3}
  // CHECK-NEXT:   }
  // CHECK-NEXT:   %[[D:.+]] = stream.async.concurrent on(#hal.device.affinity<@dev>) with(%[[C]]#1 as %arg6: !stream.resource<*>{%arg3}) -> !stream.resource<*>{%arg3} {
  // CHECK-NEXT:     stream.yield %arg6 : !stream.resource<*>{%arg3}
  // CHECK-NEXT:   } attributes {foo}
  // CHECK-NEXT:   stream.yield %[[C]]#0, %[[D]] : !stream.resource<*>{%arg1}, !stream.resource<*>{%arg3}
  // CHECK-NEXT: } => !stream.timepoint
  %r:2, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}, %b as %y: !stream.resource<*>{%m}) -> (%a{%n}, !stream.resource<*>{%m}) {
    %a2, %b2 = stream.async.concurrent with(%x as %x2: !stream.resource<*>{%n}, %y as %y2: !stream.resource<*>{%m}) -> (%x{%n}, %y{%m}) {
      stream.yield %x2, %y2 : !stream.resource<*>{%n}, !stream.resource<*>{%m}
    }
    %d = stream.async.concurrent on(#hal.device.affinity<@dev>) with(%b2 as %z: !stream.resource<*>{%m}) -> (!stream.resource<*>{%m}) {
      stream.yield %z : !stream.resource<*>{%m}
    } attributes {foo}
    stream.yield %a2, %d : !stream.resource<*>{%n}, !stream.resource<*>{%m}
  } => !stream.timepoint
  util.return %r#0, %r#1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @async_dispatch
util.func public @async_dispatch(%lhs: !stream.resource<*>, %ls: index, %rhs: !stream.resource<external>, %rs: index, %k: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  // CHECK: %[[O:.+]] = stream.async.dispatch @ex::@gemm[%arg1, %arg3](%arg0[%c0 to %arg1 for %arg1], %arg2[%c0 to %arg3 for %arg3], %arg4) : (!stream.resource<*>{%arg1}, !stream.resource<external>{%arg3}, index) -> !stream.resource<*>{%arg4}
  %o = stream.async.dispatch @ex::@gemm[%ls, %rs](%lhs[%c0 to %ls for %ls], %rhs[%c0 to %rs for %rs], %k) :
      (!stream.resource<*>{%ls}, !stream.resource<external>{%rs}, index) -> !stream.resource<*>{%k}
  // CHECK: %{{.+}}:2 = stream.async.dispatch on(#hal.device.affinity<@dev>) {@ex::@a, @ex::@b}(%arg0[%c0 to %arg1 for %arg1], %arg2[%c0 to %arg3 for %arg3]) {foo} : (!stream.resource<*>{%arg1}, !stream.resource<external>{%arg3}) -> (%arg0{%arg1}, %arg2{%arg3})
  %p:2 = stream.async.dispatch on(#hal.device.affinity<@dev>) {@ex::@a, @ex::@b}(%lhs[%c0 to %ls for %ls], %rhs[%c0 to %rs for %rs]) {foo} :
      (!stream.resource<*>{%ls}, !stream.resource<external>{%rs}) -> (%lhs{%ls}, %rhs{%rs})
  // CHECK: stream.async.dispatch @ex::@noargs() : () -> ()
  stream.async.dispatch @ex::@noargs() : () -> ()
  util.return %o, %p#0, %p#1 : !stream.resource<*>, !stream.resource<*>, !stream.resource<external>
}

// -----

// `-> ()` is accepted and an empty result list prints no arrow.
// CHECK-LABEL: util.func public @async_execute_empty_results
util.func public @async_execute_empty_results(%a: !stream.resource<*>, %n: index) -> !stream.timepoint {
  // CHECK: stream.async.execute with(%arg0 as %arg2: !stream.resource<*>{%arg1}) {
  // CHECK-NEXT: stream.async.concurrent with() {
  %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}) -> () {
    stream.async.concurrent with() -> () {
      stream.yield
    }
    stream.yield
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// A tied result written with its type prints without it when the type equals
// the captured operand's type, and keeps `as` when it differs.
// CHECK-LABEL: util.func public @async_execute_tied_as
util.func public @async_execute_tied_as(%in: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<external>) {
  // CHECK: stream.async.execute with(%arg0 as %arg2: !stream.resource<*>{%arg1}) -> (%arg0{%arg1}, %arg0 as !stream.resource<external>{%arg1}) {
  %r:2, %t = stream.async.execute with(%in as %x: !stream.resource<*>{%n}) -> (%in as !stream.resource<*>{%n}, %in as !stream.resource<external>{%n}) {
    %c = stream.async.cast %x : !stream.resource<*>{%n} -> !stream.resource<external>{%n}
    stream.yield %x, %c : !stream.resource<*>{%n}, !stream.resource<external>{%n}
  } => !stream.timepoint
  util.return %r#0, %r#1 : !stream.resource<*>, !stream.resource<external>
}
