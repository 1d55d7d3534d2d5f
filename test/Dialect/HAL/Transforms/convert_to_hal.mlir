// REQUIRES: sluice-opt
// The --iree-hal-conversion driver (execution.md §2.5.1): type conversion,
// legality, device resolution, untouched executables, Std->HAL.

// RUN: sluice-opt --split-input-file --iree-hal-conversion %s | FileCheck %s

// Signatures, calls, branches and globals take the converted types; types the
// converter does not know are kept.
// CHECK: util.global private mutable @resource : !hal.buffer
util.global private mutable @resource : !stream.resource<variable>
// CHECK: util.global private @list : !util.list<!hal.buffer>
util.global private @list : !util.list<!stream.resource<*>>
// CHECK: util.global private @kept = 4 : i32
util.global private @kept = 4 : i32

// CHECK-LABEL: util.func private @callee
// CHECK-SAME: (%{{.+}}: !hal.buffer, %{{.+}}: !hal.fence, %{{.+}}: !hal.file, %{{.+}}: !hal.channel, %{{.+}}: !hal.buffer_view, %{{.+}}: tensor<4x!util.buffer>, %{{.+}}: index) -> !hal.buffer
util.func private @callee(%r: !stream.resource<transient>, %t: !stream.timepoint, %f: !stream.file, %c: !stream.channel, %v: tensor<4x?xf32>, %o: tensor<4x!util.buffer>, %i: index) -> !stream.resource<transient> {
  util.return %r : !stream.resource<transient>
}

// CHECK-LABEL: util.func public @caller
// CHECK-SAME: (%[[R:.+]]: !hal.buffer, %[[T:.+]]: !hal.fence, %[[F:.+]]: !hal.file, %[[C:.+]]: !hal.channel, %[[V:.+]]: !hal.buffer_view, %[[O:.+]]: tensor<4x!util.buffer>, %[[I:.+]]: index, %[[COND:.+]]: i1)
util.func public @caller(%r: !stream.resource<transient>, %t: !stream.timepoint, %f: !stream.file, %c: !stream.channel, %v: tensor<4x?xf32>, %o: tensor<4x!util.buffer>, %i: index, %cond: i1) -> !stream.resource<variable> {
  // CHECK: %[[CALL:.+]] = util.call @callee(%[[R]], %[[T]], %[[F]], %[[C]], %[[V]], %[[O]], %[[I]]) : (!hal.buffer, !hal.fence, !hal.file, !hal.channel, !hal.buffer_view, tensor<4x!util.buffer>, index) -> !hal.buffer
  %0 = util.call @callee(%r, %t, %f, %c, %v, %o, %i) : (!stream.resource<transient>, !stream.timepoint, !stream.file, !stream.channel, tensor<4x?xf32>, tensor<4x!util.buffer>, index) -> !stream.resource<transient>
  // CHECK: %[[LOADED:.+]] = util.global.load @resource : !hal.buffer
  %loaded = util.global.load @resource : !stream.resource<variable>
  // CHECK: cf.cond_br %[[COND]], ^bb1(%[[LOADED]] : !hal.buffer), ^bb1(%[[LOADED]] : !hal.buffer)
  cf.cond_br %cond, ^bb1(%loaded : !stream.resource<variable>), ^bb1(%loaded : !stream.resource<variable>)
// CHECK: ^bb1(%[[ARG:.+]]: !hal.buffer):
^bb1(%arg: !stream.resource<variable>):
  // CHECK: util.global.store %[[ARG]], @resource : !hal.buffer
  util.global.store %arg, @resource : !stream.resource<variable>
  // CHECK: %[[BARRIER:.+]] = util.optimization_barrier %[[ARG]] : !hal.buffer
  %barrier = util.optimization_barrier %arg : !stream.resource<variable>
  // CHECK: util.return %[[BARRIER]] : !hal.buffer
  util.return %barrier : !stream.resource<variable>
}

// -----

util.global private @device : !hal.device

