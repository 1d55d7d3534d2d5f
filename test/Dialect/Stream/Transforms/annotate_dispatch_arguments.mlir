// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-annotate-dispatch-arguments %s | FileCheck %s

// stream-passes-2.md §12.2.

// Executables without an inner module are left alone.
// CHECK-LABEL: stream.executable private @externExecutable
// CHECK-NEXT: stream.executable.export public @dispatch
stream.executable private @externExecutable {
  stream.executable.export public @dispatch
}
util.func public @externSite(%a: index) {
  %c1 = arith.constant 1 : index
  %rsz = arith.constant 9999 : index
  %rbuf = stream.resource.alloc uninitialized : !stream.resource<transient>{%rsz}
  %0 = stream.cmd.execute with(%rbuf as %rb: !stream.resource<transient>{%rsz}) {
    stream.cmd.dispatch @externExecutable::@dispatch(%c1 : index) {
      rw %rb[%rsz for %rsz] : !stream.resource<transient>{%rsz}
    }
  } => !stream.timepoint
  util.return
}

// -----

// Potential values and alignments of operands.
stream.executable private @annotatedExecutable {
  stream.executable.export public @dispatch
  builtin.module {
    // CHECK: util.func public @dispatch(
    // CHECK-SAME: %arg0: index {stream.alignment = 4 : index, stream.values = [20 : index, 40 : index]}
    // CHECK-SAME: %arg1: i1 {stream.values = [false, true]}
    // CHECK-SAME: %arg2: f32,
    // CHECK-SAME: %arg3: index,
    util.func public @dispatch(%arg0: index, %arg1: i1, %arg2: f32, %arg3: index, %rbinding: !stream.binding) {
      util.return
    }
  }
}
// CHECK-LABEL: @annotatedSites
util.func public @annotatedSites(%external: index) {
  %c20 = arith.constant 20 : index
  %c40 = arith.constant 40 : index
  %false = arith.constant false
  %true = arith.constant true
  %f = arith.constant 1.0 : f32
  %rsz = arith.constant 9999 : index
  %rbuf = stream.resource.alloc uninitialized : !stream.resource<transient>{%rsz}
  %0 = stream.cmd.execute with(%rbuf as %rb: !stream.resource<transient>{%rsz}) {
    stream.cmd.dispatch @annotatedExecutable::@dispatch(%c20, %false, %f, %external : index, i1, f32, index) {
      rw %rb[%rsz for %rsz] : !stream.resource<transient>{%rsz}
    }
    stream.cmd.dispatch @annotatedExecutable::@dispatch(%c40, %true, %f, %external : index, i1, f32, index) {
      rw %rb[%rsz for %rsz] : !stream.resource<transient>{%rsz}
    }
  } => !stream.timepoint
  util.return
}

// -----

// Alignment from util.align; none for {4096, 4097}; 16 for {1200, 5232};
// 1024 for a global initialized to 1024 and stored 2048.
util.global private mutable @global = 1024 : index
util.func public @storeGlobal() {
  %c2048 = arith.constant 2048 : index
  util.global.store %c2048, @global : index
  util.return
}
stream.executable private @alignmentExecutable {
  stream.executable.export public @dispatch
  builtin.module {
    // CHECK: util.func public @dispatch(
    // CHECK-SAME: %arg0: index {stream.alignment = 16 : index}
    // CHECK-SAME: %arg1: index {stream.values = [4096 : index, 4097 : index]}
    // CHECK-SAME: %arg2: index {stream.alignment = 16 : index, stream.values = [1200 : index, 5232 : index]}
    // CHECK-SAME: %arg3: index {stream.alignment = 1024 : index, stream.values = [1024 : index, 2048 : index]}
    util.func public @dispatch(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %rbinding: !stream.binding) {
      util.return
    }
  }
}
util.func public @alignmentSites(%x: index) {
  %c16 = arith.constant 16 : index
  %c4096 = arith.constant 4096 : index
  %c4097 = arith.constant 4097 : index
  %c1200 = arith.constant 1200 : index
  %c5232 = arith.constant 5232 : index
  %aligned = util.align %x, %c16 : index
  %g = util.global.load @global : index
  %rsz = arith.constant 9999 : index
  %rbuf = stream.resource.alloc uninitialized : !stream.resource<transient>{%rsz}
  %0 = stream.cmd.execute with(%rbuf as %rb: !stream.resource<transient>{%rsz}) {
    stream.cmd.dispatch @alignmentExecutable::@dispatch(%aligned, %c4096, %c1200, %g : index, index, index, index) {
      rw %rb[%rsz for %rsz] : !stream.resource<transient>{%rsz}
    }
    stream.cmd.dispatch @alignmentExecutable::@dispatch(%aligned, %c4097, %c5232, %g : index, index, index, index) {
      rw %rb[%rsz for %rsz] : !stream.resource<transient>{%rsz}
    }
  } => !stream.timepoint
  util.return
}

// -----

// Binding alignments: offsets {0, 64} -> 64; an external offset -> none;
// all-zero offsets -> the config's minimum offset alignment (64 by default).
stream.executable private @bindingExecutable {
  stream.executable.export public @dispatch
  builtin.module {
    // CHECK: util.func public @dispatch(
    // CHECK-SAME: %arg0: !stream.binding {stream.alignment = 64 : index}
    // CHECK-SAME: %arg1: !stream.binding,
    // CHECK-SAME: %arg2: !stream.binding {stream.alignment = 64 : index}
    util.func public @dispatch(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding) {
      util.return
    }
  }
}
util.func public @bindingSites(%offset: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %alloc = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  %0 = stream.cmd.execute with(%alloc as %a: !stream.resource<transient>{%c128}) {
    stream.cmd.dispatch @bindingExecutable::@dispatch {
      ro %a[%c0 for %c64] : !stream.resource<transient>{%c128},
      ro %a[%offset for %c64] : !stream.resource<transient>{%c128},
      rw %a[%c0 for %c64] : !stream.resource<transient>{%c128}
    }
    stream.cmd.dispatch @bindingExecutable::@dispatch {
      ro %a[%c64 for %c64] : !stream.resource<transient>{%c128},
      ro %a[%c0 for %c64] : !stream.resource<transient>{%c128},
      rw %a[%c0 for %c64] : !stream.resource<transient>{%c128}
    }
  } => !stream.timepoint
  util.return
}

// -----

// [QUIRK AD2] an export without dispatch sites gets stream.values = [].
stream.executable private @unusedExecutable {
  stream.executable.export public @dispatch
  builtin.module {
    // CHECK: util.func public @dispatch(%arg0: index {stream.values = []}, %arg1: !stream.binding)
    util.func public @dispatch(%arg0: index, %rbinding: !stream.binding) {
      util.return
    }
  }
}
