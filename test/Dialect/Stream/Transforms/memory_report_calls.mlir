// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --sluice-stream-memory-report=- %s -o /dev/null | FileCheck %s
// RUN: sluice-opt --sluice-stream-memory-report="output-file=- format=json" %s -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: sluice-opt --sluice-stream-memory-report=%t.json %s -o /dev/null
// RUN: %python -c "import json,sys; f=json.load(open(sys.argv[1]))['functions'][0]; t=f['transients']; s=[x for x in t['slabs'] if x['kind']=='external'][0]; assert s['slots']==5 and s['callee_slots']==4, s; assert f['schedule']['callee_regions']==4; assert {c['callee']: c['calls'] for c in f['calls']['looked_into']}=={'leaf\$transients': 3, 'middle\$transients': 1}; print('json ok')" %t.json | FileCheck %s --check-prefix=JSONOK
// RUN: sluice-opt --sluice-stream-dump-timeline=%t.svg %s -o /dev/null
// RUN: %python %S/Inputs/check_timeline_svg.py %t.svg | FileCheck %s --check-prefix=SVG
// RUN: FileCheck %s --check-prefix=TOOLTIP < %t.svg

// The memory report and the timeline picture look into callees (issue 21
// items 3-4 with external-transients.md §9.2): the specialized callees of
// --iree-stream-emplace-transients receive a subview of the caller's
// storage as their slab; their slots are nested at that offset in the
// caller's storage, their execution regions are placed on the caller's
// timeline after what the call waits for, and their own allocas are the
// caller's slabs (one per call).

// Storage layout of @caller (what emplacement and layout-slices give): its
// own 1024 B at 0, @leaf's slab (256 B) at 1024, @middle's slab (64 B of its
// own + @leaf's 256 B at 64) at 1280; @leaf is called again at 1024 after
// @middle. Five slots in the storage, four of them written by callees;
// @middle also allocates 128 B itself (left in place).
// CHECK-LABEL: // sluice memory report: 1 function
// CHECK-NEXT: function @caller
// CHECK-NEXT:   transients:           peak 128 B, max-live lower bound 128 B
// CHECK-NEXT:                         1 allocation, 128 B in total
// CHECK-NEXT:                         slab 0 (external): arg3, 5 slots (4 from callees), slots max-live 1024 B (1.0 KiB)
// CHECK-NEXT:                         slab 1 (in @middle$transients): 128 B, 1 slot (1 from callees), slots max-live 128 B
// CHECK-NEXT:   external transients:  accessed storage: 1 buffer, slots max-live lower bound 1024 B (1.0 KiB)
// CHECK-NEXT:   constants:            0 B
// CHECK-NEXT:   parameters read:      0 B
// CHECK-NEXT:   parameters written:   0 B
// CHECK-NEXT:   external results:
// CHECK-NEXT:   calls:                @leaf$transients (3 calls), @middle$transients (1 call)
// CHECK-NEXT:   schedule:             5 execution regions (4 in callees), 5 levels, 0 host waits

// JSON:      "name": "caller",
// JSON:      "slabs": [
// JSON-NEXT:   {
// JSON-NEXT:     "kind": "external",
// JSON:          "lifetime": [
// JSON:          ],
// JSON-NEXT:     "callee_slots": 4
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "kind": "alloca",
// JSON-NEXT:     "size_bytes": 128,
// JSON:          "lifetime": [
// JSON:          ],
// JSON-NEXT:     "callee": "middle$transients",
// JSON-NEXT:     "callee_slots": 1
// JSON-NEXT:   }
// JSON:      "calls": {
// JSON-NEXT:   "looked_into": [
// JSON-NEXT:     {
// JSON-NEXT:       "callee": "leaf$transients",
// JSON-NEXT:       "calls": 3
// JSON-NEXT:     },
// JSON-NEXT:     {
// JSON-NEXT:       "callee": "middle$transients",
// JSON-NEXT:       "calls": 1
// JSON-NEXT:     }
// JSON-NEXT:   ],
// JSON-NEXT:   "not_looked_into": 0
// JSON-NEXT: },
// JSON-NEXT: "schedule": {
// JSON-NEXT:   "execution_regions": 5,
// JSON-NEXT:   "levels": 5,
// JSON-NEXT:   "host_waits": 0,
// JSON-NEXT:   "callee_regions": 4
// JSON-NEXT: }
// JSONOK: json ok

// SVG:      function @caller: 5 execution regions, 5 levels, 2 transient slabs, 4 calls looked into
// SVG-NEXT:   lane=1 region=5 wait=4 host-wait=0 slab=2 slot=6 callee-region=4 callee-slot=5
// SVG-NEXT:   region labels: 5 #0 #1 #2 #3 #4
// The nested offsets: the second call of @leaf writes the bytes of the
// first (1024), @middle's own bytes are at 1280, its @leaf's at 1344.
// TOOLTIP: <title>execute #1 in @leaf$transients: level 1,
// TOOLTIP: <title>execute #2 in @middle$transients: level 2,
// TOOLTIP: <title>execute #3 in @leaf$transients: level 3,
// TOOLTIP: <title>execute #4 in @leaf$transients: level 4,
// TOOLTIP: <title>slab 0 (external): arg3, 5 slots (4 from callees)</title>
// TOOLTIP: <title>slot of slab 0: offset 0, 1024 B (1.0 KiB), live from command 0 of #0 to command 0 of #0, 1 accesses</title>
// TOOLTIP: <title>slot of slab 0: offset 1024, 256 B, live from command 0 of #1 to command 1 of #1, 2 accesses, by @leaf$transients</title>
// TOOLTIP: <title>slot of slab 0: offset 1280, 64 B, live from command 0 of #2 to command 0 of #2, 1 accesses, by @middle$transients</title>
// TOOLTIP: <title>slot of slab 0: offset 1344, 256 B, live from command 0 of #3 to command 1 of #3, 2 accesses, by @leaf$transients</title>
// TOOLTIP: <title>slot of slab 0: offset 1024, 256 B, live from command 0 of #4 to command 1 of #4, 2 accesses, by @leaf$transients</title>
// TOOLTIP: <title>slab 1 in @middle$transients: 128 B, 1 slots (1 from callees)</title>

