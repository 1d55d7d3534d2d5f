// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @tensor_constant
util.func public @tensor_constant(%c3: index) -> (!stream.resource<constant>, !stream.resource<*>) {
  // CHECK: %cst = stream.tensor.constant on(#hal.device.affinity<@dev>) : tensor<2x?xi8>{%arg0} in !stream.resource<constant> = dense<7> : tensor<2x3xi8>{{$}}
  %0 = stream.tensor.constant on(#hal.device.affinity<@dev>) : tensor<2x?xi8>{%c3} in !stream.resource<constant> = dense<7> : tensor<2x3xi8>
  // CHECK: %cst_0 = stream.tensor.constant : tensor<2xf32> in !stream.resource<*> = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32> attributes {foo}{{$}}
  %1 = stream.tensor.constant : tensor<2xf32> in !stream.resource<*> = dense<[1.0, 2.0]> : tensor<2xf32> attributes {foo}
  // CHECK: %cst_1 = stream.tensor.constant : tensor<4xf32> in !stream.resource<constant> = #stream.parameter.named<"scope"::"key"> : tensor<4xf32>{{$}}
  %2 = stream.tensor.constant : tensor<4xf32> in !stream.resource<constant> = #stream.parameter.named<"scope"::"key"> : tensor<4xf32>
  util.return %0, %1 : !stream.resource<constant>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @tensor_splat
util.func public @tensor_splat(%f0: f16, %n: index, %bytes: index, %c: complex<f32>) -> (!stream.resource<*>, !stream.resource<transient>) {
  // CHECK: %0 = stream.tensor.splat %arg0 : f16 -> tensor<?x4xf16>{%arg1} in !stream.resource<*>{%arg2}{{$}}
  %0 = stream.tensor.splat %f0 : f16 -> tensor<?x4xf16>{%n} in !stream.resource<*>{%bytes}
  // CHECK: %1 = stream.tensor.splat on(#hal.device.affinity<@dev>) %arg3 : complex<f32> -> tensor<8xcomplex<f32>> in !stream.resource<transient>{%arg2} attributes {foo}{{$}}
  %1 = stream.tensor.splat on(#hal.device.affinity<@dev>) %c : complex<f32> -> tensor<8xcomplex<f32>> in !stream.resource<transient>{%bytes} attributes {foo}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<transient>
}

// -----

// CHECK-LABEL: util.func public @tensor_clone_encode
util.func public @tensor_clone_encode(%a: !stream.resource<*>, %n: index, %s0: index, %s1: index) -> (!stream.resource<*>, !stream.resource<external>, !stream.resource<*>) {
  // CHECK: %0 = stream.tensor.clone %arg0 : tensor<8xf32> in !stream.resource<*>{%arg2} -> tensor<2x4xf32> in !stream.resource<*>{%arg2}{{$}}
  %0 = stream.tensor.clone %a : tensor<8xf32> in !stream.resource<*>{%s0} -> tensor<2x4xf32> in !stream.resource<*>{%s0}
  // CHECK: %1 = stream.tensor.clone on(#hal.device.affinity<@dev>) %arg0 : tensor<?x4xf32>{%arg1} in !stream.resource<*>{%arg2} -> tensor<4x?xf32>{%arg1} in !stream.resource<external>{%arg3} attributes {foo}{{$}}
  %1 = stream.tensor.clone on(#hal.device.affinity<@dev>) %a : tensor<?x4xf32>{%n} in !stream.resource<*>{%s0} -> tensor<4x?xf32>{%n} in !stream.resource<external>{%s1} attributes {foo}
  // CHECK: %2 = stream.tensor.encode on(#hal.device.affinity<@dev>) %arg0 : tensor<?x4xf32>{%arg1} in !stream.resource<*>{%arg2} -> tensor<?x4xf32, "enc">{%arg1} in !stream.resource<*>{%arg3}{{$}}
  %2 = stream.tensor.encode on(#hal.device.affinity<@dev>) %a : tensor<?x4xf32>{%n} in !stream.resource<*>{%s0} -> tensor<?x4xf32, "enc">{%n} in !stream.resource<*>{%s1}
  util.return %0, %1, %2 : !stream.resource<*>, !stream.resource<external>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @tensor_slice
util.func public @tensor_slice(%a: !stream.resource<*>, %m: index, %n: index, %as: index, %ss: index, %c0: index, %c2: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: %0 = stream.tensor.slice %arg0[%arg5, %arg6 for %arg2, %arg6] : tensor<?x8xf32>{%arg1} in !stream.resource<*>{%arg3} -> tensor<?x2xf32>{%arg2} in !stream.resource<*>{%arg4}{{$}}
  %0 = stream.tensor.slice %a[%c0, %c2 for %n, %c2] : tensor<?x8xf32>{%m} in !stream.resource<*>{%as} -> tensor<?x2xf32>{%n} in !stream.resource<*>{%ss}
  // CHECK: %1 = stream.tensor.slice on(#hal.device.affinity<@dev>) %arg0[ for ] : tensor<f32> in !stream.resource<*>{%arg3} -> tensor<f32> in !stream.resource<*>{%arg4} attributes {foo}{{$}}
  %1 = stream.tensor.slice on(#hal.device.affinity<@dev>) %a[for] : tensor<f32> in !stream.resource<*>{%as} -> tensor<f32> in !stream.resource<*>{%ss} attributes {foo}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @tensor_fill
util.func public @tensor_fill(%t: !stream.resource<*>, %one: i32, %c0: index, %c4: index, %c64: index, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: %0 = stream.tensor.fill %arg1, %arg0[%arg2 for %arg3] : i32 -> tensor<16xi32> in %arg0 as !stream.resource<*>{%arg4}{{$}}
  %0 = stream.tensor.fill %one, %t[%c0 for %c4] : i32 -> tensor<16xi32> in %t as !stream.resource<*>{%c64}
  // CHECK: %1 = stream.tensor.fill on(#hal.device.affinity<@dev>) %arg1, %0 : i32 -> tensor<?xi32>{%arg5} in %0 as !stream.resource<*>{%arg4} attributes {foo}{{$}}
  %1 = stream.tensor.fill on(#hal.device.affinity<@dev>) %one, %0 : i32 -> tensor<?xi32>{%n} in !stream.resource<*>{%c64} attributes {foo}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @tensor_update
util.func public @tensor_update(%p: !stream.resource<*>, %t: !stream.resource<*>, %c0: index, %c1: index, %c16: index, %n: index, %ts: index) -> !stream.resource<*> {
  // CHECK: %0 = stream.tensor.update %arg0, %arg1[%arg3, %arg2] : tensor<1x4xf32> in !stream.resource<*>{%arg4} -> tensor<?x4xf32>{%arg5} in %arg1 as !stream.resource<*>{%arg6}{{$}}
  %0 = stream.tensor.update %p, %t[%c1, %c0] : tensor<1x4xf32> in !stream.resource<*>{%c16} -> tensor<?x4xf32>{%n} in %t as !stream.resource<*>{%ts}
  // CHECK: %1 = stream.tensor.update on(#hal.device.affinity<@dev>) %arg0, %0[] : tensor<f32> in !stream.resource<*>{%arg4} -> tensor<f32> in %0 as !stream.resource<*>{%arg6} attributes {foo}{{$}}
  %1 = stream.tensor.update on(#hal.device.affinity<@dev>) %p, %0[] : tensor<f32> in !stream.resource<*>{%c16} -> tensor<f32> in !stream.resource<*>{%ts} attributes {foo}
  util.return %1 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @tensor_load_store
util.func public @tensor_load_store(%stg: !stream.resource<staging>, %i: index, %j: index, %c64: index, %n: index, %x: f32, %v: vector<4xf32>) -> (f32, f32, !stream.resource<staging>, !stream.resource<staging>) {
  // CHECK: %0 = stream.tensor.load %arg0[%arg1, %arg2] : tensor<4x4xf32> in !stream.resource<staging>{%arg3} -> f32{{$}}
  %0 = stream.tensor.load %stg[%i, %j] : tensor<4x4xf32> in !stream.resource<staging>{%c64} -> f32
  // CHECK: %1 = stream.tensor.load %arg0 : tensor<f32> in !stream.resource<staging>{%arg3} -> f32 attributes {foo}{{$}}
  %1 = stream.tensor.load %stg : tensor<f32> in !stream.resource<staging>{%c64} -> f32 attributes {foo}
  // CHECK: %2 = stream.tensor.store %arg5, %arg0[%arg1] : f32 -> tensor<?xf32>{%arg4} in %arg0 as !stream.resource<staging>{%arg3}{{$}}
  %2 = stream.tensor.store %x, %stg[%i] : f32 -> tensor<?xf32>{%n} in %stg as !stream.resource<staging>{%c64}
  // CHECK: %3 = stream.tensor.store %arg6, %2 : vector<4xf32> -> tensor<vector<4xf32>> in %2 as !stream.resource<staging>{%arg3} attributes {foo}{{$}}
  %3 = stream.tensor.store %v, %2 : vector<4xf32> -> tensor<vector<4xf32>> in !stream.resource<staging>{%c64} attributes {foo}
  util.return %0, %1, %2, %3 : f32, f32, !stream.resource<staging>, !stream.resource<staging>
}

// -----

// CHECK-LABEL: util.func public @tensor_trace
util.func public @tensor_trace(%a: !stream.resource<staging>, %b: !stream.resource<staging>, %s0: index, %s1: index, %d0: index) {
  //      CHECK: stream.tensor.trace "KEY" = [
  // CHECK-NEXT:   %arg0 : tensor<5xf32> in !stream.resource<staging>{%arg2},
  // CHECK-NEXT:   %arg1 : tensor<?x3xi32>{%arg4} in !stream.resource<staging>{%arg3}
  // CHECK-NEXT: ]{{$}}
  stream.tensor.trace "KEY" = [
    %a : tensor<5xf32> in !stream.resource<staging>{%s0},
    %b : tensor<?x3xi32>{%d0} in !stream.resource<staging>{%s1}
  ]
  //      CHECK: stream.tensor.trace "single" = [
  // CHECK-NEXT:   %arg1 : tensor<?x?xi8>{%arg4, %arg2} in !stream.resource<staging>{%arg3}
  // CHECK-NEXT: ] attributes {foo}{{$}}
  stream.tensor.trace "single" = [%b : tensor<?x?xi8>{%d0, %s0} in !stream.resource<staging>{%s1}] attributes {foo}
  util.return
}

// -----

// CHECK-LABEL: util.func public @tensor_dispatch
util.func public @tensor_dispatch(%x: !stream.resource<*>, %n: index, %xs: index, %d: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<external>, !stream.resource<external>) {
  // CHECK: %0 = stream.tensor.dispatch on(#hal.device.affinity<@dev>) @ex::@softmax[%arg1](%arg0, %arg1) : (tensor<?xf32>{%arg1} in !stream.resource<*>{%arg2}, index) -> tensor<?xf32>{%arg1} in %arg0{%arg2}{{$}}
  %0 = stream.tensor.dispatch on(#hal.device.affinity<@dev>) @ex::@softmax[%n](%x, %n) :
      (tensor<?xf32>{%n} in !stream.resource<*>{%xs}, index) -> tensor<?xf32>{%n} in %x{%xs}
  // CHECK: %1:2 = stream.tensor.dispatch {@ex::@a, @ex::@b}(%arg0) {foo} : (!stream.resource<*>{%arg2}) -> (!stream.resource<*>{%arg2}, tensor<4x?xf32>{%arg1} in !stream.resource<external>{%arg3}){{$}}
  %1:2 = stream.tensor.dispatch {@ex::@a, @ex::@b}(%x) {foo} : (!stream.resource<*>{%xs}) -> (!stream.resource<*>{%xs}, tensor<4x?xf32>{%n} in !stream.resource<external>{%d})
  // CHECK: stream.tensor.dispatch @ex::@c[%arg1, %arg3]() : () -> (){{$}}
  stream.tensor.dispatch @ex::@c[%n, %d]() : () -> ()
  // CHECK: %2 = stream.tensor.dispatch @ex::@d(%arg0) : (tensor<4xf32> in !stream.resource<*>{%arg2}) -> tensor<4xf32> in %arg0 as !stream.resource<external>{%arg2}{{$}}
  %2 = stream.tensor.dispatch @ex::@d(%x) : (tensor<4xf32> in !stream.resource<*>{%xs}) -> (tensor<4xf32> in %x as !stream.resource<external>{%xs})
  util.return %0, %1#0, %1#1, %2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<external>, !stream.resource<external>
}

// -----

// Ties are relative to the mixed operands, after the workload.
// CHECK-LABEL: util.func public @tensor_dispatch_tied_after_workload
util.func public @tensor_dispatch_tied_after_workload(%x: !stream.resource<*>, %y: !stream.resource<transient>, %n: index, %xs: index) -> (!stream.resource<transient>, !stream.resource<*>) {
  // CHECK: %0:2 = stream.tensor.dispatch @ex::@fn[%arg2](%arg2, %arg0, %arg1) : (index, tensor<4xf32> in !stream.resource<*>{%arg3}, tensor<?xi8>{%arg2} in !stream.resource<transient>{%arg3}) -> (tensor<?xi8>{%arg2} in %arg1{%arg3}, tensor<4xf32> in %arg0{%arg3}){{$}}
  %0:2 = stream.tensor.dispatch @ex::@fn[%n](%n, %x, %y) : (index, tensor<4xf32> in !stream.resource<*>{%xs}, tensor<?xi8>{%n} in !stream.resource<transient>{%xs}) -> (tensor<?xi8>{%n} in %y{%xs}, tensor<4xf32> in %x{%xs})
  util.return %0#0, %0#1 : !stream.resource<transient>, !stream.resource<*>
}
