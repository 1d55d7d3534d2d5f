// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(sluice-pipeline-parameter-uploads{chunk-bytes=32})' %s | FileCheck %s
// RUN: sluice-opt --split-input-file --sluice-pipeline-parameter-uploads %s | FileCheck %s --check-prefix=DEFAULT

// execution.md §2.4 step 2. Rows are 16 bytes, so chunk-bytes=32 packs two
// one-row groups per chunk; the default (32 MiB) keeps these small programs
// unchanged (DEFAULT) and splits the 16 MiB rows of @default_chunks.

// Two chunks: one gather and one execute per chunk (same scope, target and
// await; the concurrent region kept); the other use of T and the use of E's
// timepoint take the joins.
// CHECK-LABEL: util.func public @split2
// CHECK-SAME: (%[[BUF:.+]]: !stream.resource<constant>, %[[OUT:.+]]: !stream.resource<external>, %[[AW:.+]]: !stream.timepoint)
// CHECK: %[[G0:.+]] = stream.cmd.parameter.gather await(%[[AW]]) => {
// CHECK-NEXT: %[[SCOPE:.+]]::%[[K0:.+]][%{{.+}}] -> %[[BUF]][%[[C0:.+]] for %[[C16:.+]]] : !stream.resource<constant>{%[[C64:.+]]},
// CHECK-NEXT: %[[SCOPE]]::%[[K1:.+]][%{{.+}}] -> %[[BUF]][%[[C16]] for %[[C16]]] : !stream.resource<constant>{%[[C64]]}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[G1:.+]] = stream.cmd.parameter.gather await(%[[AW]]) => {
// CHECK-NEXT: %[[SCOPE]]::%[[K2:.+]][%{{.+}}] -> %[[BUF]][%[[C32:.+]] for %[[C16]]] : !stream.resource<constant>{%[[C64]]},
// CHECK-NEXT: %[[SCOPE]]::%[[K3:.+]][%{{.+}}] -> %[[BUF]][%[[C48:.+]] for %[[C16]]] : !stream.resource<constant>{%[[C64]]}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[TJ:.+]] = stream.timepoint.join max(%[[G0]], %[[G1]]) => !stream.timepoint
// CHECK-NEXT: %[[E0:.+]] = stream.cmd.execute once await(%[[G0]]) => with(%[[BUF]] as %[[B:[^:]+]]: !stream.resource<constant>{%[[C64]]}, %[[OUT]] as %[[O:[^:]+]]: !stream.resource<external>{%[[C64]]}) {
// CHECK-NEXT: stream.cmd.concurrent {
// CHECK-NEXT: stream.cmd.dispatch @ex::@f {
// CHECK-NEXT: ro %[[B]][%[[C0]] for %[[C16]]]
// CHECK-NEXT: wo %[[O]][%[[C0]] for %[[C16]]]
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: stream.cmd.dispatch @ex::@f {
// CHECK-NEXT: ro %[[B]][%[[C16]] for %[[C16]]]
// CHECK-NEXT: wo %[[O]][%[[C16]] for %[[C16]]]
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: } => !stream.timepoint attributes {test.kept}
// CHECK-NEXT: %[[E1:.+]] = stream.cmd.execute once await(%[[G1]]) => with(%[[BUF]] as %[[B1:[^:]+]]: !stream.resource<constant>{%[[C64]]}, %[[OUT]] as %[[O1:[^:]+]]: !stream.resource<external>{%[[C64]]}) {
// CHECK-NEXT: stream.cmd.concurrent {
// CHECK-NEXT: stream.cmd.dispatch @ex::@f {
// CHECK-NEXT: ro %[[B1]][%[[C32]] for %[[C16]]]
// CHECK-NEXT: wo %[[O1]][%[[C32]] for %[[C16]]]
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: stream.cmd.dispatch @ex::@f {
// CHECK-NEXT: ro %[[B1]][%[[C48]] for %[[C16]]]
// CHECK-NEXT: wo %[[O1]][%[[C48]] for %[[C16]]]
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: } => !stream.timepoint attributes {test.kept}
// CHECK-NEXT: %[[EJ:.+]] = stream.timepoint.join max(%[[E0]], %[[E1]]) => !stream.timepoint
// CHECK-NEXT: %[[J:.+]] = stream.timepoint.join max(%[[TJ]], %[[EJ]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[J]]
// CHECK-NOT: stream.cmd
// DEFAULT-LABEL: util.func public @split2
// DEFAULT-COUNT-1: stream.cmd.parameter.gather
// DEFAULT-COUNT-1: stream.cmd.execute
// DEFAULT-NOT: stream.cmd.parameter.gather
// DEFAULT: util.return
util.func public @split2(%buf: !stream.resource<constant>, %out: !stream.resource<external>, %await: !stream.timepoint) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  %c0_i64 = arith.constant 0 : i64
  %scope = util.buffer.constant : !util.buffer = "model"
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %k3 = util.buffer.constant : !util.buffer = "w3"
  %t = stream.cmd.parameter.gather await(%await) => {
    %scope::%k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c64},
    %scope::%k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c64},
    %scope::%k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c64},
    %scope::%k3[%c0_i64] -> %buf[%c48 for %c16] : !stream.resource<constant>{%c64}
  } => !stream.timepoint
  %e = stream.cmd.execute once await(%t) => with(%buf as %b: !stream.resource<constant>{%c64}, %out as %o: !stream.resource<external>{%c64}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c0 for %c16] : !stream.resource<constant>{%c64},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c64}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c16 for %c16] : !stream.resource<constant>{%c64},
        wo %o[%c16 for %c16] : !stream.resource<external>{%c64}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c32 for %c16] : !stream.resource<constant>{%c64},
        wo %o[%c32 for %c16] : !stream.resource<external>{%c64}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c48 for %c16] : !stream.resource<constant>{%c64},
        wo %o[%c48 for %c16] : !stream.resource<external>{%c64}
      }
    }
  } => !stream.timepoint attributes {test.kept}
  %j = stream.timepoint.join max(%t, %e) => !stream.timepoint
  util.return %j : !stream.timepoint
}

