// REQUIRES: sluice-opt
// Export followed by import gives back the original IR for every importable
// type (8/16/32/64-bit int and float elements, splats, mutable globals), and
// leaves non-tensor and non-serializable globals alone.

// RUN: rm -f %t.irpa
// RUN: sluice-opt %s > %t.original.mlir
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-export-parameters{path=s=%t.irpa})" %s > %t.exported.mlir
// RUN: FileCheck %s --check-prefix=EXPORTED < %t.exported.mlir
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-import-parameters{paths=s=%t.irpa})" %t.exported.mlir > %t.imported.mlir
// RUN: diff %t.original.mlir %t.imported.mlir

// EXPORTED-NOT: dense<

module @round_trip {
  util.global private @i8 = dense<[-1, 2, 127]> : tensor<3xi8>
  util.global private @ui16 = dense<[65535, 2]> : tensor<2xui16>
  util.global private @si32 = dense<[-5, 6]> : tensor<2xsi32>
  util.global private @i64 = dense<[9223372036854775807, -9223372036854775808]> : tensor<2xi64>
  util.global private @f16 = dense<[1.5, -2.0]> : tensor<2xf16>
  util.global private @bf16 = dense<[1.5, -2.0]> : tensor<2xbf16>
  util.global private @f32 = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  util.global private @f64 = dense<[3.25, -0.5]> : tensor<2xf64>
  util.global private @splat_f32 = dense<4.0> : tensor<4x4xf32>
  util.global private @splat_i64 = dense<-3> : tensor<3xi64>
  util.global private mutable @mutable_splat_i16 = dense<7> : tensor<5xi16>
  util.global private mutable @mutable_f32 = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  util.global private @scalar_tensor = dense<42> : tensor<i32>
  util.global private @empty = dense<> : tensor<0xf32>
  util.global private @uninitialized : tensor<4xf32>
  util.global private @string = "abc" : !util.buffer
  util.global private @index = 5 : index
}