// stream.context.resolve resolves through hal.device.resolve to the device
// global, its allocator and the queue mask; without an affinity to device 0.
// CHECK-LABEL: @contextResolve
util.func public @contextResolve() -> (!hal.device, !hal.allocator, i64, !hal.device, i64, !hal.device) {
  // CHECK: %[[DEVICE:.+]] = util.global.load immutable @device : !hal.device
  // CHECK-NEXT: %[[ALLOCATOR:.+]] = hal.device.allocator<%[[DEVICE]] : !hal.device> : !hal.allocator
  // CHECK-NEXT: %[[MASK:.+]] = arith.constant 48 : i64
  %0:3 = stream.context.resolve on(#hal.device.affinity<@device, [4, 5]>) : !hal.device, !hal.allocator, i64
  // CHECK: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[DEVICE0:.+]] = hal.devices.get %[[C0]] : !hal.device
  // CHECK-NEXT: %[[ANY:.+]] = arith.constant -1 : i64
  %1:2 = stream.context.resolve : !hal.device, i64
  // CHECK: %[[FIRST:.+]] = util.global.load immutable @device : !hal.device
  %2 = stream.context.resolve on(#hal.device.optimal<[#hal.device.affinity<@device>, #hal.device.affinity<@other>]>) : !hal.device
  // CHECK: util.return %[[DEVICE]], %[[ALLOCATOR]], %[[MASK]], %[[DEVICE0]], %[[ANY]], %[[FIRST]]
  util.return %0#0, %0#1, %0#2, %1#0, %1#1, %2 : !hal.device, !hal.allocator, i64, !hal.device, i64, !hal.device
}

// -----

// Std->HAL: dimensions and ranks of tensors passed as buffer views; static
// ones fold before any pattern runs.
// CHECK-LABEL: @tensorQueries
// CHECK-SAME: (%[[VIEW:.+]]: !hal.buffer_view, %[[UNRANKED:.+]]: !hal.buffer_view)
util.func public @tensorQueries(%t: tensor<4x?xf32>, %u: tensor<*xi8>) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  %d0 = tensor.dim %t, %c0 : tensor<4x?xf32>
  // CHECK-DAG: %[[D1:.+]] = hal.buffer_view.dim<%[[VIEW]] : !hal.buffer_view>[1] : index
  %d1 = tensor.dim %t, %c1 : tensor<4x?xf32>
  // CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
  %r = tensor.rank %t : tensor<4x?xf32>
  // CHECK-DAG: %[[RANK:.+]] = hal.buffer_view.rank<%[[UNRANKED]] : !hal.buffer_view> : index
  %ur = tensor.rank %u : tensor<*xi8>
  // CHECK: util.return %[[C4]], %[[D1]], %[[C2]], %[[RANK]]
  util.return %d0, %d1, %r, %ur : index, index, index, index
}

// -----

// Executables are never touched; their exports lose the regions that only
// served the conversion. The module's default affinity is removed.
// CHECK: module {
module attributes {stream.affinity.default = #hal.device.affinity<@device>} {
  // CHECK: hal.executable private @ex {
  hal.executable private @ex {
    hal.executable.variant public @variant target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
      // CHECK: hal.executable.export public @entry ordinal(0) layout(#pipeline_layout){{$}}
      hal.executable.export public @entry ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) count(%device: !hal.device, %w: index) -> (index, index, index) {
        hal.return %w, %w, %w : index, index, index
      }
      // CHECK: hal.executable.export public @conditional ordinal(1) layout(#pipeline_layout){{$}}
      hal.executable.export public @conditional ordinal(1) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) condition(%device: !hal.device) -> i1 {
        %true = arith.constant true
        hal.return %true : i1
      } fallback(@entry)
      // CHECK: builtin.module {
      builtin.module {
        // Tensor types inside executables are not converted.
        // CHECK: func.func @entry(%{{.+}}: tensor<4xf32>) -> tensor<4xf32>
        func.func @entry(%arg0: tensor<4xf32>) -> tensor<4xf32> {
          return %arg0 : tensor<4xf32>
        }
      }
    }
  }
}

// -----

util.global private @device : !hal.device

// Empty serial/concurrent regions (valid IR) record nothing but their barrier.
// CHECK-LABEL: @emptyNestedRegions
util.func public @emptyNestedRegions(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c7_i32 = arith.constant 7 : i32
  //      CHECK: %[[CMD:.+]] = hal.command_buffer.create
  // CHECK-NEXT: hal.command_buffer.execution_barrier<%[[CMD]] : !hal.command_buffer>
  // CHECK-NEXT: hal.command_buffer.fill_buffer<%[[CMD]] : !hal.command_buffer>
  // CHECK-NEXT: hal.command_buffer.execution_barrier<%[[CMD]] : !hal.command_buffer>
  // CHECK-NEXT: hal.command_buffer.execution_barrier<%[[CMD]] : !hal.command_buffer>
  // CHECK-NEXT: hal.command_buffer.execution_barrier<%[[CMD]] : !hal.command_buffer>
  // CHECK-NEXT: hal.command_buffer.finalize<%[[CMD]] : !hal.command_buffer>
  %0 = "stream.cmd.execute"(%arg0, %arg1) <{affinity = #hal.device.affinity<@device>, once, operandSegmentSizes = array<i32: 1, 1, 0>}> ({
  ^bb0(%arg2: !stream.resource<transient>):
    "stream.cmd.concurrent"() ({
    }) : () -> ()
    "stream.cmd.serial"() ({
      "stream.cmd.fill"(%arg2, %arg1, %c0, %c128, %c7_i32) : (!stream.resource<transient>, index, index, index, i32) -> ()
      "stream.yield"() : () -> ()
    }) : () -> ()
    "stream.cmd.serial"() ({
    }) : () -> ()
    "stream.yield"() : () -> ()
  }) : (!stream.resource<transient>, index) -> !stream.timepoint
  util.return %0 : !stream.timepoint
}
