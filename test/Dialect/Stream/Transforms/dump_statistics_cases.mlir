// REQUIRES: sluice-opt
// RUN: sluice-opt --iree-stream-dump-statistics=output-format=verbose %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: sluice-opt --iree-stream-dump-statistics=output-format=csv %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CSV
// RUN: rm -f %t.txt
// RUN: sluice-opt --pass-pipeline='builtin.module(iree-stream-dump-statistics{output-file=%t.txt})' %s -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: FileCheck %s --check-prefix=FILE < %t.txt
// RUN: sluice-opt --pass-pipeline='builtin.module(iree-stream-dump-statistics{output-file=%t.missing/dir/out.txt})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADFILE
// RUN: not sluice-opt --iree-stream-dump-statistics=output-format=json %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADFORMAT

// stream-passes-2.md §13: verbose output (same as pretty), [QUIRK DS1] fixed
// (no dispatches: `0% reuse`), the `minimum ` prefix for a dynamically sized
// alloca, constant alloca sizes summed, fills, output to a file, an
// unopenable output file (message, then stderr), an unknown format.

// VERBOSE: // Submissions: 2, using cumulative minimum 256 B (0.00 MiB)
// VERBOSE-NEXT: //   DMA Fills: 1
// VERBOSE-NEXT: //  DMA Copies: 0
// VERBOSE-NEXT: // Collectives: 0
// VERBOSE-NEXT: //  Dispatches: 0
// VERBOSE-NEXT: // Async Calls: 0
// VERBOSE-NEXT: // Executables: 0, 0% reuse
// VERBOSE: // stream.cmd.execute util.func
// VERBOSE-NEXT: //----------------------------------------------------------------------------//
// VERBOSE-NEXT: // builtin.module > util.func @fills > stream.cmd.execute
// VERBOSE: // stream.cmd.execute util.func
// VERBOSE-NEXT: //----------------------------------------------------------------------------//
// VERBOSE-NEXT: // builtin.module > util.func @fills > stream.cmd.execute
// VERBOSE: // Executables

// CSV: 0,0,0,0,0,2,256,1,0,0,0,0
// CSV: ; builtin.module > util.func @fills > stream.cmd.execute
// CSV-NEXT: "Depth","Command","Symbol","Length","Invocations","Workload","Operands","Resources"
// CSV-NEXT: 0,"fill",,128,,,,
// CSV-EMPTY:
// CSV-NEXT: ; builtin.module > util.func @fills > stream.cmd.execute
// CSV-NEXT: "Depth","Command","Symbol","Length","Invocations","Workload","Operands","Resources"
// CSV-EMPTY:

// QUIET-NOT: Aggregate
// FILE: // Aggregate Statistics (static, whole-program)
// FILE: // Executables: 0, 0% reuse

// BADFILE: Error opening iree-stream-dump-statistics output file '{{.*}}missing/dir/out.txt'
// BADFILE-NEXT: //============================================================================//
// BADFILE-NEXT: // Aggregate Statistics (static, whole-program)

// BADFORMAT: unknown output-format 'json'

util.func public @fills(%n: index) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c255_i32 = arith.constant 255 : i32
  %r0, %t0 = stream.resource.alloca uninitialized : !stream.resource<transient>{%c256} => !stream.timepoint
  %r1, %t1 = stream.resource.alloca uninitialized : !stream.resource<transient>{%n} => !stream.timepoint
  %0 = stream.cmd.execute await(%t0) => with(%r0 as %a: !stream.resource<transient>{%c256}) {
    stream.cmd.fill %c255_i32, %a[%c0 for %c128] : i32 -> !stream.resource<transient>{%c256}
  } => !stream.timepoint
  %1 = stream.cmd.execute await(%t1) => with(%r1 as %b: !stream.resource<transient>{%n}) {
  } => !stream.timepoint
  util.return
}