// -----

// Three chunks from six rows; a body without stream.cmd.concurrent; each
// execute captures only what its commands use (%b0 only in chunk 0, %b2 only
// in chunk 2). T has no other use, so only E's timepoint is joined.
// CHECK-LABEL: util.func public @split3
// CHECK-SAME: (%[[BUF:[^:]+]]: !stream.resource<transient>, %[[X:[^:]+]]: !stream.resource<external>, %[[Y:[^:]+]]: !stream.resource<external>)
// CHECK: %[[K0:.+]] = util.buffer.constant : !util.buffer = "w0"
// CHECK-NEXT: %[[K1:.+]] = util.buffer.constant : !util.buffer = "w1"
// CHECK: %[[G0:.+]] = stream.cmd.parameter.gather on(#hal.device.affinity<@dev>) {
// CHECK-NEXT: %[[K0]][%c0_i64] -> %[[BUF]][%c0 for %c16]
// CHECK-NEXT: %[[K1]][%c0_i64] -> %[[BUF]][%c16 for %c16]
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[G1:.+]] = stream.cmd.parameter.gather on(#hal.device.affinity<@dev>) {
// CHECK-NEXT: -> %[[BUF]][%c32 for %c16]
// CHECK-NEXT: -> %[[BUF]][%c48 for %c16]
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[G2:.+]] = stream.cmd.parameter.gather on(#hal.device.affinity<@dev>) {
// CHECK-NEXT: -> %[[BUF]][%c64 for %c16]
// CHECK-NEXT: -> %[[BUF]][%c80 for %c16]
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[E0:.+]] = stream.cmd.execute on(#hal.device.affinity<@dev>) await(%[[G0]]) => with(%[[BUF]] as %[[B:[^:]+]]: !stream.resource<transient>{%c96}, %[[X]] as %[[XA:[^:]+]]: !stream.resource<external>{%c96}) {
// CHECK-NEXT: stream.cmd.copy %[[B]][%c0], %[[XA]][%c0], %c16
// CHECK-NEXT: stream.cmd.copy %[[B]][%c16], %[[XA]][%c16], %c16
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[E1:.+]] = stream.cmd.execute on(#hal.device.affinity<@dev>) await(%[[G1]]) => with(%[[BUF]] as %[[B1:[^:]+]]: !stream.resource<transient>{%c96}, %[[X]] as %[[XB:[^:]+]]: !stream.resource<external>{%c96}) {
// CHECK-NEXT: stream.cmd.copy %[[B1]][%c32], %[[XB]][%c32], %c16
// CHECK-NEXT: stream.cmd.copy %[[B1]][%c48], %[[XB]][%c48], %c16
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[E2:.+]] = stream.cmd.execute on(#hal.device.affinity<@dev>) await(%[[G2]]) => with(%[[BUF]] as %[[B2:[^:]+]]: !stream.resource<transient>{%c96}, %[[Y]] as %[[YA:[^:]+]]: !stream.resource<external>{%c96}) {
// CHECK-NEXT: stream.cmd.copy %[[B2]][%c64], %[[YA]][%c0], %c16
// CHECK-NEXT: stream.cmd.copy %[[B2]][%c80], %[[YA]][%c16], %c16
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[EJ:.+]] = stream.timepoint.join max(%[[E0]], %[[E1]], %[[E2]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[EJ]]
util.func public @split3(%buf: !stream.resource<transient>, %x: !stream.resource<external>, %y: !stream.resource<external>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  %c80 = arith.constant 80 : index
  %c96 = arith.constant 96 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %k3 = util.buffer.constant : !util.buffer = "w3"
  %k4 = util.buffer.constant : !util.buffer = "w4"
  %k5 = util.buffer.constant : !util.buffer = "w5"
  %t = stream.cmd.parameter.gather on(#hal.device.affinity<@dev>) {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<transient>{%c96},
    %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<transient>{%c96},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<transient>{%c96},
    %k3[%c0_i64] -> %buf[%c48 for %c16] : !stream.resource<transient>{%c96},
    %k4[%c0_i64] -> %buf[%c64 for %c16] : !stream.resource<transient>{%c96},
    %k5[%c0_i64] -> %buf[%c80 for %c16] : !stream.resource<transient>{%c96}
  } => !stream.timepoint
  %e = stream.cmd.execute on(#hal.device.affinity<@dev>) await(%t) => with(%buf as %b: !stream.resource<transient>{%c96}, %x as %xa: !stream.resource<external>{%c96}, %y as %ya: !stream.resource<external>{%c96}) {
    stream.cmd.copy %b[%c0], %xa[%c0], %c16 : !stream.resource<transient>{%c96} -> !stream.resource<external>{%c96}
    stream.cmd.copy %b[%c16], %xa[%c16], %c16 : !stream.resource<transient>{%c96} -> !stream.resource<external>{%c96}
    stream.cmd.copy %b[%c32], %xa[%c32], %c16 : !stream.resource<transient>{%c96} -> !stream.resource<external>{%c96}
    stream.cmd.copy %b[%c48], %xa[%c48], %c16 : !stream.resource<transient>{%c96} -> !stream.resource<external>{%c96}
    stream.cmd.copy %b[%c64], %ya[%c0], %c16 : !stream.resource<transient>{%c96} -> !stream.resource<external>{%c96}
    stream.cmd.copy %b[%c80], %ya[%c16], %c16 : !stream.resource<transient>{%c96} -> !stream.resource<external>{%c96}
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}

// -----

// Grouping: @a reads rows 0 and 2 (one group of 32 bytes: chunk 0); @b reads
// row 1 and @c a range covering rows 3 and 4 (two groups: chunk 1); row 5 is
// read by nothing (its own group: chunk 2, whose execute is empty); the fill
// touches no row and goes into the first execute. Rows keep their original
// order inside each gather.
// CHECK-LABEL: util.func public @groups
// CHECK-SAME: (%[[BUF:[^:]+]]: !stream.resource<constant>, %[[OUT:[^:]+]]: !stream.resource<external>)
// CHECK: %[[K0:.+]] = util.buffer.constant : !util.buffer = "w0"
// CHECK-NEXT: %[[K1:.+]] = util.buffer.constant : !util.buffer = "w1"
// CHECK-NEXT: %[[K2:.+]] = util.buffer.constant : !util.buffer = "w2"
// CHECK-NEXT: %[[K3:.+]] = util.buffer.constant : !util.buffer = "w3"
// CHECK-NEXT: %[[K4:.+]] = util.buffer.constant : !util.buffer = "w4"
// CHECK-NEXT: %[[K5:.+]] = util.buffer.constant : !util.buffer = "w5"
// CHECK-NEXT: %[[G0:.+]] = stream.cmd.parameter.gather {
// CHECK-NEXT: %[[K0]][%c0_i64] -> %[[BUF]][%c0 for %c16]
// CHECK-NEXT: %[[K2]][%c0_i64] -> %[[BUF]][%c32 for %c16]
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[G1:.+]] = stream.cmd.parameter.gather {
// CHECK-NEXT: %[[K1]][%c0_i64] -> %[[BUF]][%c16 for %c16]
// CHECK-NEXT: %[[K3]][%c0_i64] -> %[[BUF]][%c48 for %c16]
// CHECK-NEXT: %[[K4]][%c0_i64] -> %[[BUF]][%c64 for %c16]
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[G2:.+]] = stream.cmd.parameter.gather {
// CHECK-NEXT: %[[K5]][%c0_i64] -> %[[BUF]][%c80 for %c16]
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[E0:.+]] = stream.cmd.execute await(%[[G0]]) => with(%[[BUF]] as %[[B0:[^:]+]]: !stream.resource<constant>{%c96}, %[[OUT]] as %[[O0:[^:]+]]: !stream.resource<external>{%c96}) {
// CHECK-NEXT: stream.cmd.concurrent {
// CHECK-NEXT: stream.cmd.dispatch @ex::@a {
// CHECK-NEXT: ro %[[B0]][%c0 for %c16]
// CHECK-NEXT: ro %[[B0]][%c32 for %c16]
// CHECK-NEXT: wo %[[O0]][%c0 for %c16]
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: stream.cmd.fill %c0_i32, %[[O0]][%c80 for %c16]
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[E1:.+]] = stream.cmd.execute await(%[[G1]]) => with(%[[BUF]] as %[[B1:[^:]+]]: !stream.resource<constant>{%c96}, %[[OUT]] as %[[O1:[^:]+]]: !stream.resource<external>{%c96}) {
// CHECK-NEXT: stream.cmd.concurrent {
// CHECK-NEXT: stream.cmd.dispatch @ex::@b {
// CHECK-NEXT: ro %[[B1]][%c16 for %c16]
// CHECK-NEXT: wo %[[O1]][%c16 for %c16]
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: stream.cmd.dispatch @ex::@c {
// CHECK-NEXT: ro %[[B1]][%c48 for %c32]
// CHECK-NEXT: wo %[[O1]][%c32 for %c16]
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[E2:.+]] = stream.cmd.execute await(%[[G2]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: stream.timepoint.join max(%[[E0]], %[[E1]], %[[E2]])
util.func public @groups(%buf: !stream.resource<constant>, %out: !stream.resource<external>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  %c80 = arith.constant 80 : index
  %c96 = arith.constant 96 : index
  %c0_i64 = arith.constant 0 : i64
  %c0_i32 = arith.constant 0 : i32
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %k3 = util.buffer.constant : !util.buffer = "w3"
  %k4 = util.buffer.constant : !util.buffer = "w4"
  %k5 = util.buffer.constant : !util.buffer = "w5"
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c96},
    %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c96},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c96},
    %k3[%c0_i64] -> %buf[%c48 for %c16] : !stream.resource<constant>{%c96},
    %k4[%c0_i64] -> %buf[%c64 for %c16] : !stream.resource<constant>{%c96},
    %k5[%c0_i64] -> %buf[%c80 for %c16] : !stream.resource<constant>{%c96}
  } => !stream.timepoint
  %e = stream.cmd.execute await(%t) => with(%buf as %b: !stream.resource<constant>{%c96}, %out as %o: !stream.resource<external>{%c96}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@a {
        ro %b[%c0 for %c16] : !stream.resource<constant>{%c96},
        ro %b[%c32 for %c16] : !stream.resource<constant>{%c96},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c96}
      }
      stream.cmd.dispatch @ex::@b {
        ro %b[%c16 for %c16] : !stream.resource<constant>{%c96},
        wo %o[%c16 for %c16] : !stream.resource<external>{%c96}
      }
      stream.cmd.dispatch @ex::@c {
        ro %b[%c48 for %c32] : !stream.resource<constant>{%c96},
        wo %o[%c32 for %c16] : !stream.resource<external>{%c96}
      }
      stream.cmd.fill %c0_i32, %o[%c80 for %c16] : i32 -> !stream.resource<external>{%c96}
    }
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}

