// REQUIRES: sluice-opt
// RUN: sluice-opt --iree-stream-transformation-pipeline %s | FileCheck %s
// The same with every no-change claim and the integer analyses checked:
// RUN: sluice-opt --sluice-check-unchanged --sluice-integer-analyses=check --iree-stream-transformation-pipeline %s | FileCheck %s

// stream-passes-2.md §16.5: the async parameter ops through the whole
// --iree-stream-transformation-pipeline (default options). No
// --split-input-file: the six public functions form one module and go
// through the pipeline together. The dispatched executables are never
// defined; no pass may require them.

// A host-side load: the entry names the original scope::key arguments; the
// dispatch's execute awaits the load (the input's host await is folded in).
// CHECK-LABEL: util.func public @parameter_load(
// CHECK-SAME: %[[SCOPE:[a-z0-9]+]]: !util.buffer, %[[KEY:[a-z0-9]+]]: !util.buffer)
// CHECK-NOT: stream.async.
// CHECK: %[[LOADED:.+]], %[[LOAD_READY:.+]] = stream.cmd.parameter.load {
// CHECK-NEXT: %[[SCOPE]]::%[[KEY]][%c0_i64] : !stream.resource<constant>{%c1024}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NOT: stream.timepoint.await
// CHECK: %[[RESULT:.+]], %[[RESULT_READY:.+]] = stream.resource.alloca uninitialized await(%[[LOAD_READY]]) => !stream.resource<external>{%c1024}
// CHECK: %[[EXEC:.+]] = stream.cmd.execute await(%[[RESULT_READY]]) => with(%[[LOADED]] as %[[ARG:.+]]: !stream.resource<constant>{%c1024}, %[[RESULT]] as %[[OUT:.+]]: !stream.resource<external>{%c1024}) {
// CHECK-NEXT: stream.cmd.dispatch @some_kernel::@entry {
// CHECK-NEXT: ro %[[ARG]][%c0 for %c1024] : !stream.resource<constant>{%c1024},
// CHECK-NEXT: wo %[[OUT]][%c0 for %c1024] : !stream.resource<external>{%c1024}
// CHECK: %[[FINAL:.+]] = stream.timepoint.await %[[EXEC]] => %[[RESULT]]
// CHECK-NEXT: util.return %[[FINAL]]

util.func public @parameter_load(%scope: !util.buffer, %key: !util.buffer) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c0_i64 = arith.constant 0 : i64
  %size = arith.constant 1024 : index
  %param, %param_ready = stream.async.parameter.load %scope::%key[%c0_i64] : !stream.resource<constant>{%size} => !stream.timepoint
  %ready = stream.timepoint.await %param_ready => %param : !stream.resource<constant>{%size}
  %result = stream.async.dispatch @some_kernel::@entry(%ready[%c0 to %size for %size]) : (!stream.resource<constant>{%size}) -> !stream.resource<external>{%size}
  util.return %result : !stream.resource<external>
}

// -----

// A gather keeps both entries in one op, in order; the dispatch waits for it.
// CHECK-LABEL: util.func public @parameter_gather(
// CHECK-SAME: %[[SCOPE:[a-z0-9]+]]: !util.buffer, %[[KEY0:[a-z0-9]+]]: !util.buffer, %[[KEY1:[a-z0-9]+]]: !util.buffer)
// CHECK-NOT: stream.async.
// CHECK: %[[TARGET:.+]], %{{.+}} = stream.resource.alloca uninitialized : !stream.resource<transient>{%c512}
// CHECK: %[[GATHERED:.+]] = stream.cmd.parameter.gather {
// CHECK-NEXT: %[[SCOPE]]::%[[KEY0]][%c0_i64] -> %[[TARGET]][%c0 for %c256] : !stream.resource<transient>{%c512},
// CHECK-NEXT: %[[SCOPE]]::%[[KEY1]][%c4096_i64] -> %[[TARGET]][%c256 for %c256] : !stream.resource<transient>{%c512}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NOT: stream.timepoint.await
// CHECK: %[[RESULT:.+]], %[[RESULT_READY:.+]] = stream.resource.alloca uninitialized await(%[[GATHERED]]) => !stream.resource<external>{%c512}
// CHECK: stream.cmd.execute await(%[[RESULT_READY]]) => with(%[[TARGET]] as %[[ARG:.+]]: !stream.resource<transient>{%c512}, %[[RESULT]] as %{{.+}}: !stream.resource<external>{%c512}) {
// CHECK-NEXT: stream.cmd.dispatch @transform_kernel::@entry {
// CHECK-NEXT: ro %[[ARG]][%c0 for %c512]
// CHECK: stream.resource.dealloca origin await(%{{.+}}) => %[[TARGET]]
// CHECK: stream.timepoint.await %{{.+}} => %[[RESULT]]

