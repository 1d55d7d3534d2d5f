// REQUIRES: sluice-opt
// RUN: sluice-opt --sluice-stream-memory-report=%t.json %s -o /dev/null
// RUN: FileCheck %s < %t.json
// RUN: %python -c "import json, sys; d = json.load(open(sys.argv[1])); f = {x['name']: x for x in d['functions']}; t = f['two_slots']['transients']; assert (t['peak_bytes'], t['lower_bound_bytes'], t['allocated']['bytes']) == (2048, 1024, 2048), t; assert f['two_slots']['external_results']['bytes'] == 1024; assert f['dynamic']['transients']['peak_bytes'] is None; assert f['dynamic']['transients']['allocated']['dynamic'] == ['align(dim(arg0, 0) * 4, 64)']; e = f['external']['external_transients']; assert e['query'] == 'external_transients_size' and e['lower_bound_bytes'] == 512, e; assert 'external_transients_size' not in f; print('json ok', len(f))" %t.json | FileCheck %s --check-prefix=PY
// RUN: sluice-opt --sluice-stream-memory-report="output-file=- format=json" %s -o /dev/null | FileCheck %s

// --sluice-stream-memory-report in JSON (a `.json` file or format=json),
// checked as text and loaded with Python's json module.

// PY: json ok 3

// CHECK:      {
// CHECK-NEXT:   "version": 1,
// CHECK-NEXT:   "functions": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "two_slots",
// CHECK-NEXT:       "kind": "function",
// CHECK-NEXT:       "transients": {
// CHECK-NEXT:         "peak_bytes": 2048,
// CHECK-NEXT:         "lower_bound_bytes": 1024,
// CHECK-NEXT:         "allocated": {
// CHECK-NEXT:           "bytes": 2048,
// CHECK-NEXT:           "count": 1,
// CHECK-NEXT:           "unknown": 0,
// CHECK-NEXT:           "dynamic": []
// CHECK-NEXT:         },
// CHECK-NEXT:         "slabs": [
// CHECK-NEXT:           {
// CHECK-NEXT:             "kind": "alloca",
// CHECK-NEXT:             "size_bytes": 2048,
// CHECK-NEXT:             "slots": 2,
// CHECK-NEXT:             "slots_complete": true,
// CHECK-NEXT:             "slots_max_live_bytes": 1024,
// CHECK-NEXT:             "lifetime": [
// CHECK-NEXT:               5,
// CHECK-NEXT:               13
// CHECK-NEXT:             ]
// CHECK-NEXT:           }
// CHECK-NEXT:         ]
// CHECK-NEXT:       },
// CHECK-NEXT:       "constants": {
// CHECK-NEXT:         "bytes": 0,
// CHECK-NEXT:         "count": 0,
// CHECK-NEXT:         "unknown": 0,
// CHECK-NEXT:         "dynamic": []
// CHECK-NEXT:       },
// CHECK:            "external_results": {
// CHECK-NEXT:         "bytes": 1024,
// CHECK-NEXT:         "count": 1,
// CHECK:            "schedule": {
// CHECK-NEXT:         "execution_regions": 1,
// CHECK-NEXT:         "levels": 1,
// CHECK-NEXT:         "host_waits": 1
// CHECK-NEXT:       }
// CHECK-NEXT:     },
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "dynamic",
// CHECK:              "allocated": {
// CHECK-NEXT:           "bytes": 0,
// CHECK-NEXT:           "count": 1,
// CHECK-NEXT:           "unknown": 0,
// CHECK-NEXT:           "dynamic": [
// CHECK-NEXT:             "align(dim(arg0, 0) * 4, 64)"
// CHECK-NEXT:           ]
// CHECK:              "size_bytes": null,
// CHECK-NEXT:         "size_formula": "align(dim(arg0, 0) * 4, 64)",
// CHECK:            "name": "external",
// CHECK:            "external_transients": {
// CHECK-NEXT:         "size_bytes": null,
// CHECK-NEXT:         "query": "external_transients_size",
// CHECK-NEXT:         "formulas": [
// CHECK-NEXT:           "(t0 + max(t0, 1024)) * 4 where t0 = align(dim(arg0, 0) * dim(arg0, 1) * 4, 64)"
// CHECK-NEXT:         ],
// CHECK-NEXT:         "accessed_buffers": 1,
// CHECK-NEXT:         "lower_bound_bytes": 512
// CHECK-NEXT:       },
// CHECK-NOT:  "name": "external_transients_size"

