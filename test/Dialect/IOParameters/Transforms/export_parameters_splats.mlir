// REQUIRES: sluice-opt, sluice-params
// RUN: rm -rf %t && mkdir -p %t

// Sub-byte splat patterns are one packed physical word; mutable sub-byte
// splats are exactly their packed storage size (io-parameters.md §13 #10).
// Data is little-endian.
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-export-parameters{path=p=%t/splat.irpa})" %s | FileCheck %s --check-prefix=SPLAT
// RUN: sluice-params dump --parameters=%t/splat.irpa --extract=i4=%t/i4.bin --extract=i2=%t/i2.bin --extract=i3=%t/i3.bin --extract=i1=%t/i1.bin --extract=mutable_i4=%t/mutable_i4.bin --extract=i16=%t/i16.bin --extract=data_i32=%t/data_i32.bin | FileCheck %s --check-prefix=SPLATDUMP
// RUN: od -v -A n -t x1 %t/i4.bin | FileCheck %s --check-prefix=I4
// RUN: od -v -A n -t x1 %t/i2.bin | FileCheck %s --check-prefix=I2
// RUN: od -v -A n -t x1 %t/i3.bin | FileCheck %s --check-prefix=I3
// RUN: od -v -A n -t x1 %t/i1.bin | FileCheck %s --check-prefix=I1
// RUN: od -v -A n -t x1 %t/mutable_i4.bin | FileCheck %s --check-prefix=MI4
// RUN: od -v -A n -t x1 %t/i16.bin | FileCheck %s --check-prefix=I16
// RUN: od -v -A n -t x1 %t/data_i32.bin | FileCheck %s --check-prefix=DATA
// SPLAT: @i4 = #flow.parameter.named<"p"::"i4"> : tensor<4xi4>
// SPLAT: @mutable_i4 = #flow.parameter.named<"p"::"mutable_i4"> : tensor<5xi4>
// SPLATDUMP: - | - | 2 | `i4`
// SPLATDUMP: - | - | 1 | `i2`
// SPLATDUMP: - | - | 2 | `i3`
// SPLATDUMP: - | - | 3 | `i1`
// SPLATDUMP: | 3 | `mutable_i4`
// SPLATDUMP: - | - | 6 | `i16`
// SPLATDUMP: | 8 | `data_i32`
// I4: 55 55
// I2: 55
// I3: 2d 2d
// I1: 01 01 01
// MI4: 55 55 55
// I16: 34 12 34 12 34 12
// DATA: 78 56 34 12 01 00 00 00
module @splats {
  util.global private @i4 = dense<5> : tensor<4xi4>
  util.global private @i2 = dense<1> : tensor<3xi2>
  util.global private @i3 = dense<5> : tensor<3xi3>
  util.global private @i1 = dense<true> : tensor<3xi1>
  util.global private mutable @mutable_i4 = dense<5> : tensor<5xi4>
  util.global private @i16 = dense<0x1234> : tensor<3xi16>
  util.global private @data_i32 = dense<[0x12345678, 1]> : tensor<2xi32>
}
