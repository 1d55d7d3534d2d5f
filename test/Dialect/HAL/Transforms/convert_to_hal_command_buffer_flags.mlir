// REQUIRES: sluice-opt
// The global command-buffer flags of --iree-hal-conversion (execution.md
// §2.5.1, §2.5.3 step 1): --iree-hal-indirect-command-buffers (default true)
// builds binding tables; --iree-hal-force-indirect-command-buffers ignores
// captured dynamic uniforms.

// RUN: sluice-opt --split-input-file --iree-hal-conversion %s | FileCheck %s --check-prefix=DEFAULT
// RUN: sluice-opt --split-input-file --iree-hal-conversion --iree-hal-indirect-command-buffers=false %s | FileCheck %s --check-prefix=DIRECT
// RUN: sluice-opt --split-input-file --iree-hal-conversion --iree-hal-force-indirect-command-buffers %s | FileCheck %s --check-prefix=FORCE

util.global private @device : !hal.device

// A static-size execute on a function argument: a binding table by default,
// none when indirect command buffers are off.
// DEFAULT-LABEL: util.func public @staticSizes
//       DEFAULT: hal.device.memoize
//       DEFAULT: hal.command_buffer.create {{.+}} mode("None") {{.+}} bindings(
//       DEFAULT: hal.device.queue.execute.indirect
// DIRECT-LABEL: util.func public @staticSizes
//   DIRECT-NOT: hal.device.memoize
//       DIRECT: hal.command_buffer.create {{.+}} mode("OneShot|AllowInlineExecution") categories(Transfer) affinity(%{{.+}}) : !hal.command_buffer
//   DIRECT-NOT: hal.device.memoize
//       DIRECT: hal.device.queue.execute<
util.func public @staticSizes(%arg0: !stream.resource<transient>) -> !stream.timepoint {
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

// A dynamic size (a dynamic uniform captured by the execute) disables the
// table unless it is forced.
// DEFAULT-LABEL: util.func public @dynamicSize
//   DEFAULT-NOT: hal.device.memoize
//       DEFAULT: hal.command_buffer.create {{.+}} mode("OneShot|AllowInlineExecution") categories(Transfer) affinity(%{{.+}}) : !hal.command_buffer
//       DEFAULT: hal.device.queue.execute<
// FORCE-LABEL: util.func public @dynamicSize
//       FORCE: hal.device.memoize
//       FORCE: hal.command_buffer.create {{.+}} mode("None") {{.+}} bindings(
//       FORCE: hal.device.queue.execute.indirect<{{.+}}> affinity(%{{.+}}) wait(%{{.+}}) signal(%{{.+}}) commands(%memo) bindings([
//  FORCE-NEXT:   (%arg0 : !hal.buffer)[%{{.+}}, %arg1]
util.func public @dynamicSize(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c7_i32 = arith.constant 7 : i32
  %0 = stream.cmd.execute on(#hal.device.affinity<@device>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.fill %c7_i32, %arg2[%c0 for %c64] : i32 -> !stream.resource<transient>{%arg1}
    stream.cmd.fill %c7_i32, %arg2[%c64 for %c64] : i32 -> !stream.resource<transient>{%arg1}
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
