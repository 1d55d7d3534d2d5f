// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --verify-each --pass-pipeline="builtin.module(util.func(iree-stream-schedule-execution))" %s | FileCheck %s --check-prefix=EXEC
// RUN: sluice-opt --split-input-file --verify-each --sluice-stream-concurrency-nested --pass-pipeline="builtin.module(util.func(iree-stream-schedule-concurrency))" %s | FileCheck %s --check-prefix=CONC
// RUN: sluice-opt --split-input-file --verify-each --iree-stream-propagate-timepoints %s | FileCheck %s --check-prefix=PROP
// RUN: sluice-opt --split-input-file --verify-each --iree-stream-elide-timepoints %s | FileCheck %s --check-prefix=ELIDE
// RUN: sluice-opt --split-input-file --verify-each --iree-stream-sync-initializers %s | FileCheck %s --check-prefix=SYNC

// Shapes every scheduling and timepoint pass must survive: CFG loops,
// unreachable blocks with and without self loops, declarations, empty
// functions and regions, and an execute with nothing to schedule.

// EXEC-LABEL: @unreachableAndLoops
// EXEC: ^bb1(%[[X:.+]]: !stream.resource<external>):
// EXEC: %[[R:.+]], %[[T:.+]] = stream.async.execute with(%[[X]] as
// EXEC-NEXT: stream.async.dispatch @ex::@d
// EXEC: %[[A:.+]] = stream.timepoint.await %[[T]] => %[[R]]
// EXEC: cf.cond_br %{{.+}}, ^bb1(%[[A]] : !stream.resource<external>), ^bb2
// The unreachable block was partitioned too, then removed by the cleanup.
// EXEC-NOT: @ex::@u
// CONC-LABEL: @unreachableAndLoops
// CONC: stream.async.dispatch @ex::@u
// PROP-LABEL: @unreachableAndLoops
// PROP: ^bb1(%{{.+}}: !stream.resource<external>, %{{.+}}: !stream.timepoint):
// PROP: ^bb3:
// ELIDE-LABEL: @unreachableAndLoops
// SYNC-LABEL: @unreachableAndLoops
util.func public @unreachableAndLoops(%arg0: !stream.resource<external>, %cond: i1) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  cf.br ^bb1(%arg0 : !stream.resource<external>)
^bb1(%x: !stream.resource<external>):
  %d = stream.async.dispatch @ex::@d[%c1, %c1, %c1](%x[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  cf.cond_br %cond, ^bb1(%d : !stream.resource<external>), ^bb2
^bb2:
  util.return %d : !stream.resource<external>
^bb3:
  %u = stream.async.dispatch @ex::@u[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  cf.br ^bb3
}

// -----

// EXEC-LABEL: util.func private @declaration
// EXEC-LABEL: util.func public @empty
// EXEC-NEXT: util.return
// PROP-LABEL: util.func private @declaration(%{{.+}}: !stream.resource<external>)
// PROP-SAME: -> !stream.resource<external>
// ELIDE-LABEL: util.func public @empty
util.func private @declaration(!stream.resource<external>) -> !stream.resource<external>

util.func public @empty() {
  util.return
}

// -----

// EXEC-LABEL: @emptyRegions
// EXEC-NEXT: util.return
// CONC-LABEL: @emptyRegions
// CONC: stream.async.execute
// CONC-NEXT: stream.yield
// ELIDE-LABEL: @emptyRegions
// ELIDE: scf.if
util.func public @emptyRegions(%cond: i1, %arg0: !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.if %cond {
  } else {
  }
  %r, %t = stream.async.execute with(%arg0 as %a: !stream.resource<external>{%c64}) -> %arg0{%c64} {
    stream.yield %a : !stream.resource<external>{%c64}
  } => !stream.timepoint
  util.return
}
