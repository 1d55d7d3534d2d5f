// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-pack-dispatch-operands %s | FileCheck %s

// stream-passes-2.md §12.4.

// i1: extui on the host, trunci (carrying the attributes) on the device.
// CHECK-LABEL: @device_i1
stream.executable private @ex_i1 {
  stream.executable.export public @device_i1
  builtin.module {
    // CHECK: util.func public @device_i1(%[[ARG:[^:]+]]: i32, %[[BINDING:[^:]+]]: !stream.binding)
    util.func public @device_i1(%arg0: i1 {stream.values = [true, false]}, %binding: !stream.binding) {
      // CHECK-NEXT: %[[V:.+]] = arith.trunci %[[ARG]] {stream.values = [true, false]} : i32 to i1
      // CHECK-NEXT: util.optimization_barrier %[[V]]
      util.optimization_barrier %arg0 : i1
      util.return
    }
  }
}
// CHECK-LABEL: @host_i1
util.func public @host_i1(%arg0: i1) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %0 = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  // CHECK: %[[EXT:.+]] = arith.extui %arg0 : i1 to i32
  // CHECK: stream.cmd.execute
  %1 = stream.cmd.execute with(%0 as %arg1: !stream.resource<transient>{%c128}) {
    // CHECK: stream.cmd.dispatch @ex_i1::@device_i1(%[[EXT]] : i32)
    stream.cmd.dispatch @ex_i1::@device_i1(%arg0 : i1) {
      rw %arg1[%c0 for %c128] : !stream.resource<transient>{%c128}
    }
  } => !stream.timepoint
  util.return
}

// -----

// bf16: bitcast + extui on the host, trunci + bitcast on the device.
stream.executable private @ex_bf16 {
  stream.executable.export public @device_bf16
  builtin.module {
    // CHECK: util.func public @device_bf16(%[[ARG:[^:]+]]: i32, %{{[^:]+}}: !stream.binding)
    util.func public @device_bf16(%arg0: bf16, %rbinding: !stream.binding) {
      // CHECK-NEXT: %[[T:.+]] = arith.trunci %[[ARG]] : i32 to i16
      // CHECK-NEXT: %[[V:.+]] = arith.bitcast %[[T]] : i16 to bf16
      // CHECK-NEXT: util.optimization_barrier %[[V]]
      util.optimization_barrier %arg0 : bf16
      util.return
    }
  }
}
// CHECK-LABEL: @host_bf16
util.func public @host_bf16(%arg0: bf16) {
  %c128 = arith.constant 128 : index
  %0 = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  // CHECK: %[[I16:.+]] = arith.bitcast %arg0 : bf16 to i16
  // CHECK: %[[I32:.+]] = arith.extui %[[I16]] : i16 to i32
  %1 = stream.cmd.execute with(%0 as %arg1: !stream.resource<transient>{%c128}) {
    // CHECK: stream.cmd.dispatch @ex_bf16::@device_bf16(%[[I32]] : i32)
    stream.cmd.dispatch @ex_bf16::@device_bf16(%arg0 : bf16) {
      rw %arg1[%c128 for %c128] : !stream.resource<transient>{%c128}
    }
  } => !stream.timepoint
  util.return
}

// -----

