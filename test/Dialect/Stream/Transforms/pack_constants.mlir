// RUN: sluice-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(util.func(iree-stream-pack-constants))' %s | FileCheck %s
// REQUIRES: sluice-opt

// Serialized constants are packed at 64-byte offsets into one composite
// (gaps and tail padding are zeros), mapped if possible, else read.

// CHECK: #composite_of_192b = #util.composite<192xi8, [
// CHECK-NEXT:     dense<100> : tensor<1xi32>,
// CHECK-NEXT:     dense<0> : vector<60xi8>,
// CHECK-NEXT:     dense<[101, 102]> : tensor<2xi32>,
// CHECK-NEXT:     dense<0> : vector<56xi8>,
// CHECK-NEXT:     dense_resource<__elided__> : tensor<3x4xf32>,
// CHECK-NEXT:     dense<0> : vector<16xi8>,
// CHECK-NEXT: ]>

// CHECK-LABEL: @resourceConstants
util.func public @resourceConstants() -> (!stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.timepoint) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c48 = arith.constant 48 : index
  // CHECK: %[[IMMEDIATE:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK: %[[RODATA:.+]] = util.buffer.constant {alignment = 64 : index} : !util.buffer = #composite_of_192b
  // CHECK: %[[DID_MAP:.+]], %[[TRY_MAP:.+]] = stream.resource.try_map %[[RODATA]][%c0] : !util.buffer -> i1, !stream.resource<constant>{%c192}
  // CHECK: %[[IF:.+]]:2 = scf.if %[[DID_MAP]] -> (!stream.timepoint, !stream.resource<constant>) {
  // CHECK-NEXT:   scf.yield %[[IMMEDIATE]], %[[TRY_MAP]]
  // CHECK-NEXT: } else {
  // CHECK-NEXT:   %[[ALLOC:.+]] = stream.resource.alloc uninitialized : !stream.resource<constant>{%c192}
  // CHECK-NEXT:   %[[FILE:.+]] = stream.file.constant %[[RODATA]][%c0 for %c192] : !util.buffer{%c192} -> !stream.file
  // CHECK-NEXT:   %[[READ:.+]] = stream.file.read await(%[[IMMEDIATE]]) => %[[FILE]][%c0_i64], %[[ALLOC]][%c0], %c192 : !stream.file -> !stream.resource<constant>{%c192} => !stream.timepoint
  // CHECK-NEXT:   scf.yield %[[READ]], %[[ALLOC]]
  // CHECK-NEXT: }
  %0:4 = stream.resource.constants :
    !stream.resource<constant>{%c4} = dense<100> : tensor<1xi32>,
    !stream.resource<constant>{%c8} = dense<[101, 102]> : tensor<2xi32>,
    !stream.resource<constant>{%c48} = dense_resource<__elided__> : tensor<3x4xf32>
    => !stream.timepoint
  // CHECK: %[[RES0:.+]] = stream.resource.subview %[[IF]]#1[%c0] : !stream.resource<constant>{%c192} -> !stream.resource<constant>{%c4}
  // CHECK: %[[RES1:.+]] = stream.resource.subview %[[IF]]#1[%c64] : !stream.resource<constant>{%c192} -> !stream.resource<constant>{%c8}
  // CHECK: %[[RES2:.+]] = stream.resource.subview %[[IF]]#1[%c128] : !stream.resource<constant>{%c192} -> !stream.resource<constant>{%c48}
  // CHECK: util.return %[[RES0]], %[[RES1]], %[[RES2]], %[[IF]]#0
  util.return %0#0, %0#1, %0#2, %0#3 : !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.timepoint
}

// -----

// Variables are always read into a new allocation.

// CHECK: #composite_of_1152b = #util.composite<1152xi8, [
// CHECK-NEXT:     dense<100> : tensor<1xi32>,
// CHECK-NEXT:     dense<0> : vector<60xi8>,
// CHECK-NEXT:     dense<[101, 102]> : tensor<2xi32>,
// CHECK-NEXT:     dense<0> : vector<56xi8>,
// CHECK-NEXT:     #util.uninitialized : tensor<250xi32>,
// CHECK-NEXT:     dense<0> : vector<24xi8>,
// CHECK-NEXT: ]>