// -----

// A load: one load per chunk; the results used after the execute (returned)
// are the new loads' results; T's other use (a host await) takes the join.
// CHECK-LABEL: util.func public @load
// CHECK-SAME: (%[[OUT:[^:]+]]: !stream.resource<external>)
// CHECK: %[[SCOPE:.+]] = util.buffer.constant : !util.buffer = "model"
// CHECK-NEXT: %[[K0:.+]] = util.buffer.constant : !util.buffer = "w0"
// CHECK-NEXT: %[[K1:.+]] = util.buffer.constant : !util.buffer = "w1"
// CHECK-NEXT: %[[K2:.+]] = util.buffer.constant : !util.buffer = "w2"
// CHECK-NEXT: %[[L:.+]]:2, %[[LT:.+]] = stream.cmd.parameter.load {
// CHECK-NEXT: %[[SCOPE]]::%[[K0]][%c0_i64] : !stream.resource<constant>{%c16},
// CHECK-NEXT: %[[SCOPE]]::%[[K1]][%c0_i64] : !stream.resource<constant>{%c16}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[M:.+]], %[[MT:.+]] = stream.cmd.parameter.load {
// CHECK-NEXT: %[[SCOPE]]::%[[K2]][%c0_i64] : !stream.resource<constant>{%c16}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[TJ:.+]] = stream.timepoint.join max(%[[LT]], %[[MT]]) => !stream.timepoint
// CHECK-NEXT: %[[E0:.+]] = stream.cmd.execute await(%[[LT]]) => with(%[[L]]#0 as %[[A:[^:]+]]: !stream.resource<constant>{%c16}, %[[L]]#1 as %[[B:[^:]+]]: !stream.resource<constant>{%c16}, %[[OUT]] as %[[O0:[^:]+]]: !stream.resource<external>{%c48}) {
// CHECK-NEXT: stream.cmd.dispatch @ex::@f {
// CHECK-NEXT: ro %[[A]][%c0 for %c16]
// CHECK-NEXT: wo %[[O0]][%c0 for %c16]
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: stream.cmd.dispatch @ex::@f {
// CHECK-NEXT: ro %[[B]][%c0 for %c16]
// CHECK-NEXT: wo %[[O0]][%c16 for %c16]
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[E1:.+]] = stream.cmd.execute await(%[[MT]]) => with(%[[M]] as %[[C:[^:]+]]: !stream.resource<constant>{%c16}, %[[OUT]] as %[[O1:[^:]+]]: !stream.resource<external>{%c48}) {
// CHECK-NEXT: stream.cmd.dispatch @ex::@f {
// CHECK-NEXT: ro %[[C]][%c0 for %c16]
// CHECK-NEXT: wo %[[O1]][%c32 for %c16]
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[EJ:.+]] = stream.timepoint.join max(%[[E0]], %[[E1]]) => !stream.timepoint
// CHECK-NEXT: %[[R:.+]] = stream.timepoint.await %[[TJ]] => %[[L]]#0 : !stream.resource<constant>{%c16}
// CHECK-NEXT: util.return %[[EJ]], %[[R]], %[[M]] :
util.func public @load(%out: !stream.resource<external>) -> (!stream.timepoint, !stream.resource<constant>, !stream.resource<constant>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c0_i64 = arith.constant 0 : i64
  %scope = util.buffer.constant : !util.buffer = "model"
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %r:3, %t = stream.cmd.parameter.load {
    %scope::%k0[%c0_i64] : !stream.resource<constant>{%c16},
    %scope::%k1[%c0_i64] : !stream.resource<constant>{%c16},
    %scope::%k2[%c0_i64] : !stream.resource<constant>{%c16}
  } => !stream.timepoint
  %e = stream.cmd.execute await(%t) => with(%r#0 as %a: !stream.resource<constant>{%c16}, %r#1 as %b: !stream.resource<constant>{%c16}, %r#2 as %c: !stream.resource<constant>{%c16}, %out as %o: !stream.resource<external>{%c48}) {
    stream.cmd.dispatch @ex::@f {
      ro %a[%c0 for %c16] : !stream.resource<constant>{%c16},
      wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
    }
    stream.cmd.dispatch @ex::@f {
      ro %b[%c0 for %c16] : !stream.resource<constant>{%c16},
      wo %o[%c16 for %c16] : !stream.resource<external>{%c48}
    }
    stream.cmd.dispatch @ex::@f {
      ro %c[%c0 for %c16] : !stream.resource<constant>{%c16},
      wo %o[%c32 for %c16] : !stream.resource<external>{%c48}
    }
  } => !stream.timepoint
  %ready = stream.timepoint.await %t => %r#0 : !stream.resource<constant>{%c16}
  util.return %e, %ready, %r#2 : !stream.timepoint, !stream.resource<constant>, !stream.resource<constant>
}