// i64: split into lo/hi halves and recombined with ori, which carries the
// attributes.
stream.executable private @ex_i64 {
  stream.executable.export public @device_i64
  builtin.module {
    // CHECK: util.func public @device_i64(%[[LO:[^:]+]]: i32, %[[HI:[^:]+]]: i32, %{{[^:]+}}: !stream.binding)
    util.func public @device_i64(%arg0: i64 {stream.values = [-1 : i64, 8589934595 : i64]}, %rbinding: !stream.binding) {
      // CHECK-DAG: %[[LO64:.+]] = arith.extui %[[LO]] : i32 to i64
      // CHECK-DAG: %[[HI64:.+]] = arith.extui %[[HI]] : i32 to i64
      // CHECK-DAG: %[[C32:.+]] = arith.constant 32 : i64
      // CHECK: %[[SHL:.+]] = arith.shli %[[HI64]], %[[C32]] : i64
      // CHECK: %[[V:.+]] = arith.ori %[[LO64]], %[[SHL]] {stream.values = [-1, 8589934595]} : i64
      // CHECK-NEXT: util.optimization_barrier %[[V]]
      util.optimization_barrier %arg0 : i64
      util.return
    }
  }
}
// CHECK-LABEL: @host_i64
util.func public @host_i64(%arg0: i64) {
  %c128 = arith.constant 128 : index
  %0 = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  // CHECK-DAG: %[[LO:.+]] = arith.trunci %arg0 : i64 to i32
  // CHECK-DAG: %[[C32:.+]] = arith.constant 32 : i64
  // CHECK: %[[SHR:.+]] = arith.shrui %arg0, %[[C32]] : i64
  // CHECK: %[[HI:.+]] = arith.trunci %[[SHR]] : i64 to i32
  %1 = stream.cmd.execute with(%0 as %arg1: !stream.resource<transient>{%c128}) {
    // CHECK: stream.cmd.dispatch @ex_i64::@device_i64(%[[LO]], %[[HI]] : i32, i32)
    stream.cmd.dispatch @ex_i64::@device_i64(%arg0 : i64) {
      rw %arg1[%c128 for %c128] : !stream.resource<transient>{%c128}
    }
  } => !stream.timepoint
  util.return
}

// -----

// index with 32-bit indices: one i32 and an index_castui with the attributes.
// The config is on the enclosing module so host and device agree.
module attributes {stream.resources = #stream.resource_config<{index_bits = 32}>} {
stream.executable private @ex_index32 {
  stream.executable.export public @device_index32
  builtin.module {
    // CHECK: util.func public @device_index32(%[[ARG:[^:]+]]: i32, %{{[^:]+}}: !stream.binding)
    util.func public @device_index32(%arg0: index {stream.alignment = 16 : index}, %rbinding: !stream.binding) {
      // CHECK-NEXT: %[[V:.+]] = arith.index_castui %[[ARG]] {stream.alignment = 16 : index} : i32 to index
      util.optimization_barrier %arg0 : index
      util.return
    }
  }
}
// CHECK-LABEL: @host_index32
util.func public @host_index32(%arg0: index) {
  %c128 = arith.constant 128 : index
  %0 = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  // CHECK: %[[I32:.+]] = arith.index_castui %arg0 : index to i32
  %1 = stream.cmd.execute with(%0 as %arg1: !stream.resource<transient>{%c128}) {
    // CHECK: stream.cmd.dispatch @ex_index32::@device_index32(%[[I32]] : i32)
    stream.cmd.dispatch @ex_index32::@device_index32(%arg0 : index) {
      rw %arg1[%c128 for %c128] : !stream.resource<transient>{%c128}
    }
  } => !stream.timepoint
  util.return
}

}

// -----

// index with 64-bit indices: split into two i32.
stream.executable private @ex_index64 {
  stream.executable.export public @device_index64
  builtin.module {
    // CHECK: util.func public @device_index64(%[[LO:[^:]+]]: i32, %[[HI:[^:]+]]: i32, %{{[^:]+}}: !stream.binding)
    util.func public @device_index64(%arg0: index, %rbinding: !stream.binding) {
      // CHECK: %[[OR:.+]] = arith.ori
      // CHECK-NEXT: %[[V:.+]] = arith.index_castui %[[OR]] : i64 to index
      util.optimization_barrier %arg0 : index
      util.return
    }
  }
}
// CHECK-LABEL: @host_index64
util.func public @host_index64(%arg0: index) {
  %c128 = arith.constant 128 : index
  %0 = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  // CHECK: %[[I64:.+]] = arith.index_castui %arg0 : index to i64
  // CHECK: %[[LO:.+]] = arith.trunci %[[I64]] : i64 to i32
  // CHECK: %[[HI:.+]] = arith.trunci %{{.+}} : i64 to i32
  %1 = stream.cmd.execute with(%0 as %arg1: !stream.resource<transient>{%c128}) {
    // CHECK: stream.cmd.dispatch @ex_index64::@device_index64(%[[LO]], %[[HI]] : i32, i32)
    stream.cmd.dispatch @ex_index64::@device_index64(%arg0 : index) {
      rw %arg1[%c128 for %c128] : !stream.resource<transient>{%c128}
    }
  } => !stream.timepoint
  util.return
}

