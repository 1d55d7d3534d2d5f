// REQUIRES: sluice-opt
// RUN: sluice-opt --iree-stream-dump-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRETTY
// RUN: sluice-opt --iree-stream-dump-statistics=output-format=csv %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CSV
// RUN: sluice-opt --pass-pipeline='builtin.module(iree-stream-dump-statistics{output-file=-})' %s | FileCheck %s --check-prefix=STDOUT

// stream-passes-2.md §13.

// PRETTY: //============================================================================//
// PRETTY-NEXT: // Aggregate Statistics (static, whole-program)
// PRETTY-NEXT: //============================================================================//
// PRETTY-NEXT: //
// PRETTY-NEXT: //   Constants: 1, estimated storage of 192 B (0.00 MiB)
// PRETTY-NEXT: //   Variables: 0, (TBD) 0 B (0.00 MiB)
// PRETTY-NEXT: //  D->H Syncs: 2
// PRETTY-NEXT: // Submissions: 2, using cumulative 0 B (0.00 MiB)
// PRETTY-NEXT: //   DMA Fills: 0
// PRETTY-NEXT: //  DMA Copies: 1
// PRETTY-NEXT: // Collectives: 0
// PRETTY-NEXT: //  Dispatches: 3
// PRETTY-NEXT: // Async Calls: 0
// PRETTY-NEXT: // Executables: 2, 33% reuse
// PRETTY-NEXT: //
// PRETTY-NEXT: //============================================================================//
// PRETTY-NEXT: // Constants / Variables
// PRETTY: // Synchronization
// PRETTY: // Streams
// PRETTY: //----------------------------------------------------------------------------//
// PRETTY-NEXT: // stream.cmd.execute util.func
// PRETTY-NEXT: //----------------------------------------------------------------------------//
// PRETTY-NEXT: // builtin.module > util.func @func_a > stream.cmd.execute
// PRETTY: // Executables
// PRETTY: // stream.executable.export @func_a_ex_0::@dispatch_0
// PRETTY-NEXT: //----------------------------------------------------------------------------//
// PRETTY-NEXT: // builtin.module > stream.executable @func_a_ex_0 > builtin.module > util.func @dispatch_0

// CSV: ;
// CSV-NEXT: ; Aggregate Statistics (static, whole-program)
// CSV-NEXT: ;
// CSV-EMPTY:
// CSV-NEXT: "Constants","Constant Size","Variables","Variable Size","Awaits","Submissions","Transient Size","Fills","Copies","Dispatches","Async Calls","Executables"
// CSV-NEXT: 1,192,0,0,2,2,0,0,1,3,0,2
// CSV: ; Execution
// CSV: ; builtin.module > util.func @func_a > stream.cmd.execute
// CSV-NEXT: "Depth","Command","Symbol","Length","Invocations","Workload","Operands","Resources"
// CSV-NEXT: 0,"copy",,16,,,,
// CSV-NEXT: 1,"dispatch","@func_a_ex_0::@dispatch_0",,4,"4;1;1",0,3

// STDOUT: // Aggregate Statistics (static, whole-program)
// STDOUT: module

util.global private @_constant : !stream.resource<constant>
util.initializer {
  %c192 = arith.constant 192 : index
  %buffer = util.buffer.constant : !util.buffer = dense<1> : tensor<48xi32>
  %0 = stream.resource.alloc uninitialized : !stream.resource<constant>{%c192}
  util.global.store %0, @_constant : !stream.resource<constant>
  util.return
}
stream.executable private @func_a_ex_0 {
  stream.executable.export public @dispatch_0
  builtin.module {
    util.func public @dispatch_0(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding) {
      util.return
    }
  }
}
stream.executable private @func_a_ex_1 {
  stream.executable.export public @dispatch_1
  builtin.module {
    util.func public @dispatch_1(%arg0: !stream.binding) {
      util.return
    }
  }
}
util.func public @func_a(%arg0: !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %r = stream.resource.alloc uninitialized : !stream.resource<transient>{%c64}
  %0 = stream.cmd.execute with(%arg0 as %a: !stream.resource<external>{%c64}, %r as %b: !stream.resource<transient>{%c64}) {
    stream.cmd.copy %a[%c0], %b[%c0], %c16 : !stream.resource<external>{%c64} -> !stream.resource<transient>{%c64}
    stream.cmd.concurrent {
      stream.cmd.dispatch @func_a_ex_0::@dispatch_0[%c4, %c1, %c1] {
        ro %a[%c0 for %c16] : !stream.resource<external>{%c64},
        ro %b[%c0 for %c16] : !stream.resource<transient>{%c64},
        wo %b[%c16 for %c16] : !stream.resource<transient>{%c64}
      }
      stream.cmd.dispatch @func_a_ex_1::@dispatch_1 {
        rw %b[%c0 for %c16] : !stream.resource<transient>{%c64}
      }
    }
  } => !stream.timepoint
  %1 = stream.timepoint.await %0 => %arg0 : !stream.resource<external>{%c64}
  %2 = stream.cmd.execute with(%r as %b: !stream.resource<transient>{%c64}) {
    stream.cmd.dispatch @func_a_ex_1::@dispatch_1 {
      rw %b[%c0 for %c16] : !stream.resource<transient>{%c64}
    }
  } => !stream.timepoint
  %3 = stream.timepoint.await %2 => %r : !stream.resource<transient>{%c64}
  util.return
}