// -----

// The default chunk-bytes (32 MiB): four 16 MiB rows make two chunks.
// DEFAULT-LABEL: util.func public @default_chunks
// DEFAULT-COUNT-2: stream.cmd.parameter.gather {
// DEFAULT-COUNT-2: stream.cmd.execute await
// DEFAULT-NOT: stream.cmd.parameter.gather
// DEFAULT: util.return
// CHECK-LABEL: util.func public @default_chunks
// CHECK-COUNT-4: stream.cmd.parameter.gather {
// CHECK-NOT: stream.cmd.parameter.gather
util.func public @default_chunks(%buf: !stream.resource<constant>, %out: !stream.resource<external>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 16777216 : index
  %c2 = arith.constant 33554432 : index
  %c3 = arith.constant 50331648 : index
  %size = arith.constant 67108864 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %k3 = util.buffer.constant : !util.buffer = "w3"
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c1] : !stream.resource<constant>{%size},
    %k1[%c0_i64] -> %buf[%c1 for %c1] : !stream.resource<constant>{%size},
    %k2[%c0_i64] -> %buf[%c2 for %c1] : !stream.resource<constant>{%size},
    %k3[%c0_i64] -> %buf[%c3 for %c1] : !stream.resource<constant>{%size}
  } => !stream.timepoint
  %e = stream.cmd.execute await(%t) => with(%buf as %b: !stream.resource<constant>{%size}, %out as %o: !stream.resource<external>{%size}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c0 for %c1] : !stream.resource<constant>{%size},
        wo %o[%c0 for %c1] : !stream.resource<external>{%size}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c1 for %c1] : !stream.resource<constant>{%size},
        wo %o[%c1 for %c1] : !stream.resource<external>{%size}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c2 for %c1] : !stream.resource<constant>{%size},
        wo %o[%c2 for %c1] : !stream.resource<external>{%size}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c3 for %c1] : !stream.resource<constant>{%size},
        wo %o[%c3 for %c1] : !stream.resource<external>{%size}
      }
    }
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}

