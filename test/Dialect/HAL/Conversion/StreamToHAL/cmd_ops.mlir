// RUN: sluice-opt --split-input-file --iree-hal-conversion --cse --iree-hal-indirect-command-buffers=true %s | FileCheck %s
// REQUIRES: sluice-opt

util.global private @device : !hal.device

// Single fill: a queue fill, no command buffer.
// CHECK-LABEL: @singleFill
util.func public @singleFill(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c255_i32 = arith.constant 255 : i32
  %0 = stream.cmd.execute on(#hal.device.affinity<@device>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.flush %arg2[%c0 for %c128] : !stream.resource<transient>{%arg1}
    stream.cmd.fill %c255_i32, %arg2[%c0 for %c128] : i32 -> !stream.resource<transient>{%arg1}
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device : !hal.device

// Single copy: a queue copy waiting on the await fence.
// CHECK-LABEL: @singleCopy
util.func public @singleCopy(%arg0: !stream.resource<transient>, %arg1: index, %arg2: !stream.resource<staging>, %arg3: index, %arg4: !stream.timepoint) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@device>) await(%arg4) => with(%arg0 as %arg5: !stream.resource<transient>{%arg1}, %arg2 as %arg6: !stream.resource<staging>{%arg3}) {
    stream.cmd.copy %arg5[%c0], %arg6[%c128], %c128 : !stream.resource<transient>{%arg1} -> !stream.resource<staging>{%arg3}
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device : !hal.device

// The golden example of execution.md §2.5.3: a function argument gets a slot,
// the recording is memoized and submitted indirectly.
// CHECK-LABEL: @indirectFills
util.func public @indirectFills(%arg0: !stream.resource<transient>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c7_i32 = arith.constant 7 : i32
  %0 = stream.cmd.execute on(#hal.device.affinity<@device>) with(%arg0 as %arg1: !stream.resource<transient>{%c128}) {
    stream.cmd.fill %c7_i32, %arg1[%c0 for %c64] : i32 -> !stream.resource<transient>{%c128}
    stream.cmd.fill %c7_i32, %arg1[%c64 for %c64] : i32 -> !stream.resource<transient>{%c128}
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device : !hal.device

// `once` regions record one-shot command buffers inline; nested serial and
// concurrent regions place barriers.
// CHECK-LABEL: @onceSerialConcurrent
util.func public @onceSerialConcurrent(%arg0: !stream.resource<transient>, %arg1: index, %arg2: !stream.resource<staging>, %arg3: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c255_i32 = arith.constant 255 : i32
  %0 = stream.cmd.execute once on(#hal.device.affinity<@device>) with(%arg0 as %arg4: !stream.resource<transient>{%arg1}, %arg2 as %arg5: !stream.resource<staging>{%arg3}) {
    stream.cmd.concurrent {
      stream.cmd.fill %c255_i32, %arg4[%c0 for %c128] : i32 -> !stream.resource<transient>{%arg1}
      stream.cmd.copy %arg4[%c0], %arg5[%c0], %c128 : !stream.resource<transient>{%arg1} -> !stream.resource<staging>{%arg3}
    }
    stream.cmd.serial {
      stream.cmd.fill %c255_i32, %arg4[%c0 for %c128] : i32 -> !stream.resource<transient>{%arg1}
      stream.cmd.copy %arg4[%c0], %arg5[%c0], %c128 : !stream.resource<transient>{%arg1} -> !stream.resource<staging>{%arg3}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device : !hal.device

// Flush/invalidate/discard only: create, three barriers, finalize.
// CHECK-LABEL: @cacheOnly
util.func public @cacheOnly(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %0 = stream.cmd.execute once on(#hal.device.affinity<@device>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.flush %arg2[%c0 for %c128] : !stream.resource<transient>{%arg1}
    stream.cmd.invalidate %arg2[%c0 for %c128] : !stream.resource<transient>{%arg1}
    stream.cmd.discard %arg2[%c0 for %c128] : !stream.resource<transient>{%arg1}
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device : !hal.device

hal.executable private @ex {
  hal.executable.variant public @x86_64 target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    hal.executable.export public @dispatch ordinal(0) layout(#hal.pipeline.layout<constants = 2, bindings = [
      #hal.pipeline.binding<storage_buffer, ReadOnly>,
      #hal.pipeline.binding<storage_buffer, Indirect>
    ], flags = Indirect>) count(%device: !hal.device, %arg0: index, %arg1: index) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      %0 = affine.apply affine_map<()[s0] -> (s0 ceildiv 4)>()[%arg0]
      hal.return %0, %arg1, %c1 : index, index, index
    }
    builtin.module {
      func.func @dispatch() {
        return
      }
    }
  }
}

// A dispatch: only the Indirect binding uses its slot; the count region is
// inlined with the dispatch's workload.
// CHECK-LABEL: @dispatchIndirect
util.func public @dispatchIndirect(%arg0: !stream.resource<transient>, %arg1: index, %arg2: !stream.resource<external>, %arg3: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %c4_i32 = arith.constant 4 : i32
  %c5_i32 = arith.constant 5 : i32
  %0 = stream.cmd.execute on(#hal.device.affinity<@device>) with(%arg0 as %arg4: !stream.resource<transient>{%c128}, %arg2 as %arg5: !stream.resource<external>{%c128}) {
    stream.cmd.dispatch @ex::@x86_64::@dispatch[%c1, %c2](%c4_i32, %c5_i32 : i32, i32) {
      ro %arg4[%c0 for %c128] : !stream.resource<transient>{%c128},
      wo %arg5[%c0 for %c128] : !stream.resource<external>{%c128}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device : !hal.device

// A dynamic size operand of the execute disables the binding table: the
// command buffer is recorded inline (one-shot).
// CHECK-LABEL: @dynamicUniformOperand
util.func public @dynamicUniformOperand(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c7_i32 = arith.constant 7 : i32
  %0 = stream.cmd.execute on(#hal.device.affinity<@device>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.fill %c7_i32, %arg2[%c0 for %c64] : i32 -> !stream.resource<transient>{%arg1}
    stream.cmd.fill %c7_i32, %arg2[%c64 for %c64] : i32 -> !stream.resource<transient>{%arg1}
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device : !hal.device

// [QUIRK] a captured i32 argument of a function whose signature converts is
// not seen: the table is still built.
// CHECK-LABEL: @capturedFunctionArgument
util.func public @capturedFunctionArgument(%arg0: !stream.resource<transient>, %arg1: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@device>) with(%arg0 as %arg2: !stream.resource<transient>{%c128}) {
    stream.cmd.fill %arg1, %arg2[%c0 for %c64] : i32 -> !stream.resource<transient>{%c128}
    stream.cmd.fill %arg1, %arg2[%c64 for %c64] : i32 -> !stream.resource<transient>{%c128}
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device : !hal.device
util.global private @constant : !stream.resource<constant>

// Immutable global loads are bound directly, mutable ones get slots.
// CHECK-LABEL: @globalsDirectAndIndirect
util.func public @globalsDirectAndIndirect(%arg0: !stream.resource<transient>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %cst = util.global.load immutable @constant : !stream.resource<constant>
  %0 = stream.cmd.execute on(#hal.device.affinity<@device>) with(%cst as %arg1: !stream.resource<constant>{%c128}, %arg0 as %arg2: !stream.resource<transient>{%c128}) {
    stream.cmd.copy %arg1[%c0], %arg2[%c0], %c128 : !stream.resource<constant>{%c128} -> !stream.resource<transient>{%c128}
    stream.cmd.copy %arg2[%c0], %arg2[%c0], %c128 : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c128}
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device : !hal.device

// CHECK-LABEL: @collectives
util.func public @collectives(%arg0: !stream.resource<external>, %arg1: index, %arg2: !stream.channel, %arg3: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %0 = stream.cmd.execute once on(#hal.device.affinity<@device>) with(%arg0 as %arg4: !stream.resource<external>{%arg1}) {
    stream.cmd.collective<all_reduce with sum : si32>[%c128] channel(%arg2) {
      ro %arg4[%c0 for %c128] : !stream.resource<external>{%arg1},
      wo %arg4[%c0 for %c128] : !stream.resource<external>{%arg1}
    }
    stream.cmd.collective<send : f32>[%c128] channel(%arg2) param(%arg3 : i32) {
      ro %arg4[%c0 for %c128] : !stream.resource<external>{%arg1}
    }
    stream.cmd.collective<recv : f32>[%c128] channel(%arg2) param(%arg3 : i32) {
      wo %arg4[%c0 for %c128] : !stream.resource<external>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device : !hal.device

// CHECK: util.func private @cmdFunc(%arg0: !hal.command_buffer, %arg1: index, %arg2: !hal.buffer, %arg3: index, %arg4: index, %arg5: i32)
stream.cmd.func private @cmdFunc(%arg0[%arg1 for %arg2]: !stream.resource<*>, %arg3: i32)

// CHECK-LABEL: @cmdCall
util.func public @cmdCall(%arg0: !stream.resource<external>, %arg1: !stream.resource<transient>, %arg2: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@device>) with(%arg0 as %arg3: !stream.resource<external>{%c128}, %arg1 as %arg4: !stream.resource<transient>{%c128}) {
    stream.cmd.call @cmdFunc(ro %arg3[%c0 for %c128], %arg2) : (!stream.resource<external>{%c128}, i32) -> ()
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