util.func public @two_slots(%arg0: !stream.resource<external>, %arg1: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %c4 = arith.constant 4 : index
  %out, %t0 = stream.resource.alloca uninitialized : !stream.resource<external>{%c1024} => !stream.timepoint
  %slab, %t1 = stream.resource.alloca uninitialized : !stream.resource<transient>{%c2048} => !stream.timepoint
  %j = stream.timepoint.join max(%t0, %t1) => !stream.timepoint
  %e0 = stream.cmd.execute await(%j) => with(%arg0 as %a: !stream.resource<external>{%arg1}, %slab as %s: !stream.resource<transient>{%c2048}, %out as %o: !stream.resource<external>{%c1024}) {
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %a[%c0 for %c1024] : !stream.resource<external>{%arg1},
      wo %s[%c0 for %c1024] : !stream.resource<transient>{%c2048}
    }
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %s[%c0 for %c1024] : !stream.resource<transient>{%c2048},
      wo %o[%c0 for %c1024] : !stream.resource<external>{%c1024}
    }
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %o[%c0 for %c1024] : !stream.resource<external>{%c1024},
      wo %s[%c1024 for %c1024] : !stream.resource<transient>{%c2048}
    }
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %s[%c1024 for %c1024] : !stream.resource<transient>{%c2048},
      wo %o[%c0 for %c1024] : !stream.resource<external>{%c1024}
    }
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e0) => %slab : !stream.resource<transient>{%c2048} => !stream.timepoint
  %j2 = stream.timepoint.join max(%d, %e0) => !stream.timepoint
  %r = stream.timepoint.await %j2 => %out : !stream.resource<external>{%c1024}
  util.return %r : !stream.resource<external>
}
util.func public @dynamic(%view: !hal.buffer_view) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c0_i32 = arith.constant 0 : i32
  %c64 = arith.constant 64 : index
  %n = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  %bytes = arith.muli %n, %c4 : index
  %size = util.align %bytes, %c64 : index
  %out, %t0 = stream.resource.alloca uninitialized : !stream.resource<external>{%bytes} => !stream.timepoint
  %slab, %t1 = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  %j = stream.timepoint.join max(%t0, %t1) => !stream.timepoint
  %e0 = stream.cmd.execute await(%j) => with(%slab as %s: !stream.resource<transient>{%size}, %out as %o: !stream.resource<external>{%bytes}) {
    stream.cmd.fill %c0_i32, %s[%c0 for %bytes] : i32 -> !stream.resource<transient>{%size}
    stream.cmd.copy %s[%c0], %o[%c0], %bytes : !stream.resource<transient>{%size} -> !stream.resource<external>{%bytes}
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e0) => %slab : !stream.resource<transient>{%size} => !stream.timepoint
  %r = stream.timepoint.await %d => %out : !stream.resource<external>{%bytes}
  util.return %r : !stream.resource<external>
}
util.func public @external(%view: !hal.buffer_view, %storage: !stream.resource<transient>, %storage_size: index) -> !stream.resource<external> attributes {iree.reflection = {iree.abi.transients.size = @external_transients_size}} {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c4 = arith.constant 4 : index
  %out, %t0 = stream.resource.alloca uninitialized : !stream.resource<external>{%c256} => !stream.timepoint
  %e0 = stream.cmd.execute await(%t0) => with(%storage as %s: !stream.resource<transient>{%storage_size}, %out as %o: !stream.resource<external>{%c256}) {
    stream.cmd.dispatch @ex::@f[%c4] {
      wo %s[%c0 for %c256] : !stream.resource<transient>{%storage_size}
    }
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %s[%c0 for %c256] : !stream.resource<transient>{%storage_size},
      wo %s[%c256 for %c256] : !stream.resource<transient>{%storage_size}
    }
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %s[%c256 for %c256] : !stream.resource<transient>{%storage_size},
      wo %o[%c0 for %c256] : !stream.resource<external>{%c256}
    }
  } => !stream.timepoint
  %r = stream.timepoint.await %e0 => %out : !stream.resource<external>{%c256}
  util.return %r : !stream.resource<external>
}
util.func public @external_transients_size(%view: !hal.buffer_view, %storage: !stream.resource<transient>, %storage_size: index) -> index {
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %n = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  %m = hal.buffer_view.dim<%view : !hal.buffer_view>[1] : index
  %nm = arith.muli %n, %m : index
  %bytes = arith.muli %nm, %c4 : index
  %a = util.align %bytes, %c64 : index
  %b = arith.maxui %a, %c1024 : index
  %sum = arith.addi %a, %b : index
  %twice = arith.muli %sum, %c4 : index
  util.return %twice : index
}