// -----

// Unchanged: two executes await T.
// CHECK-LABEL: util.func public @two_awaiters
// CHECK-COUNT-1: stream.cmd.parameter.gather
// CHECK-NOT: stream.cmd.parameter.gather
// CHECK-COUNT-2: stream.cmd.execute
// CHECK-NOT: stream.cmd.execute
// CHECK: util.return
util.func public @two_awaiters(%buf: !stream.resource<constant>, %out: !stream.resource<external>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c48},
    %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c48},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c48}
  } => !stream.timepoint
  %e = stream.cmd.execute await(%t) => with(%buf as %b: !stream.resource<constant>{%c48}, %out as %o: !stream.resource<external>{%c48}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c0 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c16 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c16 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c32 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c32 for %c16] : !stream.resource<external>{%c48}
      }
    }
  } => !stream.timepoint
  %e2 = stream.cmd.execute await(%t) => with(%buf as %b: !stream.resource<constant>{%c48}, %out as %o: !stream.resource<external>{%c48}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c0 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
      }
    }
  } => !stream.timepoint
  %j = stream.timepoint.join max(%e, %e2) => !stream.timepoint
  util.return %j : !stream.timepoint
}

// -----

// Unchanged: the body holds a stream.cmd.serial (not one wave).
// CHECK-LABEL: util.func public @serial_body
// CHECK-COUNT-1: stream.cmd.parameter.gather
// CHECK-NOT: stream.cmd.parameter.gather
// CHECK-COUNT-1: stream.cmd.execute
// CHECK-NOT: stream.cmd.execute
// CHECK: util.return
util.func public @serial_body(%buf: !stream.resource<constant>, %out: !stream.resource<external>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c48},
    %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c48},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c48}
  } => !stream.timepoint
  %e = stream.cmd.execute await(%t) => with(%buf as %b: !stream.resource<constant>{%c48}, %out as %o: !stream.resource<external>{%c48}) {
    stream.cmd.serial {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c0 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c16 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c16 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c32 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c32 for %c16] : !stream.resource<external>{%c48}
      }
    }
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}

