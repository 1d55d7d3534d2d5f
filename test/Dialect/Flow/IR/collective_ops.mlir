// REQUIRES: sluice-opt
// RUN: sluice-opt %s | sluice-opt | FileCheck %s
// RUN: sluice-opt %s --mlir-print-op-generic | sluice-opt | FileCheck %s

// CHECK-LABEL: util.func public @channels
util.func public @channels(%ch: !flow.channel, %color: index, %key: index) -> (index, index) {
  // CHECK: %default_channel = flow.channel.default : !flow.channel
  %0 = flow.channel.default : !flow.channel
  // CHECK: %default_channel_0 = flow.channel.default "group" : !flow.channel
  %1 = flow.channel.default "group" : !flow.channel
  // CHECK: %channel = flow.channel.split %arg0, %arg1, %arg2 : !flow.channel -> !flow.channel
  %2 = flow.channel.split %ch, %color, %key : !flow.channel -> !flow.channel
  // CHECK: %channel_rank = flow.channel.rank %arg0 : index
  %3 = flow.channel.rank %ch : index
  // CHECK: %channel_count = flow.channel.count %arg0 : index attributes {some.attr}
  %4 = flow.channel.count %ch : index attributes {some.attr}
  util.return %3, %4 : index, index
}

// CHECK-LABEL: util.func public @collectives
util.func public @collectives(%ch: !flow.channel, %t: tensor<4xf32>, %s: tensor<4xf32>, %big: tensor<?x4xi8>, %small: tensor<2x4xi8>, %d: index, %send: index, %recv: index) {
  // CHECK: flow.collective.all_gather si8, %arg3, %arg4, %arg0 : (tensor<?x4xi8>, tensor<2x4xi8>, !flow.channel) -> %arg3 as tensor<?x4xi8>{%arg5}
  %0 = flow.collective.all_gather si8, %big, %small, %ch : (tensor<?x4xi8>, tensor<2x4xi8>, !flow.channel) -> %big as tensor<?x4xi8>{%d}
  // CHECK: flow.collective.all_reduce sum, f32, %arg1, %arg2, %arg0 : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %arg1 as tensor<4xf32>
  %1 = flow.collective.all_reduce sum, f32, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  // Input written without a tie is accepted; output always prints the tie.
  // CHECK: flow.collective.all_reduce maximum, f32, %arg1, %arg2, %arg0 : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %arg1 as tensor<4xf32>
  %2 = flow.collective.all_reduce "maximum", "f32", %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> tensor<4xf32>
  // CHECK: flow.collective.all_to_all f32, %arg1, %arg2, %arg0 : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %arg1 as tensor<4xf32>
  %3 = flow.collective.all_to_all f32, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  // CHECK: flow.collective.reduce_scatter average, bf16, %arg3, %arg4, %arg0 : (tensor<?x4xi8>, tensor<2x4xi8>, !flow.channel) -> %arg3 as tensor<?x4xi8>{%arg5}
  %4 = flow.collective.reduce_scatter average, bf16, %big, %small, %ch : (tensor<?x4xi8>, tensor<2x4xi8>, !flow.channel) -> %big as tensor<?x4xi8>{%d}
  // CHECK: flow.collective.send_recv ui64, %arg1, %arg2, %arg0, %arg6, %arg7 : (tensor<4xf32>, tensor<4xf32>, !flow.channel, index, index) -> %arg1 as tensor<4xf32>
  %5 = flow.collective.send_recv ui64, %t, %s, %ch, %send, %recv : (tensor<4xf32>, tensor<4xf32>, !flow.channel, index, index) -> %t as tensor<4xf32>
  // CHECK: flow.collective.all_reduce none, si16
  %6 = flow.collective.all_reduce none, si16, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  // CHECK: flow.collective.all_reduce product, ui8
  %7 = flow.collective.all_reduce product, ui8, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  // CHECK: flow.collective.all_reduce minimum, si32
  %8 = flow.collective.all_reduce minimum, si32, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  // CHECK: flow.collective.all_to_all ui16
  %9 = flow.collective.all_to_all ui16, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  // CHECK: flow.collective.all_to_all ui32
  %10 = flow.collective.all_to_all ui32, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  // CHECK: flow.collective.all_to_all si64
  %11 = flow.collective.all_to_all si64, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  // CHECK: flow.collective.all_to_all f16
  %12 = flow.collective.all_to_all f16, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  // CHECK: flow.collective.all_to_all f64
  %13 = flow.collective.all_to_all f64, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  util.return
}