util.func private @leaf$transients(%await: !stream.timepoint, %slab: !stream.resource<transient>, %slab_size: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c0_i32 = arith.constant 0 : i32
  %view = stream.resource.subview %slab[%c0] : !stream.resource<transient>{%slab_size} -> !stream.resource<transient>{%c256}
  %e = stream.cmd.execute await(%await) => with(%view as %x: !stream.resource<transient>{%c256}) {
    stream.cmd.fill %c0_i32, %x[%c0 for %c256] : i32 -> !stream.resource<transient>{%c256}
    stream.cmd.flush %x[%c0 for %c256] : !stream.resource<transient>{%c256}
  } => !stream.timepoint
  util.return %e : !stream.timepoint
}
util.func private @middle$transients(%await: !stream.timepoint, %slab: !stream.resource<transient>, %slab_size: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c0_i32 = arith.constant 0 : i32
  %own = stream.resource.subview %slab[%c0] : !stream.resource<transient>{%slab_size} -> !stream.resource<transient>{%c64}
  %real, %real_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c128} => !stream.timepoint
  %e = stream.cmd.execute await(%real_tp) => with(%own as %x: !stream.resource<transient>{%c64}, %real as %y: !stream.resource<transient>{%c128}) {
    stream.cmd.fill %c0_i32, %x[%c0 for %c64] : i32 -> !stream.resource<transient>{%c64}
    stream.cmd.fill %c0_i32, %y[%c0 for %c128] : i32 -> !stream.resource<transient>{%c128}
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %real : !stream.resource<transient>{%c128} => !stream.timepoint
  %leaf_slab = stream.resource.subview %slab[%c64] : !stream.resource<transient>{%slab_size} -> !stream.resource<transient>{%c256}
  %t = util.call @leaf$transients(%d, %leaf_slab, %c256) : (!stream.timepoint, !stream.resource<transient>, index) -> !stream.timepoint
  util.return %t : !stream.timepoint
}
util.func public @caller(%input: !stream.resource<external>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %c1280 = arith.constant 1280 : index
  %c256 = arith.constant 256 : index
  %c320 = arith.constant 320 : index
  %c1600 = arith.constant 1600 : index
  %c0_i32 = arith.constant 0 : i32
  %base = stream.resource.subview %storage[%c0] : !stream.resource<transient>{%storage_size} -> !stream.resource<transient>{%c1600}
  %own = stream.resource.subview %base[%c0] : !stream.resource<transient>{%c1600} -> !stream.resource<transient>{%c1024}
  %e = stream.cmd.execute await(%await) => with(%own as %x: !stream.resource<transient>{%c1024}) {
    stream.cmd.fill %c0_i32, %x[%c0 for %c1024] : i32 -> !stream.resource<transient>{%c1024}
  } => !stream.timepoint
  %leaf_slab = stream.resource.subview %base[%c1024] : !stream.resource<transient>{%c1600} -> !stream.resource<transient>{%c256}
  %t0 = util.call @leaf$transients(%e, %leaf_slab, %c256) : (!stream.timepoint, !stream.resource<transient>, index) -> !stream.timepoint
  %middle_slab = stream.resource.subview %base[%c1280] : !stream.resource<transient>{%c1600} -> !stream.resource<transient>{%c320}
  %t1 = util.call @middle$transients(%t0, %middle_slab, %c320) : (!stream.timepoint, !stream.resource<transient>, index) -> !stream.timepoint
  %t2 = util.call @leaf$transients(%t1, %leaf_slab, %c256) : (!stream.timepoint, !stream.resource<transient>, index) -> !stream.timepoint
  util.return %input, %t2 : !stream.resource<external>, !stream.timepoint
}

// -----

// Calls that are not looked into: an external callee and recursion (the
// report must terminate; the inner call of @self is not followed).
// CHECK-LABEL: // sluice memory report: 1 function
// CHECK-NEXT: function @opaque
// CHECK:        calls:                @self (1 call), 2 not looked into
// CHECK-NEXT:   schedule:             1 execution region (1 in callees), 1 level, 0 host waits
util.func private @external(%await: !stream.timepoint) -> !stream.timepoint
util.func private @self(%await: !stream.timepoint) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c64}) {
    stream.cmd.discard %x[%c0 for %c64] : !stream.resource<transient>{%c64}
  } => !stream.timepoint
  %t = util.call @self(%e) : (!stream.timepoint) -> !stream.timepoint
  %d = stream.resource.dealloca await(%t) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @opaque(%await: !stream.timepoint) -> !stream.timepoint {
  %t0 = util.call @external(%await) : (!stream.timepoint) -> !stream.timepoint
  %t1 = util.call @self(%t0) : (!stream.timepoint) -> !stream.timepoint
  util.return %t1 : !stream.timepoint
}