// -----

// Unchanged: two stream.cmd.concurrent regions (two waves).
// CHECK-LABEL: util.func public @two_concurrent
// CHECK-COUNT-1: stream.cmd.parameter.gather
// CHECK-NOT: stream.cmd.parameter.gather
// CHECK-COUNT-1: stream.cmd.execute
// CHECK-NOT: stream.cmd.execute
// CHECK: util.return
util.func public @two_concurrent(%buf: !stream.resource<constant>, %out: !stream.resource<external>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c48},
    %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c48},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c48}
  } => !stream.timepoint
  %e = stream.cmd.execute await(%t) => with(%buf as %b: !stream.resource<constant>{%c48}, %out as %o: !stream.resource<external>{%c48}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c0 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
      }
    }
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c16 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c16 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c32 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c32 for %c16] : !stream.resource<external>{%c48}
      }
    }
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}

// -----

// Unchanged: a command beside the concurrent region.
// CHECK-LABEL: util.func public @command_beside_concurrent
// CHECK-COUNT-1: stream.cmd.parameter.gather
// CHECK-NOT: stream.cmd.parameter.gather
// CHECK-COUNT-1: stream.cmd.execute
// CHECK-NOT: stream.cmd.execute
// CHECK: util.return
util.func public @command_beside_concurrent(%buf: !stream.resource<constant>, %out: !stream.resource<external>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c48},
    %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c48},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c48}
  } => !stream.timepoint
  %e = stream.cmd.execute await(%t) => with(%buf as %b: !stream.resource<constant>{%c48}, %out as %o: !stream.resource<external>{%c48}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c0 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c16 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c16 for %c16] : !stream.resource<external>{%c48}
      }
    }
    stream.cmd.dispatch @ex::@f {
        ro %b[%c32 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c32 for %c16] : !stream.resource<external>{%c48}
      }
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}

// -----

// Unchanged: @g reads the range of %o the first dispatch writes.
// CHECK-LABEL: util.func public @write_read
// CHECK-COUNT-1: stream.cmd.parameter.gather
// CHECK-NOT: stream.cmd.parameter.gather
// CHECK-COUNT-1: stream.cmd.execute
// CHECK-NOT: stream.cmd.execute
// CHECK: util.return
util.func public @write_read(%buf: !stream.resource<constant>, %out: !stream.resource<external>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c48},
    %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c48},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c48}
  } => !stream.timepoint
  %e = stream.cmd.execute await(%t) => with(%buf as %b: !stream.resource<constant>{%c48}, %out as %o: !stream.resource<external>{%c48}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c0 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c16 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c16 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@g {
        ro %b[%c32 for %c16] : !stream.resource<constant>{%c48},
        ro %o[%c0 for %c16] : !stream.resource<external>{%c48}
      }
    }
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}

// -----

