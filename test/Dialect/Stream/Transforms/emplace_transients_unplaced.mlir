// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients="reference-compat=false unplaced=error" --verify-diagnostics %s
// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients="reference-compat=false unplaced=ignore" %s 2>&1 | FileCheck %s --check-prefix=IGNORE
// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients %s 2>&1 | FileCheck %s --check-prefix=IGNORE
// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients="reference-compat=false unplaced=ignore statistics=true" %s | FileCheck %s --check-prefix=STATS
// REQUIRES: sluice-opt

// external-transients.md §9.7: `unplaced=error` fails on an alloca left in
// place; `ignore` (and the standalone reference mode) says nothing.

// §9.7 statistics (recorded with statistics=true whatever `unplaced` says):
// STATS-LABEL: util.func public @side_work(
// STATS-SAME:  sluice.transients.statistics = {emplaced = 0 : i64, emplaced_bytes = 0 : i64, emplaced_dynamic = 0 : i64, unplaced = 1 : i64, unplaced_bytes = 64 : i64, unplaced_dynamic = 0 : i64}

// IGNORE-NOT: warning
// IGNORE-LABEL: util.func public @side_work
// IGNORE: stream.resource.alloca
// IGNORE-NOT: warning
util.func public @side_work(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint, !stream.timepoint) {
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{transient allocation of 64 bytes was not placed in external transient storage: it is not on the timeline of any annotated result}}
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%await) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp, %d : !stream.resource<*>, !stream.timepoint, !stream.timepoint
}
