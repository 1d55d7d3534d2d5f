// RUN: sluice-opt --split-input-file --canonicalize='test-convergence=true' %s | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @alloca_unused(
// CHECK-NEXT: util.return
// CHECK-NEXT: }
util.func public @alloca_unused(%n: index) {
  %0 = stream.async.alloca : !stream.resource<transient>{%n}
  util.return
}

// -----

// CHECK-LABEL: util.func public @sink_splat(
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : index
// CHECK-NEXT: %1 = scf.if %arg2 -> (!stream.resource<*>) {
// CHECK-NEXT: %2 = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg0}
// CHECK-NEXT: scf.yield %2 : !stream.resource<*>
// CHECK-NEXT: } else {
// CHECK-NEXT: %2 = stream.async.alloca : !stream.resource<*>{%0}
// CHECK-NEXT: scf.yield %2 : !stream.resource<*>
// CHECK-NEXT: }
// CHECK-NEXT: util.return %1 : !stream.resource<*>
// CHECK-NEXT: }
util.func public @sink_splat(%n: index, %v: i32, %cond: i1) -> !stream.resource<*> {
  %0 = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  %c = arith.addi %n, %n : index
  %r = scf.if %cond -> !stream.resource<*> {
    scf.yield %0 : !stream.resource<*>
  } else {
    %1 = stream.async.alloca : !stream.resource<*>{%c}
    scf.yield %1 : !stream.resource<*>
  }
  util.return %r : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @splat_constant(
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %cst = stream.async.constant : !stream.resource<*>{%arg0} = dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT: %cst_0 = stream.async.constant : !stream.resource<*>{%arg0} = dense<1.000000e+00> : tensor<2xf32>
// CHECK-NEXT: %0 = stream.async.splat await(%arg1) %c5_i32 : i32 -> !stream.resource<transient>{%arg0}
// CHECK-NEXT: util.return %0, %cst, %cst_0 : !stream.resource<transient>, !stream.resource<*>, !stream.resource<*>
// CHECK-NEXT: }
util.func public @splat_constant(%n: index, %w: !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<*>, !stream.resource<*>) {
  %0 = stream.async.constant await(%w) : !stream.resource<transient>{%n} = dense<5> : tensor<8xi32>
  %1 = stream.async.constant : !stream.resource<*>{%n} = dense<[1, 2]> : tensor<2xi32>
  %2 = stream.async.constant : !stream.resource<*>{%n} = dense<1.0> : tensor<2xf32>
  util.return %0, %1, %2 : !stream.resource<transient>, !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @narrow_splat(
// CHECK-NEXT: %c-85_i8 = arith.constant -85 : i8
// CHECK-NEXT: %0 = stream.async.splat %c-85_i8 : i8 -> !stream.resource<*>{%arg0}
// CHECK-NEXT: util.return %0 : !stream.resource<*>
// CHECK-NEXT: }
util.func public @narrow_splat(%n: index) -> !stream.resource<*> {
  %p = arith.constant 0xABABABAB : i32
  %0 = stream.async.splat %p : i32 -> !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @clone_propagate(
// CHECK-NEXT: %0 = stream.async.splat %arg1 : i32 -> !stream.resource<variable>{%arg0}
// CHECK-NEXT: util.return %0 : !stream.resource<variable>
// CHECK-NEXT: }
util.func public @clone_propagate(%n: index, %v: i32) -> !stream.resource<variable> {
  %s = stream.async.splat %v : i32 -> !stream.resource<transient>{%n}
  %c = stream.async.clone %s : !stream.resource<transient>{%n} -> !stream.resource<variable>{%n}
  util.return %c : !stream.resource<variable>
}

// -----

// CHECK-LABEL: util.func public @clone_keep(
// CHECK-NEXT: %0 = stream.async.clone %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<variable>{%arg1}
// CHECK-NEXT: util.return %0 : !stream.resource<variable>
// CHECK-NEXT: }
util.func public @clone_keep(%a: !stream.resource<*>, %n: index) -> !stream.resource<variable> {
  %c = stream.async.clone %a : !stream.resource<*>{%n} -> !stream.resource<variable>{%n}
  util.return %c : !stream.resource<variable>
}

// -----

// CHECK-LABEL: util.func public @slice_fold(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = stream.async.slice %arg0[%c0 to %arg2] : !stream.resource<*>{%arg1} -> !stream.resource<*>{%arg2}
// CHECK-NEXT: util.return %arg0, %0 : !stream.resource<*>, !stream.resource<*>
// CHECK-NEXT: }
util.func public @slice_fold(%a: !stream.resource<*>, %n: index, %m: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %0 = stream.async.slice %a[%c0 to %n] : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
  %1 = stream.async.slice %a[%c0 to %m] : !stream.resource<*>{%n} -> !stream.resource<*>{%m}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @splat_through_slice(
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %0 = stream.async.splat await(%arg1) %arg0 : i32 -> !stream.resource<*>{%c64}
// CHECK-NEXT: util.return %0 : !stream.resource<*>
// CHECK-NEXT: }
util.func public @splat_through_slice(%v: i32, %w: !stream.timepoint) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %s = stream.async.splat await(%w) %v : i32 -> !stream.resource<*>{%c128}
  %0 = stream.async.slice %s[%c0 to %c64] : !stream.resource<*>{%c128} -> !stream.resource<*>{%c64}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @full_fill_to_splat(
// CHECK-NEXT: %0 = stream.async.splat %arg2 : i32 -> !stream.resource<*>{%arg0}
// CHECK-NEXT: util.return %0 : !stream.resource<*>
// CHECK-NEXT: }
util.func public @full_fill_to_splat(%n: index, %a: i32, %b: i32) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %t = stream.async.splat %a : i32 -> !stream.resource<*>{%n}
  %0 = stream.async.fill %b, %t[%c0 to %n for %n] : i32 -> %t as !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @full_fill_arg(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = stream.async.fill %arg2, %arg0[%c0 to %arg1 for %arg1] : i32 -> %arg0 as !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %0 : !stream.resource<*>
// CHECK-NEXT: }
util.func public @full_fill_arg(%t: !stream.resource<*>, %n: index, %b: i32) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %0 = stream.async.fill %b, %t[%c0 to %n for %n] : i32 -> %t as !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @redundant_fill(
// CHECK-NEXT: %0 = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg0}
// CHECK-NEXT: util.return %0 : !stream.resource<*>
// CHECK-NEXT: }
util.func public @redundant_fill(%n: index, %a: i32) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %t = stream.async.splat %a : i32 -> !stream.resource<*>{%n}
  %0 = stream.async.fill %a, %t[%c0 to %c4 for %c4] : i32 -> %t as !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @coalesce_fills(
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c12 = arith.constant 12 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %0 = stream.async.fill %arg2, %arg0[%c4 to %c12 for %c8] : i8 -> %arg0 as !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %0 : !stream.resource<*>
// CHECK-NEXT: }
util.func public @coalesce_fills(%r: !stream.resource<*>, %n: index, %z: i8) -> !stream.resource<*> {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %0 = stream.async.fill %z, %r[%c4 to %c8 for %c4] : i8 -> %r as !stream.resource<*>{%n}
  %1 = stream.async.fill %z, %0[%c8 to %c12 for %c4] : i8 -> %0 as !stream.resource<*>{%n}
  util.return %1 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @coalesce_fills_backward(
// CHECK-NEXT: %c12 = arith.constant 12 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %0 = stream.async.fill %arg2, %arg0[%c12 to %c12 for %c8] : i8 -> %arg0 as !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %0 : !stream.resource<*>
// CHECK-NEXT: }
util.func public @coalesce_fills_backward(%r: !stream.resource<*>, %n: index, %z: i8) -> !stream.resource<*> {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %0 = stream.async.fill %z, %r[%c8 to %c12 for %c4] : i8 -> %r as !stream.resource<*>{%n}
  %1 = stream.async.fill %z, %0[%c4 to %c8 for %c4] : i8 -> %0 as !stream.resource<*>{%n}
  util.return %1 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @coalesce_fills_no(
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c12 = arith.constant 12 : index
// CHECK-NEXT: %c16 = arith.constant 16 : index
// CHECK-NEXT: %0 = stream.async.fill %arg2, %arg0[%c4 to %c8 for %c4] : i8 -> %arg0 as !stream.resource<*>{%arg1}
// CHECK-NEXT: %1 = stream.async.fill %arg3, %0[%c8 to %c12 for %c4] : i8 -> %0 as !stream.resource<*>{%arg1}
// CHECK-NEXT: %2 = stream.async.fill %arg3, %1[%c16 to %c16 for %c4] : i8 -> %1 as !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %1, %2 : !stream.resource<*>, !stream.resource<*>
// CHECK-NEXT: }
util.func public @coalesce_fills_no(%r: !stream.resource<*>, %n: index, %z: i8, %y: i8) -> (!stream.resource<*>, !stream.resource<*>) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %0 = stream.async.fill %z, %r[%c4 to %c8 for %c4] : i8 -> %r as !stream.resource<*>{%n}
  %1 = stream.async.fill %y, %0[%c8 to %c12 for %c4] : i8 -> %0 as !stream.resource<*>{%n}
  %2 = stream.async.fill %y, %1[%c16 to %c16 for %c4] : i8 -> %1 as !stream.resource<*>{%n}
  util.return %1, %2 : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @update_fold(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = stream.async.update %arg0, %arg4[%c0 to %arg1] : !stream.resource<*>{%arg1} -> %arg4 as !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %arg0, %arg3, %0 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
// CHECK-NEXT: }
util.func public @update_fold(%x: !stream.resource<*>, %n: index, %v: i32, %a: !stream.resource<*>, %arg: !stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c = stream.async.clone %a : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
  %0 = stream.async.update %x, %c[%c0 to %n] : !stream.resource<*>{%n} -> %c as !stream.resource<*>{%n}
  %1 = stream.async.update %a, %a[%c0 to %n] : !stream.resource<*>{%n} -> %a as !stream.resource<*>{%n}
  %2 = stream.async.update %x, %arg[%c0 to %n] : !stream.resource<*>{%n} -> %arg as !stream.resource<*>{%n}
  util.return %0, %1, %2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @elide_in_place_update(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = stream.async.dispatch @ex::@fn(%arg0[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> %arg0{%arg1}
// CHECK-NEXT: %1 = stream.async.dispatch @ex::@g(%0[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
// CHECK-NEXT: }
util.func public @elide_in_place_update(%a: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %0 = stream.async.dispatch @ex::@fn(%a[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %a{%n}
  %1 = stream.async.update %0, %a[%c0 to %n] : !stream.resource<*>{%n} -> %a as !stream.resource<*>{%n}
  %2 = stream.async.dispatch @ex::@g(%0[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  util.return %1, %2 : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @keep_in_place_update(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = stream.async.dispatch @ex::@fn(%arg0[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> %arg0{%arg1}
// CHECK-NEXT: %1 = stream.async.update %0, %arg0[%c0 to %arg1] : !stream.resource<*>{%arg1} -> %arg0 as !stream.resource<*>{%arg1}
// CHECK-NEXT: %2 = stream.async.dispatch @ex::@g(%0[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> %0{%arg1}
// CHECK-NEXT: util.return %1, %2 : !stream.resource<*>, !stream.resource<*>
// CHECK-NEXT: }
util.func public @keep_in_place_update(%a: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %0 = stream.async.dispatch @ex::@fn(%a[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %a{%n}
  %1 = stream.async.update %0, %a[%c0 to %n] : !stream.resource<*>{%n} -> %a as !stream.resource<*>{%n}
  %2 = stream.async.dispatch @ex::@g(%0[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %0{%n}
  util.return %1, %2 : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @splat_update_to_fill(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c128 = arith.constant 128 : index
// CHECK-NEXT: %0 = stream.async.fill %arg2, %arg0[%c0 to %c128 for %c128] : i32 -> %arg0 as !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %0 : !stream.resource<*>
// CHECK-NEXT: }
util.func public @splat_update_to_fill(%d: !stream.resource<*>, %dn: index, %v: i32) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %s = stream.async.splat %v : i32 -> !stream.resource<*>{%c128}
  %0 = stream.async.update %s, %d[%c0 to %c128] : !stream.resource<*>{%c128} -> %d as !stream.resource<*>{%dn}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @slice_update_to_copy(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c16 = arith.constant 16 : index
// CHECK-NEXT: %c32 = arith.constant 32 : index
// CHECK-NEXT: %0 = stream.async.copy %arg0[%c16 to %c32], %arg2[%c0 to %c16], %c16 : !stream.resource<*>{%arg1} -> %arg2 as !stream.resource<*>{%arg3}
// CHECK-NEXT: util.return %0 : !stream.resource<*>
// CHECK-NEXT: }
util.func public @slice_update_to_copy(%src: !stream.resource<*>, %sn: index, %d: !stream.resource<*>, %dn: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %s = stream.async.slice %src[%c16 to %c32] : !stream.resource<*>{%sn} -> !stream.resource<*>{%c16}
  %0 = stream.async.update %s, %d[%c0 to %c16] : !stream.resource<*>{%c16} -> %d as !stream.resource<*>{%dn}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @copy_to_update(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c16 = arith.constant 16 : index
// CHECK-NEXT: %0 = stream.async.update %arg0, %arg2[%c0 to %arg1] : !stream.resource<*>{%arg1} -> %arg2 as !stream.resource<*>{%arg3}
// CHECK-NEXT: %1 = stream.async.copy %arg0[%c16 to %arg1], %arg2[%c0 to %c8], %c8 : !stream.resource<*>{%arg1} -> %arg2 as !stream.resource<*>{%arg3}
// CHECK-NEXT: util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
// CHECK-NEXT: }
util.func public @copy_to_update(%s: !stream.resource<*>, %ns: index, %t: !stream.resource<*>, %nt: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %0 = stream.async.copy %s[%c0 to %ns], %t[%c0 to %ns], %ns : !stream.resource<*>{%ns} -> %t as !stream.resource<*>{%nt}
  %1 = stream.async.copy %s[%c16 to %ns], %t[%c0 to %c8], %c8 : !stream.resource<*>{%ns} -> %t as !stream.resource<*>{%nt}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @transfer_round_trip(
// CHECK-NEXT: util.return %arg0 : !stream.resource<transient>
// CHECK-NEXT: }
util.func public @transfer_round_trip(%x: !stream.resource<transient>, %n: index) -> !stream.resource<transient> {
  %0 = stream.async.transfer %x : !stream.resource<transient>{%n} -> !stream.resource<staging>{%n}
  %1 = stream.async.transfer %0 : !stream.resource<staging>{%n} -> !stream.resource<transient>{%n}
  util.return %1 : !stream.resource<transient>
}

// -----

// CHECK-LABEL: util.func public @transfer_to_clone(
// CHECK-NEXT: %0 = stream.async.clone %arg0 : !stream.resource<constant>{%arg1} -> !stream.resource<external>{%arg1}
// CHECK-NEXT: %1 = stream.async.transfer %arg0 : !stream.resource<constant>{%arg1} -> !stream.resource<staging>{%arg1}
// CHECK-NEXT: %2 = stream.async.transfer %arg0 : !stream.resource<constant>{%arg1} from(#hal.device.affinity<@a>) -> to(#hal.device.affinity<@b>) !stream.resource<external>{%arg1}
// CHECK-NEXT: util.return %0, %1, %2 : !stream.resource<external>, !stream.resource<staging>, !stream.resource<external>
// CHECK-NEXT: }
util.func public @transfer_to_clone(%x: !stream.resource<constant>, %n: index) -> (!stream.resource<external>, !stream.resource<staging>, !stream.resource<external>) {
  %0 = stream.async.transfer %x : !stream.resource<constant>{%n} -> !stream.resource<external>{%n}
  %1 = stream.async.transfer %x : !stream.resource<constant>{%n} -> !stream.resource<staging>{%n}
  %2 = stream.async.transfer %x : !stream.resource<constant>{%n} from(#hal.device.affinity<@a>) -> to(#hal.device.affinity<@b>) !stream.resource<external>{%n}
  util.return %0, %1, %2 : !stream.resource<external>, !stream.resource<staging>, !stream.resource<external>
}

// -----

// CHECK-LABEL: util.func public @intermediate_transfer(
// CHECK-NEXT: %0 = stream.async.clone %arg0 : !stream.resource<constant>{%arg1} -> !stream.resource<external>{%arg1}
// CHECK-NEXT: util.return %0 : !stream.resource<external>
// CHECK-NEXT: }
util.func public @intermediate_transfer(%src: !stream.resource<constant>, %n: index) -> !stream.resource<external> {
  %0 = stream.async.transfer %src : !stream.resource<constant>{%n} -> !stream.resource<staging>{%n}
  %1 = stream.async.transfer %0 : !stream.resource<staging>{%n} -> !stream.resource<external>{%n}
  util.return %1 : !stream.resource<external>
}

// -----

// CHECK-LABEL: util.func public @intermediate_transfer_affinity(
// CHECK-NEXT: %0 = stream.async.transfer on(#hal.device.affinity<@a>) %arg0 : !stream.resource<transient>{%arg1} from(#hal.device.affinity<@b>) -> to(#hal.device.affinity<@a>) !stream.resource<external>{%arg1}
// CHECK-NEXT: util.return %0 : !stream.resource<external>
// CHECK-NEXT: }
util.func public @intermediate_transfer_affinity(%src: !stream.resource<transient>, %n: index) -> !stream.resource<external> {
  %0 = stream.async.transfer %src : !stream.resource<transient>{%n} from(#hal.device.affinity<@b>) -> to(#hal.device.affinity<@a>) !stream.resource<staging>{%n}
  %1 = stream.async.transfer on(#hal.device.affinity<@a>) %0 : !stream.resource<staging>{%n} from(#hal.device.affinity<@a>) -> to(#hal.device.affinity<@a>) !stream.resource<external>{%n}
  util.return %1 : !stream.resource<external>
}

// -----

// CHECK-LABEL: util.func public @cast_fold(
// CHECK-NEXT: %0 = stream.async.cast %arg0 : !stream.resource<external>{%arg1} -> !stream.resource<transient>{%arg1}
// CHECK-NEXT: util.return %arg0, %arg0, %0 : !stream.resource<external>, !stream.resource<external>, !stream.resource<transient>
// CHECK-NEXT: }
util.func public @cast_fold(%v: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<transient>) {
  %0 = stream.async.cast %v : !stream.resource<external>{%n} -> !stream.resource<external>{%n}
  %1 = stream.async.cast %v : !stream.resource<external>{%n} -> !stream.resource<*>{%n}
  %2 = stream.async.cast %1 : !stream.resource<*>{%n} -> !stream.resource<external>{%n}
  %3 = stream.async.cast %1 : !stream.resource<*>{%n} -> !stream.resource<transient>{%n}
  util.return %0, %2, %3 : !stream.resource<external>, !stream.resource<external>, !stream.resource<transient>
}

// -----

// CHECK-LABEL: util.func public @load_bitcast(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %0 = stream.async.load %arg0[%c0] : !stream.resource<staging>{%arg1} -> f32
// CHECK-NEXT: %1 = stream.async.load %arg0[%c4] : !stream.resource<staging>{%arg1} -> i32
// CHECK-NEXT: util.return %0, %1, %1 : f32, i32, i32
// CHECK-NEXT: }
util.func public @load_bitcast(%r: !stream.resource<staging>, %n: index) -> (f32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %v = stream.async.load %r[%c0] : !stream.resource<staging>{%n} -> i32
  %f = arith.bitcast %v : i32 to f32
  %w = stream.async.load %r[%c4] : !stream.resource<staging>{%n} -> i32
  %g = arith.bitcast %w : i32 to f32
  util.return %f, %w, %w : f32, i32, i32
}

// -----

// CHECK-LABEL: util.func public @clone_into_load(
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = arith.addi %arg2, %c4 : index
// CHECK-NEXT: %1 = stream.async.slice %arg0[%arg2 to %0] : !stream.resource<external>{%arg1} -> !stream.resource<external>{%c4}
// CHECK-NEXT: %2 = stream.async.transfer %1 : !stream.resource<external>{%c4} -> !stream.resource<staging>{%c4}
// CHECK-NEXT: %3 = stream.async.load %2[%c0] : !stream.resource<staging>{%c4} -> f32
// CHECK-NEXT: util.return %3 : f32
// CHECK-NEXT: }
util.func public @clone_into_load(%x: !stream.resource<external>, %n: index, %off: index) -> f32 {
  %c = stream.async.clone %x : !stream.resource<external>{%n} -> !stream.resource<*>{%n}
  %t = stream.async.transfer %c : !stream.resource<*>{%n} -> !stream.resource<staging>{%n}
  %v = stream.async.load %t[%off] : !stream.resource<staging>{%n} -> f32
  util.return %v : f32
}

// -----

// CHECK-LABEL: util.func public @store_bitcast(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = stream.async.store %arg2, %arg0[%c0] : f32 -> %arg0 as !stream.resource<staging>{%arg1}
// CHECK-NEXT: util.return %0 : !stream.resource<staging>
// CHECK-NEXT: }
util.func public @store_bitcast(%r: !stream.resource<staging>, %n: index, %f: f32) -> !stream.resource<staging> {
  %c0 = arith.constant 0 : index
  %i = arith.bitcast %f : f32 to i32
  %0 = stream.async.store %i, %r[%c0] : i32 -> %r as !stream.resource<staging>{%n}
  util.return %0 : !stream.resource<staging>
}

// -----

// CHECK-LABEL: util.func public @dispatch_dedup(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = stream.async.dispatch {@ex::@a, @ex::@b}(%arg0[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %0 : !stream.resource<*>
// CHECK-NEXT: }
util.func public @dispatch_dedup(%a: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %0 = stream.async.dispatch {@ex::@a, @ex::@b, @ex::@a}(%a[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  %1 = stream.async.dispatch @ex::@unused(%a[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @execute_immediate_await(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1} {
// CHECK-NEXT: %0 = stream.async.dispatch @ex::@fn(%arg2[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1}
// CHECK-NEXT: stream.yield %0 : !stream.resource<*>{%arg1}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: util.return %results, %result_timepoint : !stream.resource<*>, !stream.timepoint
// CHECK-NEXT: }
util.func public @execute_immediate_await(%a: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %imm = stream.timepoint.immediate => !stream.timepoint
  %r, %t = stream.async.execute await(%imm) => with(%a as %x: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {
    %d = stream.async.dispatch @ex::@fn(%x[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
    stream.yield %d : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @execute_chain_awaits(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %results, %result_timepoint = stream.async.execute await(%arg2) => with(%arg0 as %arg3: !stream.resource<transient>{%arg1}) -> %arg0{%arg1} {
// CHECK-NEXT: %0 = stream.async.dispatch @ex::@fn(%arg3[%c0 to %arg1 for %arg1]) : (!stream.resource<transient>{%arg1}) -> %arg3{%arg1}
// CHECK-NEXT: stream.yield %0 : !stream.resource<transient>{%arg1}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: util.return %results, %result_timepoint : !stream.resource<transient>, !stream.timepoint
// CHECK-NEXT: }
util.func public @execute_chain_awaits(%res: !stream.resource<transient>, %n: index, %t0: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %ready = stream.timepoint.await %t0 => %res : !stream.resource<transient>{%n}
  %r, %t = stream.async.execute with(%ready as %x: !stream.resource<transient>{%n}) -> %ready{%n} {
    %d = stream.async.dispatch @ex::@fn(%x[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> %x{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<transient>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @execute_subview(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c128 = arith.constant 128 : index
// CHECK-NEXT: %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<*>{%arg1}) -> %arg0{%c128} {
// CHECK-NEXT: %0 = stream.resource.subview %arg2[%c0] : !stream.resource<*>{%arg1} -> !stream.resource<*>{%c128}
// CHECK-NEXT: %1 = stream.async.dispatch @ex::@f(%0[%c0 to %c128 for %c128]) : (!stream.resource<*>{%c128}) -> %0{%c128}
// CHECK-NEXT: stream.yield %1 : !stream.resource<*>{%c128}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: util.return %results, %result_timepoint : !stream.resource<*>, !stream.timepoint
// CHECK-NEXT: }
util.func public @execute_subview(%r: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %v = stream.resource.subview %r[%c0] : !stream.resource<*>{%n} -> !stream.resource<*>{%c128}
  %o, %t = stream.async.execute with(%v as %a: !stream.resource<*>{%c128}) -> %v{%c128} {
    %d = stream.async.dispatch @ex::@f(%a[%c0 to %c128 for %c128]) : (!stream.resource<*>{%c128}) -> %a{%c128}
    stream.yield %d : !stream.resource<*>{%c128}
  } => !stream.timepoint
  util.return %o, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @execute_noop(
// CHECK-NEXT: %0 = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: util.return %arg0, %0 : !stream.resource<*>, !stream.timepoint
// CHECK-NEXT: }
util.func public @execute_noop(%x: !stream.resource<*>, %n: index, %w: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %r, %t = stream.async.execute await(%w) => with(%x as %a: !stream.resource<*>{%n}) -> %x{%n} {
    stream.yield %a : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @execute_closure(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %results:2, %result_timepoint = stream.async.execute with(%arg0 as %arg4: !stream.resource<*>{%arg1}) -> (!stream.resource<*>{%arg2}, %arg0{%arg1}) {
// CHECK-NEXT: %0 = stream.async.dispatch @ex::@f(%arg4[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg2}
// CHECK-NEXT: %1 = stream.async.fill %arg3, %arg4[%c0 to %c4 for %c4] : i32 -> %arg4 as !stream.resource<*>{%arg1}
// CHECK-NEXT: stream.yield %0, %1 : !stream.resource<*>{%arg2}, !stream.resource<*>{%arg1}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: util.return %results#0, %results#1, %results#0, %result_timepoint : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.timepoint
// CHECK-NEXT: }
util.func public @execute_closure(%a: !stream.resource<*>, %n: index, %m: index, %v: i32) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r:3, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}, %a as %y: !stream.resource<*>{%n})
      -> (!stream.resource<*>{%m}, !stream.resource<*>{%n}, !stream.resource<*>{%m}) {
    %d = stream.async.dispatch @ex::@f(%x[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%m}
    %f = stream.async.fill %v, %y[%c0 to %c4 for %c4] : i32 -> %y as !stream.resource<*>{%n}
    stream.yield %d, %f, %d : !stream.resource<*>{%m}, !stream.resource<*>{%n}, !stream.resource<*>{%m}
  } => !stream.timepoint
  util.return %r#0, %r#1, %r#2, %t : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @execute_unused(
// CHECK-NEXT: util.return
// CHECK-NEXT: }
util.func public @execute_unused(%a: !stream.resource<*>, %n: index) {
  %c0 = arith.constant 0 : index
  %r, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {
    %d = stream.async.dispatch @ex::@fn(%x[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
    stream.yield %d : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return
}

// -----

// CHECK-LABEL: util.func public @concurrent_tie_and_elide(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %results, %result_timepoint = stream.async.execute with(%arg0 as %arg3: !stream.resource<*>{%arg1}) -> %arg0{%arg1} {
// CHECK-NEXT: %0 = stream.async.concurrent with(%arg3 as %arg4: !stream.resource<*>{%arg1}) -> %arg3{%arg1} {
// CHECK-NEXT: %1 = stream.async.dispatch @ex::@fn(%arg4[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> %arg4{%arg1}
// CHECK-NEXT: stream.yield %1 : !stream.resource<*>{%arg1}
// CHECK-NEXT: }
// CHECK-NEXT: stream.yield %0 : !stream.resource<*>{%arg1}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: util.return %results, %result_timepoint : !stream.resource<*>, !stream.timepoint
// CHECK-NEXT: }
util.func public @concurrent_tie_and_elide(%a: !stream.resource<*>, %n: index, %b: !stream.resource<*>) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %r, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}, %b as %y: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {
    %c = stream.async.concurrent with(%x as %x2: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {
      %d = stream.async.dispatch @ex::@fn(%x2[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %x2{%n}
      stream.yield %d : !stream.resource<*>{%n}
    }
    %u = stream.async.concurrent with(%y as %y2: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {
      %e = stream.async.dispatch @ex::@fn(%y2[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %y2{%n}
      stream.yield %e : !stream.resource<*>{%n}
    }
    stream.yield %c : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// A splat used by the op right after it is not moved; an alloca with several
// users in its block sinks to the earliest one.
// CHECK-LABEL: util.func public @sink_stable(
// CHECK: %[[S:.+]] = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg0}
// CHECK-NEXT: %[[C:.+]] = stream.async.dispatch @ex::@fn(%[[S]]
// CHECK-NEXT: %[[ADD:.+]] = arith.addi
// CHECK-NEXT: %[[A:.+]] = stream.async.alloca : !stream.resource<*>{%arg0}
// CHECK-NEXT: %[[F:.+]] = stream.async.fill %arg1, %[[A]]
// CHECK-NEXT: %[[G:.+]] = stream.async.fill %arg1, %[[A]]
util.func public @sink_stable(%n: index, %v: i32, %ext: !stream.resource<external>) -> (!stream.resource<external>, !stream.resource<*>, !stream.resource<*>, index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %a = stream.async.alloca : !stream.resource<*>{%n}
  %s = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  %c = stream.async.dispatch @ex::@fn(%s[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<external>{%n}
  %add = arith.addi %n, %n : index
  %f = stream.async.fill %v, %a[%c0 to %c4 for %c4] : i32 -> %a as !stream.resource<*>{%n}
  %g = stream.async.fill %v, %a[%c4 to %c8 for %c4] : i32 -> %a as !stream.resource<*>{%n}
  util.return %c, %f, %g, %add : !stream.resource<external>, !stream.resource<*>, !stream.resource<*>, index
}

// -----

// Unused collectives are erased; unused barriers and calls are not (no
// patterns registered, not pure).
stream.async.func private @ext(%arg0: !stream.resource<*>) -> %arg0
// CHECK-LABEL: util.func public @unused_collective_barrier_call(
// CHECK-NOT: stream.async.collective
// CHECK: stream.async.barrier %arg0 : !stream.resource<*>{%arg1}
// CHECK-NEXT: stream.async.call @ext(%arg0[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> %arg0{%arg1}
// CHECK-NEXT: util.return
util.func public @unused_collective_barrier_call(%in: !stream.resource<*>, %n: index, %ch: !stream.channel) {
  %c0 = arith.constant 0 : index
  %0 = stream.async.collective<all_gather : f32>[%n] channel(%ch) %in[%c0 to %n for %n], %in[%c0 to %n for %n] : !stream.resource<*>{%n} -> %in as !stream.resource<*>{%n}
  %1 = stream.async.barrier %in : !stream.resource<*>{%n}
  %2 = stream.async.call @ext(%in[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %in{%n}
  util.return
}

// -----

// A concurrent with no results and a capture it does not use is erased by
// the closure optimization; one whose result is used keeps its body.
// CHECK-LABEL: util.func public @concurrent_no_results(
// CHECK: stream.async.execute with(%arg0 as %[[X:.+]]: !stream.resource<*>{%arg1}) -> %arg0{%arg1} {
// CHECK-NOT: stream.async.concurrent
// CHECK-NEXT: %[[D:.+]] = stream.async.dispatch @ex::@fn(%[[X]]
// CHECK-NEXT: stream.yield %[[D]] : !stream.resource<*>{%arg1}
util.func public @concurrent_no_results(%a: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %r, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}) -> %a{%n} {
    stream.async.concurrent with(%x as %x2: !stream.resource<*>{%n}) {
      stream.yield
    }
    %d = stream.async.dispatch @ex::@fn(%x[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %x{%n}
    stream.yield %d : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @coalesce_golden(
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c16 = arith.constant 16 : index
// CHECK-NEXT: %c20 = arith.constant 20 : index
// CHECK-NEXT: %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT: %c1_i8 = arith.constant 1 : i8
// CHECK-NEXT: %c12 = arith.constant 12 : index
// CHECK-NEXT: %0 = stream.async.fill %c0_i8, %arg0[%c4 to %c16 for %c12] : i8 -> %arg0 as !stream.resource<*>{%arg1}
// CHECK-NEXT: %1 = stream.async.fill %c1_i8, %0[%c16 to %c20 for %c4] : i8 -> %0 as !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %1 : !stream.resource<*>
// CHECK-NEXT: }
util.func public @coalesce_golden(%r: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %c20 = arith.constant 20 : index
  %z8 = arith.constant 0 : i8
  %z32 = arith.constant 0 : i32
  %o8 = arith.constant 1 : i8
  %0 = stream.async.fill %z8, %r[%c4 to %c8 for %c4] : i8 -> %r as !stream.resource<*>{%n}
  %1 = stream.async.fill %z32, %0[%c8 to %c12 for %c4] : i32 -> %0 as !stream.resource<*>{%n}
  %2 = stream.async.fill %z8, %1[%c12 to %c16 for %c4] : i8 -> %1 as !stream.resource<*>{%n}
  %3 = stream.async.fill %o8, %2[%c16 to %c20 for %c4] : i8 -> %2 as !stream.resource<*>{%n}
  util.return %3 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @fill_splat_pattern(
// CHECK-NEXT: %c-51_i8 = arith.constant -51 : i8
// CHECK-NEXT: %0 = stream.async.splat %c-51_i8 : i8 -> !stream.resource<*>{%arg0}
// CHECK-NEXT: util.return %0 : !stream.resource<*>
// CHECK-NEXT: }
util.func public @fill_splat_pattern(%n: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = arith.constant 0xCDCDCDCD : i32
  %b = arith.constant 0xCDCD : i16
  %s = stream.async.splat %a : i32 -> !stream.resource<*>{%n}
  %f = stream.async.fill %b, %s[%c0 to %c4 for %c4] : i16 -> %s as !stream.resource<*>{%n}
  util.return %f : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @dup_results_tied(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %results:2, %result_timepoint = stream.async.execute with(%arg0 as %arg3: !stream.resource<*>{%arg1}) -> (%arg0{%arg1}, !stream.resource<*>{%arg1}) {
// CHECK-NEXT: %0 = stream.async.fill %arg2, %arg3[%c0 to %c4 for %c4] : i32 -> %arg3 as !stream.resource<*>{%arg1}
// CHECK-NEXT: %1 = stream.async.dispatch @ex::@f(%arg3[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1}
// CHECK-NEXT: stream.yield %0, %1 : !stream.resource<*>{%arg1}, !stream.resource<*>{%arg1}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: util.return %results#0, %results#1, %results#0, %result_timepoint : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.timepoint
// CHECK-NEXT: }
util.func public @dup_results_tied(%a: !stream.resource<*>, %n: index, %v: i32) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r:3, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}) -> (%a{%n}, !stream.resource<*>{%n}, %a{%n}) {
    %f = stream.async.fill %v, %x[%c0 to %c4 for %c4] : i32 -> %x as !stream.resource<*>{%n}
    %d = stream.async.dispatch @ex::@f(%x[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
    stream.yield %f, %d, %f : !stream.resource<*>{%n}, !stream.resource<*>{%n}, !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %r#0, %r#1, %r#2, %t : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.timepoint
}

// -----

// Uses in two blocks: the splat sinks to just before the terminator of their
// nearest common dominator.
// CHECK-LABEL: util.func public @sink_common_dominator(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: cf.cond_br %arg2, ^bb1, ^bb4
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %[[X:.+]] = arith.addi %arg0, %arg0 : index
// CHECK-NEXT: %[[S:.+]] = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg0}
// CHECK-NEXT: cf.cond_br %arg3, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: stream.async.dispatch @ex::@a(%[[S]]
// CHECK: ^bb3:
// CHECK-NEXT: stream.async.dispatch @ex::@b(%[[S]]
util.func public @sink_common_dominator(%n: index, %v: i32, %c: i1, %d: i1, %o: !stream.resource<*>) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %s = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  cf.cond_br %c, ^bb1, ^bb4
^bb1:
  %x = arith.addi %n, %n : index
  cf.cond_br %d, ^bb2, ^bb3
^bb2:
  %a = stream.async.dispatch @ex::@a(%s[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%x}
  util.return %a : !stream.resource<*>
^bb3:
  %b = stream.async.dispatch @ex::@b(%s[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%x}
  util.return %b : !stream.resource<*>
^bb4:
  util.return %o : !stream.resource<*>
}

// -----

// Two adjacent splats right before the branch that uses them stay put.
// CHECK-LABEL: util.func public @sink_stable_cond_br(
// CHECK-NEXT: %[[A:.+]] = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg0}
// CHECK-NEXT: %[[B:.+]] = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg0}
// CHECK-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
util.func public @sink_stable_cond_br(%n: index, %v: i32, %c: i1) -> (!stream.resource<*>, !stream.resource<*>) {
  %a = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  %b = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  util.return %a, %b : !stream.resource<*>, !stream.resource<*>
^bb2:
  util.return %b, %a : !stream.resource<*>, !stream.resource<*>
}