// Unchanged: @g writes a range of %o overlapping another write (docs: a serial body would lose its order).
// CHECK-LABEL: util.func public @write_write
// CHECK-COUNT-1: stream.cmd.parameter.gather
// CHECK-NOT: stream.cmd.parameter.gather
// CHECK-COUNT-1: stream.cmd.execute
// CHECK-NOT: stream.cmd.execute
// CHECK: util.return
util.func public @write_write(%buf: !stream.resource<constant>, %out: !stream.resource<external>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c8 = arith.constant 8 : index
  %c48 = arith.constant 48 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c48},
    %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c48},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c48}
  } => !stream.timepoint
  %e = stream.cmd.execute await(%t) => with(%buf as %b: !stream.resource<constant>{%c48}, %out as %o: !stream.resource<external>{%c48}) {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c0 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c16 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c16 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c32 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c8 for %c16] : !stream.resource<external>{%c48}
      }
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}

// -----

// Unchanged: one dispatch reads every row (one group, one chunk).
// CHECK-LABEL: util.func public @one_chunk
// CHECK-COUNT-1: stream.cmd.parameter.gather
// CHECK-NOT: stream.cmd.parameter.gather
// CHECK-COUNT-1: stream.cmd.execute
// CHECK-NOT: stream.cmd.execute
// CHECK: util.return
util.func public @one_chunk(%buf: !stream.resource<constant>, %out: !stream.resource<external>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c48},
    %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c48},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c48}
  } => !stream.timepoint
  %e = stream.cmd.execute await(%t) => with(%buf as %b: !stream.resource<constant>{%c48}, %out as %o: !stream.resource<external>{%c48}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c0 for %c48] : !stream.resource<constant>{%c48},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
      }
    }
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}

// -----

// Unchanged: a read range that is not constant touches every row (one group).
// CHECK-LABEL: util.func public @dynamic_offset_read
// CHECK-COUNT-1: stream.cmd.parameter.gather
// CHECK-NOT: stream.cmd.parameter.gather
// CHECK-COUNT-1: stream.cmd.execute
// CHECK-NOT: stream.cmd.execute
// CHECK: util.return
util.func public @dynamic_offset_read(%buf: !stream.resource<constant>, %out: !stream.resource<external>, %off: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c48},
    %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c48},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c48}
  } => !stream.timepoint
  %e = stream.cmd.execute await(%t) => with(%buf as %b: !stream.resource<constant>{%c48}, %out as %o: !stream.resource<external>{%c48}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@f {
        ro %b[%off for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c16 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c16 for %c16] : !stream.resource<external>{%c48}
      }
    }
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}

// -----

// Unchanged: E awaits a join of T, not T.
// CHECK-LABEL: util.func public @joined_await
// CHECK-COUNT-1: stream.cmd.parameter.gather
// CHECK-NOT: stream.cmd.parameter.gather
// CHECK-COUNT-1: stream.cmd.execute
// CHECK-NOT: stream.cmd.execute
// CHECK: util.return
util.func public @joined_await(%buf: !stream.resource<constant>, %out: !stream.resource<external>, %x: !stream.timepoint) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c48},
    %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c48},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c48}
  } => !stream.timepoint
  %tj = stream.timepoint.join max(%t, %x) => !stream.timepoint
  %e = stream.cmd.execute await(%tj) => with(%buf as %b: !stream.resource<constant>{%c48}, %out as %o: !stream.resource<external>{%c48}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c0 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c16 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c16 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c32 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c32 for %c16] : !stream.resource<external>{%c48}
      }
    }
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}

// -----

// Unchanged: a row length is not a constant (chunk sizes unknown).
// CHECK-LABEL: util.func public @dynamic_row
// CHECK-COUNT-1: stream.cmd.parameter.gather
// CHECK-NOT: stream.cmd.parameter.gather
// CHECK-COUNT-1: stream.cmd.execute
// CHECK-NOT: stream.cmd.execute
// CHECK: util.return
util.func public @dynamic_row(%buf: !stream.resource<constant>, %out: !stream.resource<external>, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c48},
    %k1[%c0_i64] -> %buf[%c16 for %n] : !stream.resource<constant>{%c48},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c48}
  } => !stream.timepoint
  %e = stream.cmd.execute await(%t) => with(%buf as %b: !stream.resource<constant>{%c48}, %out as %o: !stream.resource<external>{%c48}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c0 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c16 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c16 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c32 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c32 for %c16] : !stream.resource<external>{%c48}
      }
    }
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}

// -----

// Unchanged: E captures a subview of the target (an alias the pass does not follow).
// CHECK-LABEL: util.func public @subview_capture
// CHECK-COUNT-1: stream.cmd.parameter.gather
// CHECK-NOT: stream.cmd.parameter.gather
// CHECK-COUNT-1: stream.cmd.execute
// CHECK-NOT: stream.cmd.execute
// CHECK: util.return
util.func public @subview_capture(%buf: !stream.resource<constant>, %out: !stream.resource<external>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c48},
    %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c48},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c48}
  } => !stream.timepoint
  %sub = stream.resource.subview %buf[%c0] : !stream.resource<constant>{%c48} -> !stream.resource<constant>{%c48}
  %e = stream.cmd.execute await(%t) => with(%sub as %b: !stream.resource<constant>{%c48}, %out as %o: !stream.resource<external>{%c48}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c0 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c16 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c16 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c32 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c32 for %c16] : !stream.resource<external>{%c48}
      }
    }
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}