// CHECK-LABEL: @resourceVariables
util.func public @resourceVariables() -> (!stream.resource<variable>, !stream.resource<variable>, !stream.resource<variable>, !stream.timepoint) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c1000 = arith.constant 1000 : index
  // CHECK: %[[IMMEDIATE:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK: %[[RODATA:.+]] = util.buffer.constant {alignment = 64 : index} : !util.buffer = #composite_of_1152b
  // CHECK-NOT: stream.resource.try_map
  // CHECK: %[[ALLOC:.+]] = stream.resource.alloc uninitialized : !stream.resource<variable>{%c1152}
  // CHECK-NEXT: %[[FILE:.+]] = stream.file.constant %[[RODATA]][%c0 for %c1152] : !util.buffer{%c1152} -> !stream.file
  // CHECK-NEXT: %[[READ:.+]] = stream.file.read await(%[[IMMEDIATE]]) => %[[FILE]][%c0_i64], %[[ALLOC]][%c0], %c1152 : !stream.file -> !stream.resource<variable>{%c1152} => !stream.timepoint
  %0:4 = stream.resource.constants :
    !stream.resource<variable>{%c4} = dense<100> : tensor<1xi32>,
    !stream.resource<variable>{%c8} = dense<[101, 102]> : tensor<2xi32>,
    !stream.resource<variable>{%c1000} = #util.uninitialized : tensor<250xi32>
    => !stream.timepoint
  // CHECK: %[[RES0:.+]] = stream.resource.subview %[[ALLOC]][%c0] : !stream.resource<variable>{%c1152} -> !stream.resource<variable>{%c4}
  // CHECK: %[[RES1:.+]] = stream.resource.subview %[[ALLOC]][%c64] : !stream.resource<variable>{%c1152} -> !stream.resource<variable>{%c8}
  // CHECK: %[[RES2:.+]] = stream.resource.subview %[[ALLOC]][%c128] : !stream.resource<variable>{%c1152} -> !stream.resource<variable>{%c1000}
  // CHECK: util.return %[[RES0]], %[[RES1]], %[[RES2]], %[[READ]]
  util.return %0#0, %0#1, %0#2, %0#3 : !stream.resource<variable>, !stream.resource<variable>, !stream.resource<variable>, !stream.timepoint
}

// -----

// A maximum allocation size splits the storage into buckets uploaded one
// after another (PC1).

// CHECK: #composite_of_16b = #util.composite<16xi8, [
// CHECK-NEXT:     dense<100> : tensor<1xi32>,
// CHECK-NEXT:     dense<0> : vector<12xi8>,
// CHECK-NEXT: ]>
// CHECK: #composite_of_16b1 = #util.composite<16xi8, [
// CHECK-NEXT:     dense<[101, 102]> : tensor<2xi32>,
// CHECK-NEXT:     dense<0> : vector<8xi8>,
// CHECK-NEXT: ]>

// CHECK-LABEL: @splitResourceConstants
util.func public @splitResourceConstants() -> (!stream.resource<constant>, !stream.resource<constant>, !stream.timepoint) attributes {
  stream.resources = #stream.resource_config<{
    max_allocation_size = 16,
    min_buffer_offset_alignment = 16,
    max_buffer_range = 16,
    min_buffer_range_alignment = 16
  }>
} {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  // CHECK: %[[IMMEDIATE:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK: %[[RODATA0:.+]] = util.buffer.constant {alignment = 16 : index} : !util.buffer = #composite_of_16b
  // CHECK: %[[DID_MAP0:.+]], %[[TRY_MAP0:.+]] = stream.resource.try_map %[[RODATA0]][%c0] : !util.buffer -> i1, !stream.resource<constant>{%c16}
  // CHECK: %[[IF0:.+]]:2 = scf.if %[[DID_MAP0]]
  // CHECK: stream.file.read await(%[[IMMEDIATE]])
  // CHECK: %[[RES0:.+]] = stream.resource.subview %[[IF0]]#1[%c0] : !stream.resource<constant>{%c16} -> !stream.resource<constant>{%c4}
  // CHECK: %[[RODATA1:.+]] = util.buffer.constant {alignment = 16 : index} : !util.buffer = #composite_of_16b1
  // CHECK: %[[DID_MAP1:.+]], %[[TRY_MAP1:.+]] = stream.resource.try_map %[[RODATA1]][%c0] : !util.buffer -> i1, !stream.resource<constant>{%c16}
  // CHECK: %[[IF1:.+]]:2 = scf.if %[[DID_MAP1]]
  // CHECK-NEXT: scf.yield %[[IF0]]#0, %[[TRY_MAP1]]
  // CHECK: stream.file.read await(%[[IF0]]#0)
  // CHECK: %[[RES1:.+]] = stream.resource.subview %[[IF1]]#1[%c0] : !stream.resource<constant>{%c16} -> !stream.resource<constant>{%c8}
  %0:3 = stream.resource.constants :
    !stream.resource<constant>{%c4} = dense<100> : tensor<1xi32>,
    !stream.resource<constant>{%c8} = dense<[101, 102]> : tensor<2xi32>
    => !stream.timepoint
  // CHECK: util.return %[[RES0]], %[[RES1]], %[[IF1]]#0
  util.return %0#0, %0#1, %0#2 : !stream.resource<constant>, !stream.resource<constant>, !stream.timepoint
}