util.func public @parameter_gather(%scope: !util.buffer, %key0: !util.buffer, %key1: !util.buffer) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c0_i64 = arith.constant 0 : i64
  %c4096_i64 = arith.constant 4096 : i64
  %target = stream.async.alloca : !stream.resource<transient>{%c512}
  %gathered, %gathered_ready = stream.async.parameter.gather {
    %scope::%key0[%c0_i64] -> %target[%c0 to %c256 for %c256] : !stream.resource<transient>{%c512},
    %scope::%key1[%c4096_i64] -> %target[%c256 to %c512 for %c256] : !stream.resource<transient>{%c512}
  } : !stream.resource<transient> => !stream.timepoint
  %ready = stream.timepoint.await %gathered_ready => %gathered : !stream.resource<transient>{%c512}
  %result = stream.async.dispatch @transform_kernel::@entry(%ready[%c0 to %c512 for %c512]) : (!stream.resource<transient>{%c512}) -> !stream.resource<external>{%c512}
  util.return %result : !stream.resource<external>
}

// -----

// A scatter follows the execute holding the producing dispatch and keeps
// both entries in one op, in order.
// CHECK-LABEL: util.func public @parameter_scatter(
// CHECK-SAME: %[[INPUT:[a-z0-9]+]]: !stream.resource<external>, %[[SCOPE:[a-z0-9]+]]: !util.buffer, %[[KEY0:[a-z0-9]+]]: !util.buffer, %[[KEY1:[a-z0-9]+]]: !util.buffer)
// CHECK-NOT: stream.async.
// CHECK: %[[TEMP:.+]], %[[TEMP_READY:.+]] = stream.resource.alloca uninitialized : !stream.resource<transient>{%c256}
// CHECK: %[[EXEC:.+]] = stream.cmd.execute await(%[[TEMP_READY]]) => with(%[[INPUT]] as %{{.+}}: !stream.resource<external>{%c256}, %[[TEMP]] as %[[OUT:.+]]: !stream.resource<transient>{%c256}) {
// CHECK-NEXT: stream.cmd.dispatch @quantize::@entry {
// CHECK: wo %[[OUT]][%c0 for %c256]
// CHECK: } => !stream.timepoint
// CHECK-NEXT: %[[SCATTERED:.+]] = stream.cmd.parameter.scatter await(%[[EXEC]]) => {
// CHECK-NEXT: %[[TEMP]][%c0 for %c128] : !stream.resource<transient>{%c256} -> %[[SCOPE]]::%[[KEY0]][%c0_i64],
// CHECK-NEXT: %[[TEMP]][%c128 for %c128] : !stream.resource<transient>{%c256} -> %[[SCOPE]]::%[[KEY1]][%c128_i64]
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[FREED:.+]] = stream.resource.dealloca origin await(%[[SCATTERED]]) => %[[TEMP]]
// CHECK-NEXT: util.return %[[FREED]] : !stream.timepoint

util.func public @parameter_scatter(%input: !stream.resource<external>, %scope: !util.buffer, %key0: !util.buffer, %key1: !util.buffer) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c0_i64 = arith.constant 0 : i64
  %c128_i64 = arith.constant 128 : i64
  %quantized = stream.async.dispatch @quantize::@entry(%input[%c0 to %c256 for %c256]) : (!stream.resource<external>{%c256}) -> !stream.resource<transient>{%c256}
  %scattered, %scattered_ready = stream.async.parameter.scatter {
    %quantized[%c0 to %c128 for %c128] : !stream.resource<transient>{%c256} -> %scope::%key0[%c0_i64],
    %quantized[%c128 to %c256 for %c128] : !stream.resource<transient>{%c256} -> %scope::%key1[%c128_i64]
  } : !stream.resource<transient> => !stream.timepoint
  util.return %scattered_ready : !stream.timepoint
}