// -----

// Unchanged: no execute awaits T.
// CHECK-LABEL: util.func public @no_execute
// CHECK-COUNT-1: stream.cmd.parameter.gather
// CHECK-NOT: stream.cmd.parameter.gather
// CHECK-NOT: stream.cmd.execute
// CHECK: util.return
util.func public @no_execute(%buf: !stream.resource<constant>, %out: !stream.resource<external>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c48},
    %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c48},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c48}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// Nested regions and unreachable blocks are handled like any other block.
// CHECK-LABEL: util.func public @nested
// CHECK: scf.if
// CHECK-COUNT-2: stream.cmd.parameter.gather
// CHECK-COUNT-2: stream.cmd.execute
// CHECK: scf.yield
// CHECK: util.return
// CHECK: ^bb1:
// CHECK-COUNT-2: stream.cmd.parameter.gather
// CHECK-COUNT-2: stream.cmd.execute
// CHECK: util.return
util.func public @nested(%buf: !stream.resource<constant>, %out: !stream.resource<external>, %cond: i1) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %r = scf.if %cond -> !stream.timepoint {
    %t = stream.cmd.parameter.gather {
      %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c48},
      %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c48},
      %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c48}
    } => !stream.timepoint
    %e = stream.cmd.execute await(%t) => with(%buf as %b: !stream.resource<constant>{%c48}, %out as %o: !stream.resource<external>{%c48}) {
      stream.cmd.concurrent {
        stream.cmd.dispatch @ex::@f {
          ro %b[%c0 for %c16] : !stream.resource<constant>{%c48},
          wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
        }
        stream.cmd.dispatch @ex::@f {
          ro %b[%c16 for %c16] : !stream.resource<constant>{%c48},
          wo %o[%c16 for %c16] : !stream.resource<external>{%c48}
        }
        stream.cmd.dispatch @ex::@f {
          ro %b[%c32 for %c16] : !stream.resource<constant>{%c48},
          wo %o[%c32 for %c16] : !stream.resource<external>{%c48}
        }
      }
    } => !stream.timepoint
    scf.yield %e : !stream.timepoint
  } else {
    %i = stream.timepoint.immediate => !stream.timepoint
    scf.yield %i : !stream.timepoint
  }
  util.return %r : !stream.timepoint
^bb1:
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c48},
    %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c48},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c48}
  } => !stream.timepoint
  %e = stream.cmd.execute await(%t) => with(%buf as %b: !stream.resource<constant>{%c48}, %out as %o: !stream.resource<external>{%c48}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c0 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c16 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c16 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c32 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c32 for %c16] : !stream.resource<external>{%c48}
      }
    }
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}

// -----

// Unchanged: %out is captured twice (%o, %o2); the write through %o and the
// read through %o2 overlap, so the body is not one wave.
// CHECK-LABEL: util.func public @aliased_captures
// CHECK-COUNT-1: stream.cmd.parameter.gather
// CHECK-NOT: stream.cmd.parameter.gather
// CHECK-COUNT-1: stream.cmd.execute
// CHECK-NOT: stream.cmd.execute
// CHECK: util.return
util.func public @aliased_captures(%buf: !stream.resource<constant>, %out: !stream.resource<external>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c0_i64 = arith.constant 0 : i64
  %k0 = util.buffer.constant : !util.buffer = "w0"
  %k1 = util.buffer.constant : !util.buffer = "w1"
  %k2 = util.buffer.constant : !util.buffer = "w2"
  %t = stream.cmd.parameter.gather {
    %k0[%c0_i64] -> %buf[%c0 for %c16] : !stream.resource<constant>{%c48},
    %k1[%c0_i64] -> %buf[%c16 for %c16] : !stream.resource<constant>{%c48},
    %k2[%c0_i64] -> %buf[%c32 for %c16] : !stream.resource<constant>{%c48}
  } => !stream.timepoint
  %e = stream.cmd.execute await(%t) => with(%buf as %b: !stream.resource<constant>{%c48}, %out as %o: !stream.resource<external>{%c48}, %out as %o2: !stream.resource<external>{%c48}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@f {
        ro %b[%c0 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c0 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@f {
        ro %b[%c16 for %c16] : !stream.resource<constant>{%c48},
        wo %o[%c16 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@g {
        ro %b[%c32 for %c16] : !stream.resource<constant>{%c48},
        ro %o2[%c0 for %c16] : !stream.resource<external>{%c48}
      }
    }
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}
