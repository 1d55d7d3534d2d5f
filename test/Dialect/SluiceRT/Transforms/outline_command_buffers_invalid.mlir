// RUN: sluice-opt --split-input-file --sluice-outline-command-buffers --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @finalize_in_other_block(%device: !hal.device, %w: !hal.fence, %s: !hal.fence) {
  %aff = arith.constant -1 : i64
  // expected-error @+1 {{command buffer recording must be a straight-line sequence in one block}}
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Transfer) affinity(%aff) : !hal.command_buffer
  cf.br ^bb1
^bb1:
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  util.return
}

// -----

util.func public @no_finalize(%device: !hal.device, %w: !hal.fence, %s: !hal.fence) {
  %aff = arith.constant -1 : i64
  // expected-error @+1 {{command buffer recording must be a straight-line sequence in one block}}
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Transfer) affinity(%aff) : !hal.command_buffer
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  util.return
}

// -----

util.func public @command_in_region(%device: !hal.device, %b: !hal.buffer, %c: i1, %w: !hal.fence, %s: !hal.fence) {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0 : i32
  %aff = arith.constant -1 : i64
  // expected-error @+1 {{command buffer recording must be a straight-line sequence in one block}}
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Transfer) affinity(%aff) : !hal.command_buffer
  scf.if %c {
    hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%b : !hal.buffer)[%c0, %c0] pattern(%p : i32) flags("None")
  }
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  util.return
}

// -----

util.func public @command_after_finalize(%device: !hal.device, %b: !hal.buffer, %w: !hal.fence, %s: !hal.fence) {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0 : i32
  %aff = arith.constant -1 : i64
  // expected-error @+1 {{command buffer recording must be a straight-line sequence in one block}}
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Transfer) affinity(%aff) : !hal.command_buffer
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%b : !hal.buffer)[%c0, %c0] pattern(%p : i32) flags("None")
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  util.return
}

// -----

util.func private @takes(%cmd: !hal.command_buffer)
util.func public @escapes(%device: !hal.device, %w: !hal.fence, %s: !hal.fence) {
  %aff = arith.constant -1 : i64
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Transfer) affinity(%aff) : !hal.command_buffer
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  // expected-error @+1 {{command buffer is used by 'util.call', which the native lowering cannot compile}}
  util.call @takes(%cmd) : (!hal.command_buffer) -> ()
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  util.return
}

// -----

util.func public @never_submitted(%device: !hal.device) {
  %aff = arith.constant -1 : i64
  // expected-error @+1 {{command buffer must be submitted exactly once by a hal.device.queue.execute that it dominates}}
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Transfer) affinity(%aff) : !hal.command_buffer
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  util.return
}

// -----

util.func public @submitted_twice(%device: !hal.device, %w: !hal.fence, %s: !hal.fence, %t: !hal.fence) {
  %aff = arith.constant -1 : i64
  // expected-error @+1 {{command buffer must be submitted exactly once by a hal.device.queue.execute that it dominates}}
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Transfer) affinity(%aff) : !hal.command_buffer
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%s) signal(%t) commands(%cmd) flags("None")
  util.return
}

// -----

util.func public @submitted_before_finalize(%device: !hal.device, %w: !hal.fence, %s: !hal.fence) {
  %aff = arith.constant -1 : i64
  // expected-error @+1 {{command buffer must be submitted exactly once by a hal.device.queue.execute that it dominates}}
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Transfer) affinity(%aff) : !hal.command_buffer
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  util.return
}

// -----

util.func public @submitted_on_one_path(%device: !hal.device, %c: i1, %w: !hal.fence, %s: !hal.fence) {
  %aff = arith.constant -1 : i64
  cf.cond_br %c, ^record, ^submit
^record:
  // expected-error @+1 {{command buffer must be submitted exactly once by a hal.device.queue.execute that it dominates}}
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Transfer) affinity(%aff) : !hal.command_buffer
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  cf.br ^submit
^submit:
  util.return
}

// -----

util.func public @dynamic_function(%device: !hal.device, %exe: !hal.executable, %f: i64, %w: !hal.fence, %s: !hal.fence) {
  %c1 = arith.constant 1 : index
  %aff = arith.constant -1 : i64
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Dispatch) affinity(%aff) : !hal.command_buffer
  // expected-error @+1 {{cannot resolve the executable function of a dispatch statically}}
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%f] workgroups([%c1, %c1, %c1]) bindings([
    (%c1 : index)[%c1, %c1]
  ]) flags("None")
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  util.return
}

