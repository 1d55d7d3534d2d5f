// REQUIRES: sluice-opt
// RUN: not sluice-opt --iree-stream-annotate-affinities --iree-stream-affinity-solver-max-iterations=8 %s 2>&1 | FileCheck %s --check-prefix=CAPPED --allow-empty
// RUN: sluice-opt --iree-stream-annotate-affinities %s | FileCheck %s --check-prefix=DEFAULT

// The solver's iteration cap (--iree-stream-affinity-solver-max-iterations,
// default 128; stream-passes-1.md §1.4, §2.4). A constant at the top of a
// chain of 22 tied dispatches pinned at the bottom has to learn its placement
// through the whole consumer chain and back down the producer chain, one hop
// per solver round (~45 rounds). With a cap of 8 the analysis does not
// converge and the pass fails without a diagnostic; with the default cap it
// converges and everything lands on @dev_a.

// CAPPED-NOT: error
// CAPPED-NOT: stream.affinities

// DEFAULT-LABEL: util.func private @constant_chain(
// DEFAULT: flow.tensor.constant
// DEFAULT-SAME: stream.affinities = [#hal.device.promise<@dev_a>]
// DEFAULT-COUNT-22: stream.affinities = [#hal.device.promise<@dev_a>], stream.affinities.operands = {{\[}}[#hal.device.promise<@dev_a>]]
util.func private @constant_chain() -> !hal.buffer_view {
  %t0 = flow.tensor.constant dense<1> : tensor<4xi32>
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