// -----

// PC4: a value larger than the maximum allocation size still gets a bucket of
// its own (with a warning); no empty leading bucket is uploaded.

// CHECK-NOT: #composite_of_0b
// CHECK: #composite_of_16b = #util.composite<16xi8, [
// CHECK-NEXT:     dense<2> : tensor<1xi32>,
// CHECK-NEXT:     dense<0> : vector<12xi8>,
// CHECK-NEXT: ]>
// CHECK: #composite_of_32b = #util.composite<32xi8, [
// CHECK-NEXT:     dense<1> : tensor<8xi32>,
// CHECK-NEXT: ]>

// CHECK-LABEL: @oversizeConstant
util.func public @oversizeConstant() -> (!stream.resource<variable>, !stream.resource<variable>, !stream.timepoint) attributes {
  stream.resources = #stream.resource_config<{
    max_allocation_size = 16,
    min_buffer_offset_alignment = 16,
    max_buffer_range = 16,
    min_buffer_range_alignment = 16
  }>
} {
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  // CHECK: util.buffer.constant {alignment = 16 : index} : !util.buffer = #composite_of_32b
  // CHECK: %[[READ0:.+]] = stream.file.read
  // CHECK: util.buffer.constant {alignment = 16 : index} : !util.buffer = #composite_of_16b
  // CHECK: stream.file.read await(%[[READ0]])
  // CHECK-NOT: stream.file.read
  // expected-warning @+1 {{constant of 32 bytes exceeds max_allocation_size 16}}
  %0:3 = stream.resource.constants :
    !stream.resource<variable>{%c32} = dense<1> : tensor<8xi32>,
    !stream.resource<variable>{%c4} = dense<2> : tensor<1xi32>
    => !stream.timepoint
  util.return %0#0, %0#1, %0#2 : !stream.resource<variable>, !stream.resource<variable>, !stream.timepoint
}

// -----

// The constants' affinity is carried to every op that uploads them.

// CHECK-LABEL: @affinityPropagation
util.func public @affinityPropagation() -> (!stream.resource<variable>, !stream.resource<variable>, !stream.timepoint) {
  %c4 = arith.constant 4 : index
  // CHECK: util.buffer.constant {alignment = 64 : index}
  // CHECK: stream.resource.alloc uninitialized on(#hal.device.affinity<@device>)
  // CHECK: stream.file.constant on(#hal.device.affinity<@device>)
  // CHECK: stream.file.read on(#hal.device.affinity<@device>)
  // CHECK: stream.resource.subview %{{.+}}[%c64]
  %0:3 = stream.resource.constants on(#hal.device.affinity<@device>) :
    !stream.resource<variable>{%c4} = dense<1> : tensor<1xi32>,
    !stream.resource<variable>{%c4} = dense<2> : tensor<1xi32>
    => !stream.timepoint
  util.return %0#0, %0#1, %0#2 : !stream.resource<variable>, !stream.resource<variable>, !stream.timepoint
}