// -----

hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @e ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>)
  }
}
util.func public @function_of_another_executable(%device: !hal.device, %other: !hal.executable, %b: !hal.buffer, %w: !hal.fence, %s: !hal.fence) {
  %c1 = arith.constant 1 : index
  %aff = arith.constant -1 : i64
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Dispatch) affinity(%aff) : !hal.command_buffer
  %exe = hal.executable.lookup device(%device : !hal.device) executable(@ex) : !hal.executable
  %f = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@v::@e) : i64
  // expected-error @+1 {{cannot resolve the executable function of a dispatch statically}}
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%other : !hal.executable)[%f] workgroups([%c1, %c1, %c1]) bindings([
    (%b : !hal.buffer)[%c1, %c1]
  ]) flags("None")
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  util.return
}

// -----

util.func private @side_effect() -> i32
util.func public @impure_op(%device: !hal.device, %w: !hal.fence, %s: !hal.fence) {
  %aff = arith.constant -1 : i64
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Transfer) affinity(%aff) : !hal.command_buffer
  // expected-error @+1 {{'util.call' op cannot appear in a command buffer recording}}
  %0 = util.call @side_effect() : () -> i32
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  util.return
}

// -----

util.func public @dynamic_slot(%device: !hal.device, %slot: index, %b: !hal.buffer, %w: !hal.fence, %s: !hal.fence) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %p = arith.constant 0 : i32
  %aff = arith.constant -1 : i64
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Transfer) affinity(%aff) bindings(%c16) : !hal.command_buffer
  // expected-error @+1 {{binding table slot must be a constant index}}
  hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%slot : index)[%c0, %c16] pattern(%p : i32) flags("None")
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.device.queue.execute.indirect<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) bindings([
    (%b : !hal.buffer)[%c0, %c16]
  ]) flags("None")
  util.return
}

// -----

util.func public @slot_out_of_range(%device: !hal.device, %b: !hal.buffer, %w: !hal.fence, %s: !hal.fence) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %aff = arith.constant -1 : i64
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Transfer) affinity(%aff) bindings(%c16) : !hal.command_buffer
  // expected-error @+1 {{binding table slot 1 is outside the 1 bindings of the command buffer's execute}}
  hal.command_buffer.copy_buffer<%cmd : !hal.command_buffer> source(%c0 : index)[%c0] target(%c1 : index)[%c0] length(%c16) flags("None")
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.device.queue.execute.indirect<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) bindings([
    (%b : !hal.buffer)[%c0, %c16]
  ]) flags("None")
  util.return
}

// -----

util.func public @slot_without_binding_table(%device: !hal.device, %w: !hal.fence, %s: !hal.fence) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %p = arith.constant 0 : i32
  %aff = arith.constant -1 : i64
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Transfer) affinity(%aff) : !hal.command_buffer
  // expected-error @+1 {{binding table slot 0 is outside the 0 bindings of the command buffer's execute}}
  hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%c0 : index)[%c0, %c16] pattern(%p : i32) flags("None")
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%cmd) flags("None")
  util.return
}

// -----

util.func public @memoized(%device: !hal.device, %w: !hal.fence, %s: !hal.fence) {
  %aff = arith.constant -1 : i64
  // expected-error @+1 {{hal.device.memoize must be inlined before outlining command buffers (run --iree-hal-inline-memoize-regions)}}
  %memo = hal.device.memoize<%device : !hal.device> affinity(%aff) -> !hal.command_buffer {
    %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Transfer) affinity(%aff) : !hal.command_buffer
    hal.command_buffer.finalize<%cmd : !hal.command_buffer>
    hal.return %cmd : !hal.command_buffer
  }
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%memo) flags("None")
  util.return
}

// -----

// A command buffer merged with another at a block with two predecessors.
util.func public @merged(%device: !hal.device, %c: i1, %w: !hal.fence, %s: !hal.fence) {
  %aff = arith.constant -1 : i64
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot") categories(Transfer) affinity(%aff) : !hal.command_buffer
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  // expected-error @+1 {{command buffer is used by 'cf.cond_br', which the native lowering cannot compile}}
  cf.cond_br %c, ^a(%cmd : !hal.command_buffer), ^a(%cmd : !hal.command_buffer)
^a(%x: !hal.command_buffer):
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) commands(%x) flags("None")
  util.return
}
