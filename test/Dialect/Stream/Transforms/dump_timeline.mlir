// REQUIRES: sluice-opt
// RUN: sluice-opt --sluice-stream-dump-timeline=%t.svg %s | FileCheck %s --check-prefix=IR
// RUN: %python %S/Inputs/check_timeline_svg.py %t.svg | FileCheck %s
// RUN: FileCheck %s --check-prefix=SVG < %t.svg
// RUN: not sluice-opt --sluice-stream-dump-timeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFILE

// --sluice-stream-dump-timeline (issue 21 item 4): execution regions on a
// static timeline, one row per affinity and queue lane, their waits, host
// waits and the transient slabs with their slots. The IR is not changed.

// IR-LABEL: util.func public @diamond
// IR-COUNT-4: stream.cmd.execute

// NOFILE: error: --sluice-stream-dump-timeline needs an output file: --sluice-stream-dump-timeline=FILE.svg

// #0 on A; #1 (A) and #2 (B) both wait for #0 and run at level 1, #3 (A)
// waits for both; a host wait ends the function. The slab holds two slots.
// CHECK: svg 0 0 {{[0-9.]+}} {{[0-9.]+}}
// CHECK-NEXT: function @diamond: 4 execution regions, 3 levels, 1 transient slabs
// CHECK-NEXT:   lane=2 region=4 wait=4 host-wait=1 slab=1 slot=2
// CHECK-NEXT:   region labels: 4 #0 #1 #2 #3

// SVG: <?xml version="1.0" encoding="UTF-8"?>
// SVG-NEXT: <svg xmlns="http://www.w3.org/2000/svg"
// SVG: <title>#hal.device.affinity&lt;@device_b&gt;, queue lane 0</title>
// SVG: <title>execute #3: level 2, #hal.device.affinity&lt;@device_a&gt; queue lane 0, 1 commands, 1 transient accesses, waits for #1 #2</title>
// SVG: <title>slot of slab 0: offset 1024, 1024 B (1.0 KiB), live from command 0 of #2 to command 0 of #3, 2 accesses</title>

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
util.func public @diamond(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %c4 = arith.constant 4 : index
  %c0_i32 = arith.constant 0 : i32
  %slab, %t0 = stream.resource.alloca uninitialized : !stream.resource<transient>{%c2048} => !stream.timepoint
  %e0 = stream.cmd.execute on(#hal.device.affinity<@device_a>) await(%t0) => with(%arg0 as %a: !stream.resource<external>{%c1024}, %slab as %s: !stream.resource<transient>{%c2048}) {
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %a[%c0 for %c1024] : !stream.resource<external>{%c1024},
      wo %s[%c0 for %c1024] : !stream.resource<transient>{%c2048}
    }
  } => !stream.timepoint
  %e1 = stream.cmd.execute on(#hal.device.affinity<@device_a>) await(%e0) => with(%slab as %s: !stream.resource<transient>{%c2048}, %arg0 as %a: !stream.resource<external>{%c1024}) {
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %s[%c0 for %c1024] : !stream.resource<transient>{%c2048},
      wo %a[%c0 for %c1024] : !stream.resource<external>{%c1024}
    }
  } => !stream.timepoint
  %e2 = stream.cmd.execute on(#hal.device.affinity<@device_b>) await(%e0) => with(%slab as %s: !stream.resource<transient>{%c2048}) {
    stream.cmd.fill %c0_i32, %s[%c1024 for %c1024] : i32 -> !stream.resource<transient>{%c2048}
  } => !stream.timepoint
  %j = stream.timepoint.join max(%e1, %e2) => !stream.timepoint
  %e3 = stream.cmd.execute on(#hal.device.affinity<@device_a>) await(%j) => with(%slab as %s: !stream.resource<transient>{%c2048}, %arg0 as %a: !stream.resource<external>{%c1024}) {
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %s[%c1024 for %c1024] : !stream.resource<transient>{%c2048},
      wo %a[%c0 for %c1024] : !stream.resource<external>{%c1024}
    }
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e3) => %slab : !stream.resource<transient>{%c2048} => !stream.timepoint
  %r = stream.timepoint.await %d => %arg0 : !stream.resource<external>{%c1024}
  util.return %r : !stream.resource<external>
}
