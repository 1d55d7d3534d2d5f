// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-annotate-affinities)' --iree-stream-affinity-solver-max-iterations=8 %s | FileCheck %s

// Shapes the reference tests do not cover: indirect globals, scf.index_switch
// and scf.execute_region yields (unseen edges: the values they touch get []),
// multi-block regions, self-loops, blocks without values, initializers and
// func-dialect functions. The pass must not crash and must stay sound.

// CHECK-LABEL: util.func private @indirect_global(
// CHECK: util.global.load
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
util.global private mutable @indirect : tensor<1xi32>
util.func private @indirect_global() -> tensor<1xi32> {
  %p = util.global.address @indirect : !util.ptr<tensor<1xi32>>
  %v = util.global.load @indirect : tensor<1xi32>
  %a = flow.tensor.transfer %v : tensor<1xi32> to #hal.device.promise<@dev_a>
  util.return %a : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @callee(
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-LABEL: util.func private @indirect_call(
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
util.func private @callee(%arg0: tensor<1xi32>) -> tensor<1xi32> {
  util.return %arg0 : tensor<1xi32>
}
util.func private @indirect_call(%arg0: tensor<1xi32>) -> tensor<1xi32> {
  %cst = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<1> : tensor<1xi32>
  %f = util.call @callee(%cst) : (tensor<1xi32>) -> tensor<1xi32>
  util.return %f : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @index_switch(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: scf.index_switch
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_b>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_b>]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: util.return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>]]
util.func private @index_switch(%i: index) -> tensor<1xi32> {
  %cst = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<1> : tensor<1xi32>
  %r = scf.index_switch %i -> tensor<1xi32>
  case 0 {
    %t = flow.tensor.transfer %cst : tensor<1xi32> to #hal.device.promise<@dev_b>
    scf.yield %t : tensor<1xi32>
  }
  default {
    scf.yield %cst : tensor<1xi32>
  }
  util.return %r : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @execute_region(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities.results = {{\[}}[]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[]]
// CHECK: cf.br
// CHECK-SAME: stream.affinities.operands = {{\[}}[]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[]]
// CHECK: scf.yield
// CHECK-SAME: stream.affinities.operands = {{\[}}[]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[]]
// CHECK: } {
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
util.func private @execute_region() -> tensor<1xi32> {
  %r = scf.execute_region -> tensor<1xi32> {
    %cst = flow.tensor.constant dense<1> : tensor<1xi32>
    cf.br ^bb1(%cst : tensor<1xi32>)
  ^bb1(%x: tensor<1xi32>):
    scf.yield %x : tensor<1xi32>
  }
  %a = flow.tensor.transfer %r : tensor<1xi32> to #hal.device.promise<@dev_a>
  util.return %a : tensor<1xi32>
}

// -----

// CHECK-LABEL: util.func private @empty_and_self_loop(
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @empty_and_self_loop(%c: i1) {
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  util.return
}
util.initializer {
  %cst = flow.tensor.constant {stream.affinity = #hal.device.promise<@dev_a>} dense<1> : tensor<1xi32>
  util.return
}

// -----

// CHECK: flow.tensor.transfer
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: flow.tensor.constant
// CHECK-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: call
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.results.usage = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK: return
// CHECK-SAME: stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
// CHECK-SAME: stream.affinities.operands.usage = {{\[}}[#hal.device.promise<@dev_a>]]
func.func private @func_dialect(%arg0: tensor<1xi32>) -> tensor<1xi32> {
  %t = flow.tensor.transfer %arg0 : tensor<1xi32> to #hal.device.promise<@dev_a>
  return %t : tensor<1xi32>
}
func.func @func_caller() -> tensor<1xi32> {
  %cst = flow.tensor.constant dense<1> : tensor<1xi32>
  %r = func.call @func_dialect(%cst) : (tensor<1xi32>) -> tensor<1xi32>
  return %r : tensor<1xi32>
}