// -----

// A read into a transient allocation; the dispatch waits for it.
// CHECK-LABEL: util.func public @parameter_read(
// CHECK-SAME: %[[SCOPE:[a-z0-9]+]]: !util.buffer, %[[KEY:[a-z0-9]+]]: !util.buffer)
// CHECK-NOT: stream.async.
// CHECK: %[[TARGET:.+]], %{{.+}} = stream.resource.alloca uninitialized : !stream.resource<transient>{%c64}
// CHECK: %[[READ:.+]] = stream.cmd.parameter.read %[[SCOPE]]::%[[KEY]][%c0_i64] -> %[[TARGET]][%c0 for %c64] : !stream.resource<transient>{%c64} => !stream.timepoint
// CHECK-NOT: stream.timepoint.await
// CHECK: %{{.+}}, %[[RESULT_READY:.+]] = stream.resource.alloca uninitialized await(%[[READ]]) => !stream.resource<external>{%c64}
// CHECK: stream.cmd.execute await(%[[RESULT_READY]]) => with(%[[TARGET]] as %[[ARG:.+]]: !stream.resource<transient>{%c64}
// CHECK-NEXT: stream.cmd.dispatch @inference::@entry {
// CHECK-NEXT: ro %[[ARG]][%c0 for %c64]

util.func public @parameter_read(%scope: !util.buffer, %key: !util.buffer) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c0_i64 = arith.constant 0 : i64
  %target = stream.async.alloca : !stream.resource<transient>{%c64}
  %read, %read_ready = stream.async.parameter.read %scope::%key[%c0_i64] -> %target[%c0 to %c64 for %c64] : !stream.resource<transient>{%c64} => !stream.timepoint
  %ready = stream.timepoint.await %read_ready => %read : !stream.resource<transient>{%c64}
  %result = stream.async.dispatch @inference::@entry(%ready[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
  util.return %result : !stream.resource<external>
}

// -----

// Load, gather and a regular allocation with its fill feed one dispatch: one
// execute awaits both parameter ops, the fill (narrowed to i8) precedes the
// dispatch inside it.
// CHECK-LABEL: util.func public @parameter_mixed(
// CHECK-SAME: %[[SCOPE:[a-z0-9]+]]: !util.buffer, %[[KEY0:[a-z0-9]+]]: !util.buffer, %[[KEY1:[a-z0-9]+]]: !util.buffer)
// CHECK-NOT: stream.async.
// CHECK: %[[LOADED:.+]], %[[LOAD_READY:.+]] = stream.cmd.parameter.load {
// CHECK-NEXT: %[[SCOPE]]::%[[KEY0]][%c0_i64] : !stream.resource<constant>{%c128}
// CHECK: %[[TARGET:.+]], %{{.+}} = stream.resource.alloca uninitialized : !stream.resource<transient>{%c128}
// CHECK: %[[GATHERED:.+]] = stream.cmd.parameter.gather {
// CHECK-NEXT: %[[SCOPE]]::%[[KEY1]][%c0_i64] -> %[[TARGET]][%c0 for %c128] : !stream.resource<transient>{%c128}
// CHECK-NEXT: } => !stream.timepoint
// CHECK: stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
// CHECK: %[[BOTH:.+]] = stream.timepoint.join max(%[[LOAD_READY]], %[[GATHERED]])
// CHECK: stream.cmd.execute await(%{{.+}}) => with(%[[LOADED]] as %[[W:.+]]: !stream.resource<constant>{%c128}, %[[TARGET]] as %[[B:.+]]: !stream.resource<transient>{%c128}, %{{.+}} as %[[OUT:.+]]: !stream.resource<external>{%c128}, %{{.+}} as %[[SCRATCH:.+]]: !stream.resource<transient>{%c128}) {
// CHECK-NEXT: stream.cmd.fill %c0_i8, %[[SCRATCH]][%c0 for %c128] : i8 -> !stream.resource<transient>{%c128}
// CHECK-NEXT: stream.cmd.dispatch @mixed_kernel::@entry {
// CHECK-NEXT: ro %[[W]][%c0 for %c128] : !stream.resource<constant>{%c128},
// CHECK-NEXT: ro %[[B]][%c0 for %c128] : !stream.resource<transient>{%c128},
// CHECK-NEXT: ro %[[SCRATCH]][%c0 for %c128] : !stream.resource<transient>{%c128},
// CHECK-NEXT: wo %[[OUT]][%c0 for %c128] : !stream.resource<external>{%c128}

util.func public @parameter_mixed(%scope: !util.buffer, %key0: !util.buffer, %key1: !util.buffer) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c0_i64 = arith.constant 0 : i64
  %c0_i32 = arith.constant 0 : i32
  %weights, %weights_ready = stream.async.parameter.load %scope::%key0[%c0_i64] : !stream.resource<constant>{%c128} => !stream.timepoint
  %target = stream.async.alloca : !stream.resource<transient>{%c128}
  %bias, %bias_ready = stream.async.parameter.gather {
    %scope::%key1[%c0_i64] -> %target[%c0 to %c128 for %c128] : !stream.resource<transient>{%c128}
  } : !stream.resource<transient> => !stream.timepoint
  %joined = stream.timepoint.join max(%weights_ready, %bias_ready) => !stream.timepoint
  %ready:2 = stream.timepoint.await %joined => %weights, %bias : !stream.resource<constant>{%c128}, !stream.resource<transient>{%c128}
  %scratch = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  %zeroed = stream.async.fill %c0_i32, %scratch[%c0 to %c128 for %c128] : i32 -> %scratch as !stream.resource<transient>{%c128}
  %result = stream.async.dispatch @mixed_kernel::@entry(%ready#0[%c0 to %c128 for %c128], %ready#1[%c0 to %c128 for %c128], %zeroed[%c0 to %c128 for %c128]) : (!stream.resource<constant>{%c128}, !stream.resource<transient>{%c128}, !stream.resource<transient>{%c128}) -> !stream.resource<external>{%c128}
  util.return %result : !stream.resource<external>
}

// -----

// Load -> dispatch -> scatter: the scatter waits for the execute, which waits
// for the load.
// CHECK-LABEL: util.func public @parameter_round_trip(
// CHECK-SAME: %[[SCOPE:[a-z0-9]+]]: !util.buffer, %[[KEY:[a-z0-9]+]]: !util.buffer, %[[OUT_KEY:[a-z0-9]+]]: !util.buffer)
// CHECK-NOT: stream.async.
// CHECK: %[[LOADED:.+]], %[[LOAD_READY:.+]] = stream.cmd.parameter.load {
// CHECK-NEXT: %[[SCOPE]]::%[[KEY]][%c0_i64] : !stream.resource<constant>{%c256}
// CHECK: %[[TEMP:.+]], %[[TEMP_READY:.+]] = stream.resource.alloca uninitialized await(%[[LOAD_READY]])
// CHECK: %[[EXEC:.+]] = stream.cmd.execute await(%[[TEMP_READY]]) => with(%[[LOADED]] as
// CHECK-NEXT: stream.cmd.dispatch @transform_kernel::@entry {
// CHECK: stream.cmd.parameter.scatter await(%[[EXEC]]) => {
// CHECK-NEXT: %[[TEMP]][%c0 for %c256] : !stream.resource<transient>{%c256} -> %[[SCOPE]]::%[[OUT_KEY]][%c0_i64]
// CHECK-NEXT: } => !stream.timepoint

util.func public @parameter_round_trip(%scope: !util.buffer, %key: !util.buffer, %out_key: !util.buffer) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c0_i64 = arith.constant 0 : i64
  %param, %param_ready = stream.async.parameter.load %scope::%key[%c0_i64] : !stream.resource<constant>{%c256} => !stream.timepoint
  %ready = stream.timepoint.await %param_ready => %param : !stream.resource<constant>{%c256}
  %updated = stream.async.dispatch @transform_kernel::@entry(%ready[%c0 to %c256 for %c256]) : (!stream.resource<constant>{%c256}) -> !stream.resource<transient>{%c256}
  %scattered, %scattered_ready = stream.async.parameter.scatter {
    %updated[%c0 to %c256 for %c256] : !stream.resource<transient>{%c256} -> %scope::%out_key[%c0_i64]
  } : !stream.resource<transient> => !stream.timepoint
  util.return %scattered_ready : !stream.timepoint
}