// -----

// complex<f32>: two bitcasts on the host; parts recombined on the device.
stream.executable private @ex_complex {
  stream.executable.export public @device_complex
  builtin.module {
    // CHECK: util.func public @device_complex(%[[RE:[^:]+]]: i32, %[[IM:[^:]+]]: i32, %{{[^:]+}}: !stream.binding)
    util.func public @device_complex(%arg0: complex<f32>, %rbinding: !stream.binding) {
      // CHECK-NEXT: %[[REF:.+]] = arith.bitcast %[[RE]] : i32 to f32
      // CHECK-NEXT: %[[IMF:.+]] = arith.bitcast %[[IM]] : i32 to f32
      // CHECK-NEXT: %[[C:.+]] = complex.create %[[REF]], %[[IMF]] : complex<f32>
      util.optimization_barrier %arg0 : complex<f32>
      util.return
    }
  }
}
// CHECK-LABEL: @host_complex
util.func public @host_complex(%arg0: complex<f32>) {
  %c128 = arith.constant 128 : index
  %0 = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  // CHECK: %[[RE:.+]] = complex.re %arg0 : complex<f32>
  // CHECK: %[[IM:.+]] = complex.im %arg0 : complex<f32>
  // CHECK: %[[REI:.+]] = arith.bitcast %[[RE]] : f32 to i32
  // CHECK: %[[IMI:.+]] = arith.bitcast %[[IM]] : f32 to i32
  %1 = stream.cmd.execute with(%0 as %arg1: !stream.resource<transient>{%c128}) {
    // CHECK: stream.cmd.dispatch @ex_complex::@device_complex(%[[REI]], %[[IMI]] : i32, i32)
    stream.cmd.dispatch @ex_complex::@device_complex(%arg0 : complex<f32>) {
      rw %arg1[%c128 for %c128] : !stream.resource<transient>{%c128}
    }
  } => !stream.timepoint
  util.return
}

// -----

// A complex<f64> bitcast to i128 travels as re/im of its source: four i32.
stream.executable private @ex_bitcast {
  stream.executable.export public @device_bitcast
  builtin.module {
    // CHECK: util.func public @device_bitcast(%{{.+}}: i32, %{{.+}}: i32, %{{.+}}: i32, %{{.+}}: i32, %{{[^:]+}}: !stream.binding)
    util.func public @device_bitcast(%arg0: complex<f64>, %rbinding: !stream.binding) {
      util.optimization_barrier %arg0 : complex<f64>
      util.return
    }
  }
}
// CHECK-LABEL: @host_bitcast
util.func public @host_bitcast(%arg0: complex<f64>) {
  %c128 = arith.constant 128 : index
  %0 = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  // CHECK: complex.re %arg0 : complex<f64>
  // CHECK: complex.im %arg0 : complex<f64>
  %1 = stream.cmd.execute with(%0 as %arg1: !stream.resource<transient>{%c128}) {
    // CHECK: stream.cmd.dispatch @ex_bitcast::@device_bitcast(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : i32, i32, i32, i32)
    stream.cmd.dispatch @ex_bitcast::@device_bitcast(%arg0 : complex<f64>) {
      rw %arg1[%c128 for %c128] : !stream.resource<transient>{%c128}
    }
  } => !stream.timepoint
  util.return
}
