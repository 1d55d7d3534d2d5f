// RUN: sluice-opt --split-input-file --iree-hal-conversion --cse --iree-hal-indirect-command-buffers=true %s | FileCheck %s
// REQUIRES: sluice-opt

util.global private @device : !hal.device

// Single fill: a queue fill, no command buffer.
//      CHECK-LABEL: util.func public @singleFill(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c128 = arith.constant 128 : index
//       CHECK-NEXT: %c255_i32 = arith.constant 255 : i32
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.fill<%device : !hal.device> affinity(%c-1_i64) wait(%0) signal(%fence) target(%arg0 : !hal.buffer)[%c0] length(%c128) pattern(%c255_i32 : i32) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
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
//      CHECK-LABEL: util.func public @singleCopy(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c128 = arith.constant 128 : index
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.copy<%device : !hal.device> affinity(%c-1_i64) wait(%arg4) signal(%fence) source(%arg0 : !hal.buffer)[%c0] target(%arg2 : !hal.buffer)[%c128] length(%c128) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
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
//      CHECK-LABEL: util.func public @indirectFills(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c64 = arith.constant 64 : index
//       CHECK-NEXT: %c128 = arith.constant 128 : index
//       CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %memo = hal.device.memoize<%device : !hal.device> affinity(%c-1_i64) -> !hal.command_buffer {
//       CHECK-NEXT:   %c1 = arith.constant 1 : index
//       CHECK-NEXT:   %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Transfer) affinity(%c-1_i64) bindings(%c1) : !hal.command_buffer
//       CHECK-NEXT:   hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%c0 : index)[%c0, %c64] pattern(%c7_i32 : i32) flags("None")
//       CHECK-NEXT:   hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT:   hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%c0 : index)[%c64, %c64] pattern(%c7_i32 : i32) flags("None")
//       CHECK-NEXT:   hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT:   hal.command_buffer.finalize<%cmd : !hal.command_buffer>
//       CHECK-NEXT:   hal.return %cmd : !hal.command_buffer
//       CHECK-NEXT: }
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.execute.indirect<%device : !hal.device> affinity(%c-1_i64) wait(%0) signal(%fence) commands(%memo) bindings([
//       CHECK-NEXT:   (%arg0 : !hal.buffer)[%c0, %c128]
//       CHECK-NEXT: ]) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
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
//      CHECK-LABEL: util.func public @onceSerialConcurrent(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c128 = arith.constant 128 : index
//       CHECK-NEXT: %c255_i32 = arith.constant 255 : i32
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot|AllowInlineExecution") categories(Transfer) affinity(%c-1_i64) : !hal.command_buffer
//       CHECK-NEXT: hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%arg0 : !hal.buffer)[%c0, %c128] pattern(%c255_i32 : i32) flags("None")
//       CHECK-NEXT: hal.command_buffer.copy_buffer<%cmd : !hal.command_buffer> source(%arg0 : !hal.buffer)[%c0] target(%arg2 : !hal.buffer)[%c0] length(%c128) flags("None")
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%arg0 : !hal.buffer)[%c0, %c128] pattern(%c255_i32 : i32) flags("None")
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.copy_buffer<%cmd : !hal.command_buffer> source(%arg0 : !hal.buffer)[%c0] target(%arg2 : !hal.buffer)[%c0] length(%c128) flags("None")
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.finalize<%cmd : !hal.command_buffer>
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.execute<%device : !hal.device> affinity(%c-1_i64) wait(%0) signal(%fence) commands(%cmd) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
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
//      CHECK-LABEL: util.func public @cacheOnly(
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot|AllowInlineExecution") categories(Transfer) affinity(%c-1_i64) : !hal.command_buffer
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.finalize<%cmd : !hal.command_buffer>
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.execute<%device : !hal.device> affinity(%c-1_i64) wait(%0) signal(%fence) commands(%cmd) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
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
//      CHECK-LABEL: util.func public @dispatchIndirect(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c1 = arith.constant 1 : index
//       CHECK-NEXT: %c2 = arith.constant 2 : index
//       CHECK-NEXT: %c128 = arith.constant 128 : index
//       CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
//       CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %memo = hal.device.memoize<%device : !hal.device> affinity(%c-1_i64) -> !hal.command_buffer {
//       CHECK-NEXT:   %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories("Transfer|Dispatch") affinity(%c-1_i64) bindings(%c2) : !hal.command_buffer
//       CHECK-NEXT:   %1 = hal.command_buffer.device<%cmd : !hal.command_buffer> : !hal.device
//       CHECK-NEXT:   %exe = hal.executable.lookup device(%1 : !hal.device) executable(@ex) : !hal.executable
//       CHECK-NEXT:   %function_id = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@x86_64::@dispatch) : i64
//       CHECK-NEXT:   %2 = affine.apply #map()[%c1]
//       CHECK-NEXT:   hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%function_id] workgroups([%2, %c2, %c1]) constants([%c4_i32, %c5_i32]) bindings([
//       CHECK-NEXT:     (%arg0 : !hal.buffer)[%c0, %c128],
//       CHECK-NEXT:     (%c1 : index)[%c0, %c128]
//       CHECK-NEXT:   ]) flags("None")
//       CHECK-NEXT:   hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT:   hal.command_buffer.finalize<%cmd : !hal.command_buffer>
//       CHECK-NEXT:   hal.return %cmd : !hal.command_buffer
//       CHECK-NEXT: }
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.execute.indirect<%device : !hal.device> affinity(%c-1_i64) wait(%0) signal(%fence) commands(%memo) bindings([
//       CHECK-NEXT:   (%arg0 : !hal.buffer)[%c0, %c128],
//       CHECK-NEXT:   (%arg2 : !hal.buffer)[%c0, %c128]
//       CHECK-NEXT: ]) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
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
//      CHECK-LABEL: util.func public @dynamicUniformOperand(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c64 = arith.constant 64 : index
//       CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot|AllowInlineExecution") categories(Transfer) affinity(%c-1_i64) : !hal.command_buffer
//       CHECK-NEXT: hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%arg0 : !hal.buffer)[%c0, %c64] pattern(%c7_i32 : i32) flags("None")
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%arg0 : !hal.buffer)[%c64, %c64] pattern(%c7_i32 : i32) flags("None")
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.finalize<%cmd : !hal.command_buffer>
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.execute<%device : !hal.device> affinity(%c-1_i64) wait(%0) signal(%fence) commands(%cmd) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
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
//      CHECK-LABEL: util.func public @capturedFunctionArgument(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c64 = arith.constant 64 : index
//       CHECK-NEXT: %c128 = arith.constant 128 : index
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %memo = hal.device.memoize<%device : !hal.device> affinity(%c-1_i64) -> !hal.command_buffer {
//       CHECK-NEXT:   %c1 = arith.constant 1 : index
//       CHECK-NEXT:   %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Transfer) affinity(%c-1_i64) bindings(%c1) : !hal.command_buffer
//       CHECK-NEXT:   hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%c0 : index)[%c0, %c64] pattern(%arg1 : i32) flags("None")
//       CHECK-NEXT:   hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT:   hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%c0 : index)[%c64, %c64] pattern(%arg1 : i32) flags("None")
//       CHECK-NEXT:   hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT:   hal.command_buffer.finalize<%cmd : !hal.command_buffer>
//       CHECK-NEXT:   hal.return %cmd : !hal.command_buffer
//       CHECK-NEXT: }
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.execute.indirect<%device : !hal.device> affinity(%c-1_i64) wait(%0) signal(%fence) commands(%memo) bindings([
//       CHECK-NEXT:   (%arg0 : !hal.buffer)[%c0, %c128]
//       CHECK-NEXT: ]) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
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
//      CHECK-LABEL: util.func public @globalsDirectAndIndirect(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c128 = arith.constant 128 : index
//       CHECK-NEXT: %constant = util.global.load immutable @constant : !hal.buffer
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %memo = hal.device.memoize<%device : !hal.device> affinity(%c-1_i64) -> !hal.command_buffer {
//       CHECK-NEXT:   %c1 = arith.constant 1 : index
//       CHECK-NEXT:   %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Transfer) affinity(%c-1_i64) bindings(%c1) : !hal.command_buffer
//       CHECK-NEXT:   hal.command_buffer.copy_buffer<%cmd : !hal.command_buffer> source(%constant : !hal.buffer)[%c0] target(%c0 : index)[%c0] length(%c128) flags("None")
//       CHECK-NEXT:   hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT:   hal.command_buffer.copy_buffer<%cmd : !hal.command_buffer> source(%c0 : index)[%c0] target(%c0 : index)[%c0] length(%c128) flags("None")
//       CHECK-NEXT:   hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT:   hal.command_buffer.finalize<%cmd : !hal.command_buffer>
//       CHECK-NEXT:   hal.return %cmd : !hal.command_buffer
//       CHECK-NEXT: }
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.execute.indirect<%device : !hal.device> affinity(%c-1_i64) wait(%0) signal(%fence) commands(%memo) bindings([
//       CHECK-NEXT:   (%arg0 : !hal.buffer)[%c0, %c128]
//       CHECK-NEXT: ]) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
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

//      CHECK-LABEL: util.func public @collectives(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c128 = arith.constant 128 : index
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot|AllowInlineExecution") categories("Transfer|Dispatch") affinity(%c-1_i64) : !hal.command_buffer
//       CHECK-NEXT: hal.command_buffer.collective<%cmd : !hal.command_buffer> channel(%arg2 : !hal.channel) op(<all_reduce with sum : si32>) send(%arg0 : !hal.buffer)[%c0, %c128] recv(%arg0 : !hal.buffer)[%c0, %c128] count(%c128)
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.collective<%cmd : !hal.command_buffer> channel(%arg2 : !hal.channel) op(<send : f32>) param(%arg3 : i32) send(%arg0 : !hal.buffer)[%c0, %c128] count(%c128)
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.collective<%cmd : !hal.command_buffer> channel(%arg2 : !hal.channel) op(<recv : f32>) param(%arg3 : i32) recv(%arg0 : !hal.buffer)[%c0, %c128] count(%c128)
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.finalize<%cmd : !hal.command_buffer>
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.execute<%device : !hal.device> affinity(%c-1_i64) wait(%0) signal(%fence) commands(%cmd) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
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

//      CHECK-LABEL: util.func public @cmdCall(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c128 = arith.constant 128 : index
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %memo = hal.device.memoize<%device : !hal.device> affinity(%c-1_i64) -> !hal.command_buffer {
//       CHECK-NEXT:   %c2 = arith.constant 2 : index
//       CHECK-NEXT:   %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories("Transfer|Dispatch") affinity(%c-1_i64) bindings(%c2) : !hal.command_buffer
//       CHECK-NEXT:   %1 = util.null : !hal.buffer
//       CHECK-NEXT:   util.call @cmdFunc(%cmd, %c0, %1, %c0, %c128, %arg2) : (!hal.command_buffer, index, !hal.buffer, index, index, i32) -> ()
//       CHECK-NEXT:   hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT:   hal.command_buffer.finalize<%cmd : !hal.command_buffer>
//       CHECK-NEXT:   hal.return %cmd : !hal.command_buffer
//       CHECK-NEXT: }
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.execute.indirect<%device : !hal.device> affinity(%c-1_i64) wait(%0) signal(%fence) commands(%memo) bindings([
//       CHECK-NEXT:   (%arg0 : !hal.buffer)[%c0, %c128],
//       CHECK-NEXT:   (%arg1 : !hal.buffer)[%c0, %c128]
//       CHECK-NEXT: ]) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
util.func public @cmdCall(%arg0: !stream.resource<external>, %arg1: !stream.resource<transient>, %arg2: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@device>) with(%arg0 as %arg3: !stream.resource<external>{%c128}, %arg1 as %arg4: !stream.resource<transient>{%c128}) {
    stream.cmd.call @cmdFunc(ro %arg3[%c0 for %c128], %arg2) : (!stream.resource<external>{%c128}, i32) -> ()
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device : !hal.device

// An awaiting `once` execute: one-shot without inline execution, waiting on
// the await fence.
//      CHECK-LABEL: util.func public @onceAwait(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c64 = arith.constant 64 : index
//       CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %cmd = hal.command_buffer.create device(%device : !hal.device) mode(OneShot) categories(Transfer) affinity(%c-1_i64) : !hal.command_buffer
//       CHECK-NEXT: hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%arg0 : !hal.buffer)[%c0, %c64] pattern(%c7_i32 : i32) flags("None")
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%arg0 : !hal.buffer)[%c64, %c64] pattern(%c7_i32 : i32) flags("None")
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.finalize<%cmd : !hal.command_buffer>
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.execute<%device : !hal.device> affinity(%c-1_i64) wait(%arg2) signal(%fence) commands(%cmd) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
util.func public @onceAwait(%arg0: !stream.resource<transient>, %arg1: index, %arg2: !stream.timepoint) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c7_i32 = arith.constant 7 : i32
  %0 = stream.cmd.execute once on(#hal.device.affinity<@device>) await(%arg2) => with(%arg0 as %arg3: !stream.resource<transient>{%arg1}) {
    stream.cmd.fill %c7_i32, %arg3[%c0 for %c64] : i32 -> !stream.resource<transient>{%arg1}
    stream.cmd.fill %c7_i32, %arg3[%c64 for %c64] : i32 -> !stream.resource<transient>{%arg1}
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device : !hal.device

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>

hal.executable private @ex {
  hal.executable.variant public @x86_64 target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    hal.executable.condition(%device: !hal.device) -> i1 {
      %ok, %selected = hal.device.query<%device : !hal.device> key("some" :: "feature") : i1, i1
      hal.return %selected : i1
    }
    hal.executable.export public @dispatch ordinal(0) layout(#layout) count(%device: !hal.device, %arg0: index) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %arg0, %c1, %c1 : index, index, index
    }
    builtin.module {
      func.func @dispatch() {
        return
      }
    }
  }
  hal.executable.variant public @aarch64 target(#hal.executable.target<"llvm-cpu", "embedded-elf-aarch64">) {
    hal.executable.export public @dispatch ordinal(0) layout(#layout) count(%device: !hal.device, %arg0: index) -> (index, index, index) {
      %c2 = arith.constant 2 : index
      hal.return %arg0, %c2, %c2 : index, index, index
    }
    builtin.module {
      func.func @dispatch() {
        return
      }
    }
  }
}

// Several entry points (§2.5.3.1): format queries, the first variant's
// condition, a select chain and an index switch with one case per variant.
//      CHECK-LABEL: util.func public @multiVariantDispatch(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c4 = arith.constant 4 : index
//       CHECK-NEXT: %c128 = arith.constant 128 : index
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot|AllowInlineExecution") categories("Transfer|Dispatch") affinity(%c-1_i64) : !hal.command_buffer
//       CHECK-NEXT: %0 = hal.command_buffer.device<%cmd : !hal.command_buffer> : !hal.device
//       CHECK-NEXT: %ok, %value = hal.device.query<%0 : !hal.device> key("hal.executable.format" :: "embedded-elf-x86_64") : i1, i1 = false
//       CHECK-NEXT: %1 = scf.execute_region -> i1 {
//       CHECK-NEXT:   %ok_2, %value_3 = hal.device.query<%0 : !hal.device> key("some" :: "feature") : i1, i1
//       CHECK-NEXT:   scf.yield %value_3 : i1
//       CHECK-NEXT: }
//       CHECK-NEXT: %2 = arith.andi %value, %1 : i1
//       CHECK-NEXT: %ok_0, %value_1 = hal.device.query<%0 : !hal.device> key("hal.executable.format" :: "embedded-elf-aarch64") : i1, i1 = false
//       CHECK-NEXT: %c-1 = arith.constant -1 : index
//       CHECK-NEXT: %c1 = arith.constant 1 : index
//       CHECK-NEXT: %3 = arith.select %value_1, %c1, %c-1 : index
//       CHECK-NEXT: %4 = arith.select %2, %c0, %3 : index
//       CHECK-NEXT: scf.index_switch %4
//       CHECK-NEXT: case 0 {
//       CHECK-NEXT:   %exe = hal.executable.lookup device(%0 : !hal.device) executable(@ex) : !hal.executable
//       CHECK-NEXT:   %function_id = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@x86_64::@dispatch) : i64
//       CHECK-NEXT:   hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%function_id] workgroups([%c4, %c1, %c1]) bindings([
//       CHECK-NEXT:     (%arg0 : !hal.buffer)[%c0, %c128]
//       CHECK-NEXT:   ]) flags("None")
//       CHECK-NEXT:   scf.yield
//       CHECK-NEXT: }
//       CHECK-NEXT: case 1 {
//       CHECK-NEXT:   %exe = hal.executable.lookup device(%0 : !hal.device) executable(@ex) : !hal.executable
//       CHECK-NEXT:   %function_id = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@aarch64::@dispatch) : i64
//       CHECK-NEXT:   %c2 = arith.constant 2 : index
//       CHECK-NEXT:   hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%function_id] workgroups([%c4, %c2, %c2]) bindings([
//       CHECK-NEXT:     (%arg0 : !hal.buffer)[%c0, %c128]
//       CHECK-NEXT:   ]) flags("None")
//       CHECK-NEXT:   scf.yield
//       CHECK-NEXT: }
//       CHECK-NEXT: default {
//       CHECK-NEXT: }
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.finalize<%cmd : !hal.command_buffer>
//       CHECK-NEXT: %5 = util.null : !hal.fence
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.execute<%device : !hal.device> affinity(%c-1_i64) wait(%5) signal(%fence) commands(%cmd) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
util.func public @multiVariantDispatch(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %0 = stream.cmd.execute once on(#hal.device.affinity<@device>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch {@ex::@x86_64::@dispatch, @ex::@aarch64::@dispatch}[%c4] {
      rw %arg2[%c0 for %c128] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device : !hal.device

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>

hal.executable private @ex {
  hal.executable.variant public @x86_64 target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    hal.executable.export public @dispatch ordinal(0) layout(#layout) condition(%device: !hal.device, %workload: index) -> i1 {
      %c16 = arith.constant 16 : index
      %large = arith.cmpi uge, %workload, %c16 : index
      hal.return %large : i1
    } fallback(@dispatch_small) count(%device: !hal.device, %arg0: index) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %arg0, %c1, %c1 : index, index, index
    }
    hal.executable.export public @dispatch_small ordinal(1) layout(#layout) count(%device: !hal.device, %arg0: index) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      func.func @dispatch() {
        return
      }
      func.func @dispatch_small() {
        return
      }
    }
  }
}

// Export fallback (§2.5.3.1): the condition is inlined after the executable
// lookup and selects the function and workgroup count.
// After the conversion the exports lose their condition, fallback and count.
//      CHECK: hal.executable.export public @dispatch ordinal(0) layout(#pipeline_layout){{$}}
// CHECK-NEXT: hal.executable.export public @dispatch_small ordinal(1) layout(#pipeline_layout){{$}}
//      CHECK-LABEL: util.func public @exportFallback(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c128 = arith.constant 128 : index
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot|AllowInlineExecution") categories("Transfer|Dispatch") affinity(%c-1_i64) : !hal.command_buffer
//       CHECK-NEXT: %0 = hal.command_buffer.device<%cmd : !hal.command_buffer> : !hal.device
//       CHECK-NEXT: %exe = hal.executable.lookup device(%0 : !hal.device) executable(@ex) : !hal.executable
//       CHECK-NEXT: %c16 = arith.constant 16 : index
//       CHECK-NEXT: %1 = arith.cmpi uge, %arg2, %c16 : index
//       CHECK-NEXT: %2:4 = scf.if %1 -> (i64, index, index, index) {
//       CHECK-NEXT:   %function_id = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@x86_64::@dispatch) : i64
//       CHECK-NEXT:   %c1 = arith.constant 1 : index
//       CHECK-NEXT:   scf.yield %function_id, %arg2, %c1, %c1 : i64, index, index, index
//       CHECK-NEXT: } else {
//       CHECK-NEXT:   %function_id = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@x86_64::@dispatch_small) : i64
//       CHECK-NEXT:   %c1 = arith.constant 1 : index
//       CHECK-NEXT:   scf.yield %function_id, %c1, %c1, %c1 : i64, index, index, index
//       CHECK-NEXT: }
//       CHECK-NEXT: hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%2#0] workgroups([%2#1, %2#2, %2#3]) bindings([
//       CHECK-NEXT:   (%arg0 : !hal.buffer)[%c0, %c128]
//       CHECK-NEXT: ]) flags("None")
//       CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
//       CHECK-NEXT: hal.command_buffer.finalize<%cmd : !hal.command_buffer>
//       CHECK-NEXT: %3 = util.null : !hal.fence
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.execute<%device : !hal.device> affinity(%c-1_i64) wait(%3) signal(%fence) commands(%cmd) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
util.func public @exportFallback(%arg0: !stream.resource<transient>, %arg1: index, %arg2: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %0 = stream.cmd.execute once on(#hal.device.affinity<@device>) with(%arg0 as %arg3: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex::@x86_64::@dispatch[%arg2] {
      rw %arg3[%c0 for %c128] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
