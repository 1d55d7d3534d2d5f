// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-annotate-affinities)' --iree-stream-affinity-solver-max-iterations=8 %s | FileCheck %s

// AffinityAnalysis as seen through --iree-stream-annotate-affinities
// (stream-passes-1.md §2.6, §5.1), run with the solver capped at 8 rounds.
// stream.affinities = where an op executes / a global lives;
// .operands/.results = where each value is produced (pins first);
// .usage = producers, consumers and pins together; [] = analysis failed.

// CHECK-LABEL: util.func private @optimization_barrier_consumer(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.optimization_barrier
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @optimization_barrier_consumer() -> tensor<1xi32> {
  %cst = flow.tensor.constant dense<123> : tensor<1xi32>
  %cst_dno = util.optimization_barrier %cst : tensor<1xi32>
  %cst_a = flow.tensor.transfer %cst_dno : tensor<1xi32> to #hal.device.promise<@dev_a>
  util.return %cst_a : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @optimization_barrier_producer(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: util.optimization_barrier
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
util.func private @optimization_barrier_producer() -> tensor<1xi32> {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  %cst_a_dno = util.optimization_barrier %cst_a : tensor<1xi32>
  %cst_b = flow.tensor.transfer %cst_a_dno : tensor<1xi32> to #hal.device.promise<@dev_b>
  util.return %cst_b : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @constant_op(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
util.func private @constant_op() -> (tensor<1xi32>, tensor<1xi32>) {
  %cst = flow.tensor.constant dense<123> : tensor<1xi32>
  %cst_a = flow.tensor.transfer %cst : tensor<1xi32> to #hal.device.promise<@dev_a>
  %cst_b = flow.tensor.transfer %cst : tensor<1xi32> to #hal.device.promise<@dev_b>
  util.return %cst_a, %cst_b : tensor<1xi32>, tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @splat_op(
// CHECK: flow.tensor.splat
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @splat_op() -> tensor<1xi32> {
  %splat_value = arith.constant 123 : i32
  %splat = flow.tensor.splat %splat_value : tensor<1xi32>
  %splat_a = flow.tensor.transfer %splat : tensor<1xi32> to #hal.device.promise<@dev_a>
  util.return %splat_a : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @imported_hal_tensor(
// CHECK: hal.tensor.import
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @imported_hal_tensor(%buffer_view: !hal.buffer_view, %fence: !hal.fence) -> tensor<1xi32> {
  %tensor = hal.tensor.import on(#hal.device.promise<@dev_a>) wait(%fence) => %buffer_view "input" : !hal.buffer_view -> tensor<1xi32>
  util.return %tensor : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @exported_hal_constant(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: hal.tensor.export
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @exported_hal_constant(%fence: !hal.fence) -> !hal.buffer_view {
  %cst = flow.tensor.constant dense<123> : tensor<1xi32>
  %buffer_view = hal.tensor.export on(#hal.device.promise<@dev_a>) %cst "output" : tensor<1xi32> -> !hal.buffer_view
  util.return %buffer_view : !hal.buffer_view
}

// -----

// CHECK-LABEL: util.func private @exported_producer(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: hal.tensor.export
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
util.func private @exported_producer(%fence: !hal.fence) -> !hal.buffer_view {
  %cst = flow.tensor.constant dense<123> : tensor<1xi32>
  %cst_b = flow.tensor.transfer %cst : tensor<1xi32> to #hal.device.promise<@dev_b>
  %buffer_view = hal.tensor.export on(#hal.device.promise<@dev_a>) %cst_b "output" : tensor<1xi32> -> !hal.buffer_view
  util.return %buffer_view : !hal.buffer_view
}

// -----

// CHECK-LABEL: util.func private @aliased_storage(
// CHECK: hal.tensor.import
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: hal.tensor.alias
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: hal.tensor.barrier
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
util.func private @aliased_storage(%view: !hal.buffer_view, %storage: !hal.buffer, %fence: !hal.fence) {
  %arg0 = hal.tensor.import on(#hal.device.promise<@dev_a>) %view : !hal.buffer_view -> tensor<4xi32>
  %0 = flow.dispatch @dispatch(%arg0) : (tensor<4xi32>) -> tensor<4xi32>
  %1 = hal.tensor.alias on(#hal.device.promise<@dev_b>) %0 : tensor<4xi32> to %storage : !hal.buffer
  %2 = hal.tensor.barrier join(%1 : tensor<4xi32>) => %fence : !hal.fence
  util.return
}

// -----

// CHECK-LABEL: util.func private @tied_aliased_storage(
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: hal.tensor.alias
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: hal.tensor.barrier
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
util.func private @tied_aliased_storage(%view: !hal.buffer_view, %storage: !hal.buffer, %fence: !hal.fence) {
  %1 = flow.dispatch @dispatch0() : () -> tensor<4xi32>
  %2 = flow.dispatch @dispatch1(%1) : (tensor<4xi32>) -> %1
  %3 = hal.tensor.alias on(#hal.device.promise<@dev_b>) %2 : tensor<4xi32> to %storage : !hal.buffer
  %4 = hal.tensor.barrier join(%3 : tensor<4xi32>) => %fence : !hal.fence
  util.return
}

// -----

// CHECK-LABEL: util.func private @tied_constant(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @tied_constant() -> tensor<1xi32> {
  %cst = flow.tensor.constant dense<123> : tensor<1xi32>
  %tied = flow.dispatch @a(%cst) : (tensor<1xi32>) -> %cst
  %tied_a = flow.tensor.transfer %tied : tensor<1xi32> to #hal.device.promise<@dev_a>
  util.return %tied_a : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @tied_constant_multi_consumer(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
util.func private @tied_constant_multi_consumer() -> (tensor<1xi32>, tensor<1xi32>) {
  %cst = flow.tensor.constant dense<123> : tensor<1xi32>
  %tied_0 = flow.dispatch @a(%cst) : (tensor<1xi32>) -> %cst
  %tied_0_a = flow.tensor.transfer %tied_0 : tensor<1xi32> to #hal.device.promise<@dev_a>
  %tied_1 = flow.dispatch @b(%cst) : (tensor<1xi32>) -> %cst
  %tied_1_b = flow.tensor.transfer %tied_1 : tensor<1xi32> to #hal.device.promise<@dev_b>
  util.return %tied_0_a, %tied_1_b : tensor<1xi32>, tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @transfer_execution_affinity(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
util.func private @transfer_execution_affinity() -> tensor<1xi32> {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  %cst_b = flow.tensor.transfer %cst_a : tensor<1xi32> to #hal.device.promise<@dev_b>
  %dispatch_b = flow.dispatch @dispatch(%cst_b) : (tensor<1xi32>) -> tensor<1xi32>
  util.return %dispatch_b : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @explicit_execution_affinity(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
util.func private @explicit_execution_affinity() -> tensor<1xi32> {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  %dispatch_b = flow.dispatch @dispatch(%cst_a) {stream.affinity = #hal.device.promise<@dev_b>} : (tensor<1xi32>) -> tensor<1xi32>
  util.return %dispatch_b : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @consume_multi_affinities(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>], [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
util.func private @consume_multi_affinities() -> tensor<1xi32> {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  %cst_b = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_b>} dense<456> : tensor<1xi32>
  %dispatch_ab = flow.dispatch @dispatch(%cst_a, %cst_b) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  util.return %dispatch_ab : tensor<1xi32>
}

// -----

// CHECK: util.global {{.*}}@consumed_global_a
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-LABEL: util.func private @consumer_fn(
// CHECK: util.global.load
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.global private @consumed_global_a : tensor<1xi32>
util.func private @consumer_fn() -> tensor<1xi32> {
  %load = util.global.load @consumed_global_a : tensor<1xi32>
  %load_a = flow.tensor.transfer %load : tensor<1xi32> to #hal.device.promise<@dev_a>
  util.return %load_a : tensor<1xi32>
}

// -----

// CHECK: util.global {{.*}}@consumed_global_ab
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-LABEL: util.func private @consumer_fn_a(
// CHECK: util.global.load
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-LABEL: util.func private @consumer_fn_b(
// CHECK: util.global.load
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
util.global private @consumed_global_ab : tensor<1xi32>
util.func private @consumer_fn_a() -> tensor<1xi32> {
  %load = util.global.load @consumed_global_ab : tensor<1xi32>
  %load_a = flow.tensor.transfer %load : tensor<1xi32> to #hal.device.promise<@dev_a>
  util.return %load_a : tensor<1xi32>
}
util.func private @consumer_fn_b() -> tensor<1xi32> {
  %load = util.global.load @consumed_global_ab : tensor<1xi32>
  %load_b = flow.tensor.transfer %load : tensor<1xi32> to #hal.device.promise<@dev_b>
  util.return %load_b : tensor<1xi32>
}

// -----

// CHECK: util.global {{.*}}@produced_global_a
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-LABEL: util.func private @producer_fn(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.global.store
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.global private mutable @produced_global_a : tensor<1xi32>
util.func private @producer_fn() {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  util.global.store %cst_a, @produced_global_a : tensor<1xi32>
  util.return
}

// -----

// CHECK: util.global {{.*}}@global_b
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-LABEL: util.func private @producer_fn(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: util.global.store
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
util.global private mutable @global_b {stream.affinity = #hal.device.promise<@dev_b>} : tensor<1xi32>
util.func private @producer_fn() {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  util.global.store %cst_a, @global_b : tensor<1xi32>
  util.return
}

// -----

// CHECK: util.global {{.*}}@global_a
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK: util.global {{.*}}@global_b
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-LABEL: util.func public @tick(
// CHECK: util.global.load
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: util.global.load
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: util.global.store
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
util.global private mutable @global_a {stream.affinity = #hal.device.promise<@dev_a>} = dense<123> : tensor<1xi32>
util.global private mutable @global_b {stream.affinity = #hal.device.promise<@dev_b>} = dense<456> : tensor<1xi32>
util.func public @tick() {
  %global_a = util.global.load @global_a : tensor<1xi32>
  %global_a_on_b = flow.tensor.transfer %global_a : tensor<1xi32> to #hal.device.promise<@dev_b>
  %global_b = util.global.load @global_b : tensor<1xi32>
  %result_b = flow.dispatch @dispatch(%global_a_on_b, %global_b) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  util.global.store %result_b, @global_b : tensor<1xi32>
  util.return
}

// -----

// CHECK-LABEL: util.func private @select_constants_consumed(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: arith.select
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @select_constants_consumed(%cond: i1) -> tensor<1xi32> {
  %cst_123 = flow.tensor.constant dense<123> : tensor<1xi32>
  %cst_456 = flow.tensor.constant dense<456> : tensor<1xi32>
  %cst = arith.select %cond, %cst_123, %cst_456 : tensor<1xi32>
  %cst_a = flow.tensor.transfer %cst : tensor<1xi32> to #hal.device.promise<@dev_a>
  util.return %cst_a : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @select_constants_placed(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: arith.select
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>], [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
util.func private @select_constants_placed(%cond: i1) -> tensor<1xi32> {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  %cst_b = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_b>} dense<456> : tensor<1xi32>
  %cst_ab = arith.select %cond, %cst_a, %cst_b : tensor<1xi32>
  %result = flow.dispatch @dispatch(%cst_ab) : (tensor<1xi32>) -> tensor<1xi32>
  util.return %result : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @cfg_branch_constant_consumed(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: cf.br
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @cfg_branch_constant_consumed() -> tensor<1xi32> {
  %cst = flow.tensor.constant dense<123> : tensor<1xi32>
  cf.br ^bb1(%cst : tensor<1xi32>)
^bb1(%bb1_arg: tensor<1xi32>):
  %cst_a = flow.tensor.transfer %bb1_arg : tensor<1xi32> to #hal.device.promise<@dev_a>
  util.return %cst_a : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @cfg_branch_dispatch_produced(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: cf.br
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @cfg_branch_dispatch_produced() -> tensor<1xi32> {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  cf.br ^bb1(%cst_a : tensor<1xi32>)
^bb1(%bb1_arg: tensor<1xi32>):
  %dispatch_a = flow.dispatch @dispatch(%bb1_arg) : (tensor<1xi32>) -> tensor<1xi32>
  util.return %dispatch_a : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @cfg_loop_back_edge(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: cf.br
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>, #hal.device.promise<@dev_c>]]
// CHECK: cf.cond_br
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>, #hal.device.promise<@dev_c>], [#hal.device.promise<@dev_b>, #hal.device.promise<@dev_c>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_c>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>, #hal.device.promise<@dev_c>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_c>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_c>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_c>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_c>]]
util.func private @cfg_loop_back_edge() -> tensor<1xi32> {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  cf.br ^bb1(%cst_a : tensor<1xi32>)
^bb1(%bb1_arg: tensor<1xi32>):
  %bb1_arg_b = flow.tensor.transfer %bb1_arg : tensor<1xi32> to #hal.device.promise<@dev_b>
  %cond = arith.constant 1 : i1
  cf.cond_br %cond, ^bb1(%bb1_arg_b : tensor<1xi32>), ^bb2(%bb1_arg_b : tensor<1xi32>)
^bb2(%bb2_arg: tensor<1xi32>):
  %bb2_arg_c = flow.tensor.transfer %bb2_arg : tensor<1xi32> to #hal.device.promise<@dev_c>
  util.return %bb2_arg_c : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @cfg_cond_branch_select(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: cf.cond_br
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>], [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
util.func private @cfg_cond_branch_select(%cond: i1) -> tensor<1xi32> {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  %cst_b = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_b>} dense<456> : tensor<1xi32>
  cf.cond_br %cond, ^bb1(%cst_a : tensor<1xi32>), ^bb1(%cst_b : tensor<1xi32>)
^bb1(%bb1_arg: tensor<1xi32>):
  %dispatch_ab = flow.dispatch @dispatch(%bb1_arg) : (tensor<1xi32>) -> tensor<1xi32>
  util.return %dispatch_ab : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @cfg_cond_branch_select_consumer(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
util.func private @cfg_cond_branch_select_consumer(%cond: i1) -> tensor<1xi32> {
  %cst = flow.tensor.constant dense<123> : tensor<1xi32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %cst_a = flow.tensor.transfer %cst : tensor<1xi32> to #hal.device.promise<@dev_a>
  util.return %cst_a : tensor<1xi32>
^bb2:
  %cst_b = flow.tensor.transfer %cst : tensor<1xi32> to #hal.device.promise<@dev_b>
  util.return %cst_b : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @passthrough_caller(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.call
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-LABEL: util.func private @passthrough_callee(
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @passthrough_caller() -> tensor<1xi32> {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  %result_a = util.call @passthrough_callee(%cst_a) : (tensor<1xi32>) -> tensor<1xi32>
  util.return %result_a : tensor<1xi32>
}
util.func private @passthrough_callee(%arg0: tensor<1xi32>) -> tensor<1xi32> {
  util.return %arg0 : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @consumer_placement_caller(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.call
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-LABEL: util.func private @consumer_placement_callee(
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @consumer_placement_caller() -> tensor<1xi32> {
  %cst = flow.tensor.constant dense<123> : tensor<1xi32>
  %result_a = util.call @consumer_placement_callee(%cst) : (tensor<1xi32>) -> tensor<1xi32>
  util.return %result_a : tensor<1xi32>
}
util.func private @consumer_placement_callee(%arg0: tensor<1xi32>) -> tensor<1xi32> {
  %arg0_a = flow.tensor.transfer %arg0 : tensor<1xi32> to #hal.device.promise<@dev_a>
  util.return %arg0_a : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @select_caller(
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.call
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-LABEL: util.func private @select_callee(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: arith.select
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
util.func private @select_caller(%arg0: tensor<1xi32>, %cond: i1) -> tensor<1xi32> {
  %arg0_a = flow.tensor.transfer %arg0 : tensor<1xi32> to #hal.device.promise<@dev_a>
  %result = util.call @select_callee(%arg0_a, %cond) : (tensor<1xi32>, i1) -> tensor<1xi32>
  util.return %result : tensor<1xi32>
}
util.func private @select_callee(%arg0_a: tensor<1xi32>, %cond: i1) -> tensor<1xi32> {
  %cst_b = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_b>} dense<123> : tensor<1xi32>
  %select = arith.select %cond, %arg0_a, %cst_b : tensor<1xi32>
  util.return %select : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @consumer_multi_placement_caller(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: util.call
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>, #hal.device.promise<@dev_c>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_c>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>, #hal.device.promise<@dev_c>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_c>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_c>]]
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: util.call
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>, #hal.device.promise<@dev_d>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_d>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>, #hal.device.promise<@dev_d>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_d>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_d>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_c>], [#hal.device.promise<@dev_d>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_c>], [#hal.device.promise<@dev_d>]]
// CHECK-LABEL: util.func private @consumer_multi_placement_callee(
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>], [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>, #hal.device.promise<@dev_c>, #hal.device.promise<@dev_d>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>, #hal.device.promise<@dev_c>, #hal.device.promise<@dev_d>]]
util.func private @consumer_multi_placement_caller() -> (tensor<1xi32>, tensor<1xi32>) {
  %c_cst = flow.tensor.constant dense<123> : tensor<1xi32>
  %result_0 = util.call @consumer_multi_placement_callee(%c_cst) : (tensor<1xi32>) -> tensor<1xi32>
  %c_cst_c = flow.tensor.transfer %result_0 : tensor<1xi32> to #hal.device.promise<@dev_c>
  %d_cst = flow.tensor.constant dense<456> : tensor<1xi32>
  %result_1 = util.call @consumer_multi_placement_callee(%d_cst) : (tensor<1xi32>) -> tensor<1xi32>
  %d_cst_d = flow.tensor.transfer %result_1 : tensor<1xi32> to #hal.device.promise<@dev_d>
  util.return %c_cst_c, %d_cst_d : tensor<1xi32>, tensor<1xi32>
}
util.func private @consumer_multi_placement_callee(%arg0: tensor<1xi32>) -> tensor<1xi32> {
  %arg0_a = flow.tensor.transfer %arg0 : tensor<1xi32> to #hal.device.promise<@dev_a>
  %arg0_b = flow.tensor.transfer %arg0 : tensor<1xi32> to #hal.device.promise<@dev_b>
  %dispatch = flow.dispatch @dispatch(%arg0_a, %arg0_b) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  util.return %dispatch : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @dispatch_fn_a(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @dispatch_fn_a() -> tensor<4xi32> {
  %0 = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<4xi32>
  %1 = flow.dispatch @dispatch_a_0(%0) : (tensor<4xi32>) -> tensor<4xi32>
  %2 = flow.tensor.transfer %1 : tensor<4xi32> to #hal.device.promise<@dev_b>
  %3 = flow.dispatch @dispatch_b(%2) : (tensor<4xi32>) -> tensor<4xi32>
  %4 = flow.tensor.transfer %3 : tensor<4xi32> to #hal.device.promise<@dev_a>
  %5 = flow.dispatch @dispatch_a_1(%4) : (tensor<4xi32>) -> tensor<4xi32>
  util.return %5 : tensor<4xi32>
}

// -----

// CHECK-LABEL: util.func private @scf_if_capture_consumer(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: } {
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
util.func private @scf_if_capture_consumer(%cond: i1) -> tensor<1xi32> {
  %cst = flow.tensor.constant dense<123> : tensor<1xi32>
  %cst_ab = scf.if %cond -> tensor<1xi32> {
    %cst_a = flow.tensor.transfer %cst : tensor<1xi32> to #hal.device.promise<@dev_a>
    scf.yield %cst_a : tensor<1xi32>
  } else {
    %cst_b = flow.tensor.transfer %cst : tensor<1xi32> to #hal.device.promise<@dev_b>
    scf.yield %cst_b : tensor<1xi32>
  }
  util.return %cst_ab : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @scf_if_capture_producer(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>, #hal.device.promise<@dev_c>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>, #hal.device.promise<@dev_c>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>, #hal.device.promise<@dev_d>]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>, #hal.device.promise<@dev_d>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_c>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>, #hal.device.promise<@dev_c>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_c>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_c>, #hal.device.promise<@dev_d>]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_c>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_c>, #hal.device.promise<@dev_d>]]
// CHECK: } {
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>, #hal.device.promise<@dev_c>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>, #hal.device.promise<@dev_c>, #hal.device.promise<@dev_d>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_d>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>, #hal.device.promise<@dev_c>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>, #hal.device.promise<@dev_c>, #hal.device.promise<@dev_d>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_d>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_d>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_d>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_d>]]
util.func private @scf_if_capture_producer(%cond: i1) -> tensor<1xi32> {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  %cst_bc = scf.if %cond -> tensor<1xi32> {
    %cst_b = flow.tensor.transfer %cst_a : tensor<1xi32> to #hal.device.promise<@dev_b>
    scf.yield %cst_b : tensor<1xi32>
  } else {
    %cst_c = flow.tensor.transfer %cst_a : tensor<1xi32> to #hal.device.promise<@dev_c>
    scf.yield %cst_c : tensor<1xi32>
  }
  %cst_bc_d = flow.tensor.transfer %cst_bc : tensor<1xi32> to #hal.device.promise<@dev_d>
  util.return %cst_bc_d : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @scf_if_consumer_yield(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: } {
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @scf_if_consumer_yield(%cond: i1) -> tensor<1xi32> {
  %cst = flow.tensor.constant dense<123> : tensor<1xi32>
  %result = scf.if %cond -> tensor<1xi32> {
    scf.yield %cst : tensor<1xi32>
  } else {
    %cst_b = flow.tensor.constant dense<456> : tensor<1xi32>
    scf.yield %cst_b : tensor<1xi32>
  }
  %result_a = flow.tensor.transfer %result : tensor<1xi32> to #hal.device.promise<@dev_a>
  util.return %result_a : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @scf_for_boundary(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities.results = {{\[}}[]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[]]
// CHECK-SAME: stream.affinities.results = {{\[}}[]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: } {
// CHECK-SAME: stream.affinities.operands = {{\[}}[]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[]]
// CHECK-SAME: stream.affinities.results = {{\[}}[]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @scf_for_boundary() -> tensor<1xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cst = flow.tensor.constant dense<123> : tensor<1xi32>
  %for = scf.for %i = %c0 to %c2 step %c1 iter_args(%arg0 = %cst) -> tensor<1xi32> {
    %t = flow.dispatch @loop_body(%arg0) : (tensor<1xi32>) -> tensor<1xi32>
    scf.yield %t : tensor<1xi32>
  }
  %for_a = flow.tensor.transfer %for : tensor<1xi32> to #hal.device.promise<@dev_a>
  util.return %for_a : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @scf_for_body_transfer(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: } {
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
util.func private @scf_for_body_transfer() -> tensor<1xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  %for = scf.for %i = %c0 to %c2 step %c1 iter_args(%arg0 = %cst_a) -> tensor<1xi32> {
    %arg0_b = flow.tensor.transfer %arg0 : tensor<1xi32> to #hal.device.promise<@dev_b>
    %t = flow.dispatch @loop_body(%arg0_b) : (tensor<1xi32>) -> tensor<1xi32>
    scf.yield %t : tensor<1xi32>
  }
  util.return %for : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @scf_while_consumer_result(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: scf.condition
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: } attributes {
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @scf_while_consumer_result(%cond: i1) -> tensor<1xi32> {
  %cst = flow.tensor.constant dense<123> : tensor<1xi32>
  %while = scf.while (%arg0 = %cst) : (tensor<1xi32>) -> tensor<1xi32> {
    scf.condition(%cond) %arg0 : tensor<1xi32>
  } do {
  ^bb0(%arg1: tensor<1xi32>):
    %t = flow.dispatch @after(%arg1) : (tensor<1xi32>) -> tensor<1xi32>
    scf.yield %t : tensor<1xi32>
  }
  %while_a = flow.tensor.transfer %while : tensor<1xi32> to #hal.device.promise<@dev_a>
  util.return %while_a : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @scf_while_producer(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: scf.condition
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: } attributes {
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
util.func private @scf_while_producer(%cond: i1) -> tensor<1xi32> {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  %while = scf.while (%arg0 = %cst_a) : (tensor<1xi32>) -> tensor<1xi32> {
    %b = flow.dispatch @before(%arg0) : (tensor<1xi32>) -> tensor<1xi32>
    scf.condition(%cond) %b : tensor<1xi32>
  } do {
  ^bb0(%arg1: tensor<1xi32>):
    %arg1_b = flow.tensor.transfer %arg1 : tensor<1xi32> to #hal.device.promise<@dev_b>
    scf.yield %arg1_b : tensor<1xi32>
  }
  util.return %while : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @scf_while_extra_loop_carried(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: scf.condition
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK: } attributes {
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
util.func private @scf_while_extra_loop_carried(%cond: i1) -> (tensor<1xi32>, tensor<1xi32>) {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  %cst_b = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_b>} dense<456> : tensor<1xi32>
  %while:2 = scf.while (%arg0 = %cst_a, %arg1 = %cst_b) : (tensor<1xi32>, tensor<1xi32>) -> (tensor<1xi32>, tensor<1xi32>) {
    scf.condition(%cond) %arg0, %arg1 : tensor<1xi32>, tensor<1xi32>
  } do {
  ^bb0(%arg2: tensor<1xi32>, %arg3: tensor<1xi32>):
    scf.yield %arg2, %arg3 : tensor<1xi32>, tensor<1xi32>
  }
  util.return %while#0, %while#1 : tensor<1xi32>, tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @scf_while_return_second_loop_carried(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: scf.condition
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK: } attributes {
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
util.func private @scf_while_return_second_loop_carried(%cond: i1) -> tensor<1xi32> {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<123> : tensor<1xi32>
  %cst_b = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_b>} dense<456> : tensor<1xi32>
  %while:2 = scf.while (%arg0 = %cst_a, %arg1 = %cst_b) : (tensor<1xi32>, tensor<1xi32>) -> (tensor<1xi32>, tensor<1xi32>) {
    scf.condition(%cond) %arg0, %arg1 : tensor<1xi32>, tensor<1xi32>
  } do {
  ^bb0(%arg2: tensor<1xi32>, %arg3: tensor<1xi32>):
    %t = flow.dispatch @body(%arg3) : (tensor<1xi32>) -> tensor<1xi32>
    scf.yield %arg2, %t : tensor<1xi32>, tensor<1xi32>
  }
  util.return %while#1 : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @splat_op_ambiguous(
// CHECK: flow.tensor.splat
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
util.func private @splat_op_ambiguous() -> (tensor<1xi32>, tensor<1xi32>) {
  %splat_value = arith.constant 123 : i32
  %splat = flow.tensor.splat %splat_value : tensor<1xi32>
  %splat_a = flow.tensor.transfer %splat : tensor<1xi32> to #hal.device.promise<@dev_a>
  %splat_b = flow.tensor.transfer %splat : tensor<1xi32> to #hal.device.promise<@dev_b>
  util.return %splat_a, %splat_b : tensor<1xi32>, tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @tied_transfer_constant_multi_consumer(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
util.func private @tied_transfer_constant_multi_consumer() -> (tensor<1xi32>, tensor<1xi32>) {
  %cst = flow.tensor.constant dense<123> : tensor<1xi32>
  %cst_a = flow.tensor.transfer %cst : tensor<1xi32> to #hal.device.promise<@dev_a>
  %tied_0 = flow.dispatch @a(%cst_a) : (tensor<1xi32>) -> %cst_a
  %tied_0_a = flow.tensor.transfer %tied_0 : tensor<1xi32> to #hal.device.promise<@dev_a>
  %cst_b = flow.tensor.transfer %cst : tensor<1xi32> to #hal.device.promise<@dev_b>
  %tied_1 = flow.dispatch @b(%cst_b) : (tensor<1xi32>) -> %cst_b
  %tied_1_b = flow.tensor.transfer %tied_1 : tensor<1xi32> to #hal.device.promise<@dev_b>
  util.return %tied_0_a, %tied_1_b : tensor<1xi32>, tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func public @pinning_overrides_invalid(
// CHECK: flow.tensor.barrier
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func public @pinning_overrides_invalid(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  %0 = flow.tensor.barrier %arg0 : tensor<4xi32> on #hal.device.promise<@dev_a>
  %1 = flow.dispatch @dispatch(%0) : (tensor<4xi32>) -> tensor<4xi32>
  util.return %1 : tensor<4xi32>
}

// -----

// CHECK-LABEL: util.func private @extern(
// CHECK-LABEL: util.func private @pinning_overrides_invalid_call(
// CHECK: flow.tensor.barrier
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.call
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.barrier
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @extern(%arg0: tensor<4xi32>) -> tensor<4xi32>
util.func private @pinning_overrides_invalid_call(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  %0 = flow.tensor.barrier %arg0 : tensor<4xi32> on #hal.device.promise<@dev_a>
  %1 = util.call @extern(%0) : (tensor<4xi32>) -> tensor<4xi32>
  %2 = flow.tensor.barrier %1 : tensor<4xi32> on #hal.device.promise<@dev_a>
  %3 = flow.dispatch @dispatch(%2) : (tensor<4xi32>) -> tensor<4xi32>
  util.return %3 : tensor<4xi32>
}

// -----

// CHECK-LABEL: util.func private @imported_stream_tensor(
// CHECK: stream.tensor.import
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: stream.async.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
util.func private @imported_stream_tensor(%buffer: !util.buffer, %size: index) -> !stream.resource<*> {
  %resource = stream.tensor.import on(#hal.device.promise<@dev_a>) %buffer : !util.buffer -> tensor<1xi32> in !stream.resource<external>{%size}
  %xfer = stream.async.transfer %resource : !stream.resource<external>{%size} -> to(#hal.device.promise<@dev_b>) !stream.resource<*>{%size}
  util.return %xfer : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func private @exported_stream_constant(
// CHECK: stream.async.splat
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: stream.tensor.export
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @exported_stream_constant(%size: index) -> !util.buffer {
  %c123 = arith.constant 123 : i32
  %splat = stream.async.splat %c123 : i32 -> !stream.resource<external>{%size}
  %buffer = stream.tensor.export on(#hal.device.promise<@dev_a>) %splat : tensor<1xi32> in !stream.resource<external>{%size} -> !util.buffer
  util.return %buffer : !util.buffer
}

// -----

// CHECK-LABEL: util.func private @stream_update_tied_result_affinity(
// CHECK: stream.async.splat
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: stream.async.splat
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: stream.async.update
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>], [#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @stream_update_tied_result_affinity(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %target = stream.async.splat on(#hal.device.promise<@dev_a>) %c1_i32 : i32 -> !stream.resource<*>{%size}
  %update = stream.async.splat on(#hal.device.promise<@dev_b>) %c1_i32 : i32 -> !stream.resource<*>{%c4}
  %result = stream.async.update on(#hal.device.promise<@dev_b>) %update, %target[%c0 to %c4] : !stream.resource<*>{%c4} -> %target as !stream.resource<*>{%size}
  util.return %result : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func private @scf_for_tied_dispatch_result_affinity(
// CHECK: stream.async.splat
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: stream.async.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: } {
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
util.func private @scf_for_tied_dispatch_result_affinity(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c1_i32 = arith.constant 1 : i32
  %init = stream.async.splat on(#hal.device.promise<@dev_a>) %c1_i32 : i32 -> !stream.resource<*>{%size}
  %for = scf.for %i = %c0 to %c2 step %c1 iter_args(%arg = %init) -> !stream.resource<*> {
    %d = stream.async.dispatch on(#hal.device.promise<@dev_b>) @ex::@fn(%arg[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> %arg{%size}
    scf.yield %d : !stream.resource<*>
  }
  util.return %for : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func private @stream_yield_consumer_affinity(
// CHECK: stream.async.splat
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: stream.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: } => !stream.timepoint attributes {
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: stream.timepoint.await
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: stream.async.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
util.func private @stream_yield_consumer_affinity(%size: index) -> !stream.resource<*> {
  %c1_i32 = arith.constant 1 : i32
  %result, %tp = stream.async.execute with() -> !stream.resource<*>{%size} {
    %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
    stream.yield %splat : !stream.resource<*>{%size}
  } => !stream.timepoint
  %ready = stream.timepoint.await %tp => %result : !stream.resource<*>{%size}
  %xfer = stream.async.transfer %ready : !stream.resource<*>{%size} -> to(#hal.device.promise<@dev_b>) !stream.resource<*>{%size}
  util.return %xfer : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func private @stream_yield_consumer_affinity_tied(
// CHECK: stream.async.splat
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: stream.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: } => !stream.timepoint attributes {
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: stream.async.clone
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: stream.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: } => !stream.timepoint attributes {
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: stream.timepoint.await
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
util.func private @stream_yield_consumer_affinity_tied(%size: index) -> !stream.resource<*> {
  %c1_i32 = arith.constant 1 : i32
  %a, %tp_a = stream.async.execute on(#hal.device.promise<@dev_a>) with() -> !stream.resource<*>{%size} {
    %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
    stream.yield %splat : !stream.resource<*>{%size}
  } => !stream.timepoint
  %b, %tp_b = stream.async.execute on(#hal.device.promise<@dev_b>) await(%tp_a) => with(%a as %captured: !stream.resource<*>{%size}) -> %a{%size} {
    %clone = stream.async.clone %captured : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
    stream.yield %clone : !stream.resource<*>{%size}
  } => !stream.timepoint
  %ready = stream.timepoint.await %tp_b => %b : !stream.resource<*>{%size}
  util.return %ready : !stream.resource<*>
}

// -----

// CHECK: util.global {{.*}}@weight
// CHECK-SAME: stream.affinities = [#hal.device.affinity<@dev_a>]
// CHECK-LABEL: util.func public @simple_program(
// CHECK: hal.tensor.import
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.affinity<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.affinity<@dev_a>]]
// CHECK: util.global.load
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.affinity<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.affinity<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.affinity<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.affinity<@dev_a>], [#hal.device.affinity<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.affinity<@dev_a>], [#hal.device.affinity<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.affinity<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.affinity<@dev_a>, #hal.device.affinity<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.affinity<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.affinity<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.affinity<@dev_a>, #hal.device.affinity<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.affinity<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.affinity<@dev_b>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.affinity<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.affinity<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.affinity<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.affinity<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.affinity<@dev_b>]]
// CHECK: hal.tensor.barrier
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.affinity<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.affinity<@dev_b>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.affinity<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.affinity<@dev_b>]]
// CHECK: hal.tensor.export
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.affinity<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.affinity<@dev_b>]]
util.global private @dev_a : !hal.device
util.global private @dev_b : !hal.device
util.global private @weight : tensor<4xf32>
util.func public @simple_program(%view: !hal.buffer_view, %fence: !hal.fence) -> !hal.buffer_view {
  %input = hal.tensor.import on(#hal.device.affinity<@dev_a>) wait(%fence) => %view "input" : !hal.buffer_view -> tensor<4xf32>
  %weight = util.global.load @weight : tensor<4xf32>
  %mul = flow.dispatch @ex::@mul(%input, %weight) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %on_b = flow.tensor.transfer %mul : tensor<4xf32> to #hal.device.affinity<@dev_b>
  %add = flow.dispatch @ex::@add(%on_b) : (tensor<4xf32>) -> tensor<4xf32>
  %ready = hal.tensor.barrier join(%add : tensor<4xf32>) => %fence : !hal.fence
  %out = hal.tensor.export on(#hal.device.affinity<@dev_b>) %ready "output" : tensor<4xf32> -> !hal.buffer_view
  util.return %out : !hal.buffer_view
}

// -----

// CHECK-LABEL: util.func public @long_tied_chain_pinned_bottom(
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: hal.tensor.export
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func public @long_tied_chain_pinned_bottom(%t0: tensor<4xi32>) -> !hal.buffer_view {
  %t1 = flow.dispatch @ex::@d1(%t0) : (tensor<4xi32>) -> %t0
  %t2 = flow.dispatch @ex::@d2(%t1) : (tensor<4xi32>) -> %t1
  %t3 = flow.dispatch @ex::@d3(%t2) : (tensor<4xi32>) -> %t2
  %t4 = flow.dispatch @ex::@d4(%t3) : (tensor<4xi32>) -> %t3
  %t5 = flow.dispatch @ex::@d5(%t4) : (tensor<4xi32>) -> %t4
  %t6 = flow.dispatch @ex::@d6(%t5) : (tensor<4xi32>) -> %t5
  %t7 = flow.dispatch @ex::@d7(%t6) : (tensor<4xi32>) -> %t6
  %t8 = flow.dispatch @ex::@d8(%t7) : (tensor<4xi32>) -> %t7
  %t9 = flow.dispatch @ex::@d9(%t8) : (tensor<4xi32>) -> %t8
  %t10 = flow.dispatch @ex::@d10(%t9) : (tensor<4xi32>) -> %t9
  %t11 = flow.dispatch @ex::@d11(%t10) : (tensor<4xi32>) -> %t10
  %t12 = flow.dispatch @ex::@d12(%t11) : (tensor<4xi32>) -> %t11
  %t13 = flow.dispatch @ex::@d13(%t12) : (tensor<4xi32>) -> %t12
  %t14 = flow.dispatch @ex::@d14(%t13) : (tensor<4xi32>) -> %t13
  %t15 = flow.dispatch @ex::@d15(%t14) : (tensor<4xi32>) -> %t14
  %t16 = flow.dispatch @ex::@d16(%t15) : (tensor<4xi32>) -> %t15
  %t17 = flow.dispatch @ex::@d17(%t16) : (tensor<4xi32>) -> %t16
  %t18 = flow.dispatch @ex::@d18(%t17) : (tensor<4xi32>) -> %t17
  %t19 = flow.dispatch @ex::@d19(%t18) : (tensor<4xi32>) -> %t18
  %t20 = flow.dispatch @ex::@d20(%t19) : (tensor<4xi32>) -> %t19
  %t21 = flow.dispatch @ex::@d21(%t20) : (tensor<4xi32>) -> %t20
  %t22 = flow.dispatch @ex::@d22(%t21) : (tensor<4xi32>) -> %t21
  %out = hal.tensor.export on(#hal.device.promise<@dev_a>) %t22 : tensor<4xi32> -> !hal.buffer_view
  util.return %out : !hal.buffer_view
}

// -----

// CHECK-LABEL: util.func private @long_tied_chain_pinned_top(
// CHECK: hal.tensor.import
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: hal.tensor.export
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @long_tied_chain_pinned_top(%view: !hal.buffer_view) -> !hal.buffer_view {
  %t0 = hal.tensor.import on(#hal.device.promise<@dev_a>) %view : !hal.buffer_view -> tensor<4xi32>
  %t1 = flow.dispatch @ex::@d1(%t0) : (tensor<4xi32>) -> %t0
  %t2 = flow.dispatch @ex::@d2(%t1) : (tensor<4xi32>) -> %t1
  %t3 = flow.dispatch @ex::@d3(%t2) : (tensor<4xi32>) -> %t2
  %t4 = flow.dispatch @ex::@d4(%t3) : (tensor<4xi32>) -> %t3
  %t5 = flow.dispatch @ex::@d5(%t4) : (tensor<4xi32>) -> %t4
  %t6 = flow.dispatch @ex::@d6(%t5) : (tensor<4xi32>) -> %t5
  %t7 = flow.dispatch @ex::@d7(%t6) : (tensor<4xi32>) -> %t6
  %t8 = flow.dispatch @ex::@d8(%t7) : (tensor<4xi32>) -> %t7
  %t9 = flow.dispatch @ex::@d9(%t8) : (tensor<4xi32>) -> %t8
  %t10 = flow.dispatch @ex::@d10(%t9) : (tensor<4xi32>) -> %t9
  %t11 = flow.dispatch @ex::@d11(%t10) : (tensor<4xi32>) -> %t10
  %t12 = flow.dispatch @ex::@d12(%t11) : (tensor<4xi32>) -> %t11
  %t13 = flow.dispatch @ex::@d13(%t12) : (tensor<4xi32>) -> %t12
  %t14 = flow.dispatch @ex::@d14(%t13) : (tensor<4xi32>) -> %t13
  %t15 = flow.dispatch @ex::@d15(%t14) : (tensor<4xi32>) -> %t14
  %t16 = flow.dispatch @ex::@d16(%t15) : (tensor<4xi32>) -> %t15
  %t17 = flow.dispatch @ex::@d17(%t16) : (tensor<4xi32>) -> %t16
  %t18 = flow.dispatch @ex::@d18(%t17) : (tensor<4xi32>) -> %t17
  %t19 = flow.dispatch @ex::@d19(%t18) : (tensor<4xi32>) -> %t18
  %t20 = flow.dispatch @ex::@d20(%t19) : (tensor<4xi32>) -> %t19
  %t21 = flow.dispatch @ex::@d21(%t20) : (tensor<4xi32>) -> %t20
  %t22 = flow.dispatch @ex::@d22(%t21) : (tensor<4xi32>) -> %t21
  %out = hal.tensor.export %t22 : tensor<4xi32> -> !hal.buffer_view
  util.return %out : !hal.buffer_view
}

// -----

// CHECK: util.global {{.*}}@global_ab_stored
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]
// CHECK-LABEL: util.func private @store_a(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: util.global.store
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-LABEL: util.func private @store_b(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: util.global.store
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
util.global private mutable @global_ab_stored : tensor<1xi32>
util.func private @store_a() {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<1> : tensor<1xi32>
  util.global.store %cst_a, @global_ab_stored : tensor<1xi32>
  util.return
}
util.func private @store_b() {
  %cst_b = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_b>} dense<2> : tensor<1xi32>
  util.global.store %cst_b, @global_ab_stored : tensor<1xi32>
  util.return
}

// -----

// Robustness: unreachable blocks, self-loops, declarations, nested modules
// and executables do not break the analysis.
// CHECK-LABEL: util.func private @declaration(
// CHECK-LABEL: util.func private @nested_fn(
// CHECK-LABEL: util.func private @odd_shapes(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: cf.br
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: cf.cond_br
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.dispatch
// CHECK-SAME: stream.affinities.operands = {{\[}}[]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[]]
// CHECK-SAME: stream.affinities.results = {{\[}}[]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[]]
// CHECK: cf.br
// CHECK-SAME: stream.affinities.operands = {{\[}}[]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[]]
// CHECK: util.call
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[]]
util.func private @declaration(%arg0: tensor<1xi32>) -> tensor<1xi32>
stream.executable private @ex {
  stream.executable.export public @entry
  builtin.module {
    func.func @entry() {
      return
    }
  }
}
builtin.module @nested {
  util.func private @nested_fn() -> tensor<1xi32> {
    %cst = flow.tensor.constant dense<1> : tensor<1xi32>
    util.return %cst : tensor<1xi32>
  }
}
util.func private @odd_shapes(%cond: i1) -> tensor<1xi32> {
  %cst_a = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<1> : tensor<1xi32>
  cf.br ^loop(%cst_a : tensor<1xi32>)
^loop(%v: tensor<1xi32>):
  %d = flow.dispatch @ex::@entry(%v) : (tensor<1xi32>) -> tensor<1xi32>
  cf.cond_br %cond, ^loop(%d : tensor<1xi32>), ^exit
^unreachable(%u: tensor<1xi32>):
  %du = flow.dispatch @ex::@entry(%u) : (tensor<1xi32>) -> tensor<1xi32>
  cf.br ^unreachable(%du : tensor<1xi32>)
^exit:
  %r = util.call @declaration(%d) : (tensor<1xi32>) -> tensor<1xi32>
  util.return %r : tensor<1xi32>
}
