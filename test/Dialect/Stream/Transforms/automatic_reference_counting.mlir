// RUN: sluice-opt --split-input-file --iree-stream-automatic-reference-counting %s | FileCheck %s
// REQUIRES: sluice-opt

// No users: released as soon as it is allocated, preferring the origin.
// CHECK-LABEL: @noUsers
// CHECK: %[[RESOURCE:.+]], %[[TIMEPOINT:.+]] = stream.resource.alloca uninitialized : !stream.resource<transient>{%[[SIZE:.+]]} => !stream.timepoint
// CHECK-NEXT: stream.resource.dealloca origin await(%[[TIMEPOINT]]) => %[[RESOURCE]] : !stream.resource<transient>{%[[SIZE]]} => !stream.timepoint
util.func public @noUsers(%size: index) {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  util.return
}

// -----

// CHECK-LABEL: @noUsersAffinity
// CHECK: %[[RESOURCE:.+]], %[[TIMEPOINT:.+]] = stream.resource.alloca
// CHECK-NEXT: stream.resource.dealloca on(#hal.device.promise<@device>) await(%[[TIMEPOINT]]) => %[[RESOURCE]]
util.func public @noUsersAffinity(%size: index) {
  %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.promise<@device>) : !stream.resource<transient>{%size} => !stream.timepoint
  util.return
}

// -----

// CHECK-LABEL: @singleUser
// CHECK: %[[RESOURCE:.+]], %[[TIMEPOINT:.+]] = stream.resource.alloca
// CHECK: %[[EXEC:.+]] = stream.cmd.execute await(%[[TIMEPOINT]])
// CHECK: %[[DEALLOCA:.+]] = stream.resource.dealloca origin await(%[[EXEC]]) => %[[RESOURCE]]
// CHECK: util.return %[[DEALLOCA]]
util.func public @singleUser(%size: index) -> !stream.timepoint {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  %exec = stream.cmd.execute await(%result_timepoint) => with(%result as %capture: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  util.return %exec : !stream.timepoint
}

// -----

// The last user's timepoint is awaited; later waiters on it are rewired.
// CHECK-LABEL: @sequentialUsers
// CHECK: %[[RESOURCE:.+]], %[[TIMEPOINT:.+]] = stream.resource.alloca
// CHECK: %[[EXEC0:.+]] = stream.cmd.execute await(%[[TIMEPOINT]])
// CHECK: %[[EXEC1:.+]] = stream.cmd.execute await(%[[EXEC0]])
// CHECK: %[[DEALLOCA:.+]] = stream.resource.dealloca origin await(%[[EXEC1]]) => %[[RESOURCE]]
// CHECK: %[[EXEC2:.+]] = stream.cmd.execute await(%[[DEALLOCA]])
// CHECK: util.return %[[EXEC2]]
util.func public @sequentialUsers(%size: index) -> !stream.timepoint {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  %exec0 = stream.cmd.execute await(%result_timepoint) => with(%result as %capture: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %exec1 = stream.cmd.execute await(%exec0) => with(%result as %capture: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %exec2 = stream.cmd.execute await(%exec1) => with() {
  } => !stream.timepoint
  util.return %exec2 : !stream.timepoint
}

// -----

// Forked users are joined before the release.
// CHECK-LABEL: @forkedUsers
// CHECK: %[[RESOURCE:.+]], %[[TIMEPOINT:.+]] = stream.resource.alloca
// CHECK: %[[EXEC0:.+]] = stream.cmd.execute await(%[[TIMEPOINT]])
// CHECK: %[[EXEC1:.+]] = stream.cmd.execute await(%[[TIMEPOINT]])
// CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[EXEC0]], %[[EXEC1]])
// CHECK-NEXT: %[[DEALLOCA:.+]] = stream.resource.dealloca origin await(%[[JOIN]]) => %[[RESOURCE]]
// CHECK-NEXT: %[[USER_JOIN:.+]] = stream.timepoint.join max(%[[EXEC0]], %[[DEALLOCA]])
// CHECK: util.return %[[USER_JOIN]]
util.func public @forkedUsers(%size: index) -> !stream.timepoint {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  %exec0 = stream.cmd.execute await(%result_timepoint) => with(%result as %capture: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %exec1 = stream.cmd.execute await(%result_timepoint) => with(%result as %capture: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %join = stream.timepoint.join max(%exec0, %exec1) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// CHECK-LABEL: @existingDealloca
// CHECK-COUNT-1: stream.resource.dealloca
// CHECK-NOT: stream.resource.dealloca
util.func public @existingDealloca(%size: index) -> !stream.timepoint {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  %d = stream.resource.dealloca await(%result_timepoint) => %result : !stream.resource<transient>{%size} => !stream.timepoint
  util.return %d : !stream.timepoint
}

// -----

// CHECK-LABEL: @liveOut
// CHECK-NOT: stream.resource.dealloca
util.func public @liveOut(%size: index) -> !stream.resource<transient> {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  util.return %result : !stream.resource<transient>
}

// -----

// CHECK-LABEL: @tiedIndeterminate
// CHECK-NOT: stream.resource.dealloca
util.func public @tiedIndeterminate(%size: index) -> !stream.resource<transient> {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  %ready = stream.timepoint.await %result_timepoint => %result : !stream.resource<transient>{%size}
  util.return %ready : !stream.resource<transient>
}

// -----

// Explicit ownership (retain/release) is left to the program.
// CHECK-LABEL: @retained
// CHECK-NOT: stream.resource.dealloca
util.func public @retained(%size: index) {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  stream.resource.retain %result : !stream.resource<transient>{%size}
  util.return
}

// -----

// ARC2-like bail-outs: several blocks, or a call directly in the body.
// CHECK-LABEL: @multiBlock
// CHECK-NOT: stream.resource.dealloca
util.func public @multiBlock(%size: index) {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  cf.br ^bb1
^bb1:
  util.return
}

// -----

// CHECK-LABEL: @withCall
// CHECK-NOT: stream.resource.dealloca
util.func private @callee()
util.func public @withCall(%size: index) {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  util.call @callee() : () -> ()
  util.return
}

// -----

// CHECK-LABEL: @globalStore
// CHECK-NOT: stream.resource.dealloca
util.global private mutable @global : !stream.resource<transient>
util.func public @globalStore(%size: index) {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  util.global.store %result, @global : !stream.resource<transient>
  util.return
}

// -----

// CHECK-LABEL: @explicitIndeterminate
// CHECK-NOT: stream.resource.dealloca
util.func public @explicitIndeterminate(%size: index) {
  %result, %result_timepoint = stream.resource.alloca uninitialized indeterminate : !stream.resource<transient>{%size} => !stream.timepoint
  util.return
}

// -----

// Only alloca-produced resources are owned here.
// CHECK-LABEL: @nonAllocaProducer
// CHECK-NOT: stream.resource.dealloca
util.func public @nonAllocaProducer(%key: !util.buffer, %offset: i64, %size: index) -> !stream.timepoint {
  %results, %result_timepoint = stream.cmd.parameter.load {
    %key[%offset] : !stream.resource<constant>{%size}
  } => !stream.timepoint
  %exec = stream.cmd.execute await(%result_timepoint) => with(%results as %capture: !stream.resource<constant>{%size}) {
  } => !stream.timepoint
  util.return %exec : !stream.timepoint
}

// -----

// CHECK-LABEL: @awaitArg
// CHECK: %[[EXEC:.+]] = stream.cmd.execute
// CHECK: stream.resource.dealloca origin await(%[[EXEC]])
util.func public @awaitArg(%size: index, %t: !stream.timepoint) -> !stream.timepoint {
  %result, %result_timepoint = stream.resource.alloca uninitialized await(%t) => !stream.resource<transient>{%size} => !stream.timepoint
  %exec0 = stream.cmd.execute await(%result_timepoint) => with(%result as %capture: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  util.return %exec0 : !stream.timepoint
}

// -----

// Two resources last used by one execute: the one produced first is released
// first and the other release waits on it.
// CHECK-LABEL: @sharedLast
// CHECK: %[[R1:.+]], %{{.+}} = stream.resource.alloca
// CHECK: %[[R2:.+]], %{{.+}} = stream.resource.alloca
// CHECK: %[[EXEC:.+]] = stream.cmd.execute
// CHECK: %[[D1:.+]] = stream.resource.dealloca origin await(%[[EXEC]]) => %[[R1]]
// CHECK-NEXT: %[[D2:.+]] = stream.resource.dealloca origin await(%[[D1]]) => %[[R2]]
// CHECK-NEXT: util.return %[[D2]]
util.func public @sharedLast(%size: index) -> !stream.timepoint {
  %r1, %t1 = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  %r2, %t2 = stream.resource.alloca uninitialized await(%t1) => !stream.resource<transient>{%size} => !stream.timepoint
  %exec = stream.cmd.execute await(%t2) => with(%r1 as %c1: !stream.resource<transient>{%size}, %r2 as %c2: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  util.return %exec : !stream.timepoint
}

// -----

// One user with several uses of the resource: consuming twice at the same
// timepoint keeps a single last use.
// CHECK-LABEL: @singleUserMultipleUses
// CHECK: %[[RESOURCE:.+]], %[[TIMEPOINT:.+]] = stream.resource.alloca uninitialized : !stream.resource<transient>{%[[SIZE:.+]]} => !stream.timepoint
// CHECK-NEXT: %[[EXEC:.+]] = stream.cmd.execute await(%[[TIMEPOINT]]) => with(%[[RESOURCE]] as %{{.+}}: !stream.resource<transient>{%[[SIZE]]}, %[[RESOURCE]] as %{{.+}}: !stream.resource<transient>{%[[SIZE]]})
// CHECK: %[[DEALLOCA:.+]] = stream.resource.dealloca origin await(%[[EXEC]]) => %[[RESOURCE]] : !stream.resource<transient>{%[[SIZE]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[DEALLOCA]]
// CHECK-NOT: stream.resource.dealloca
util.func public @singleUserMultipleUses(%size: index) -> !stream.timepoint {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  %exec = stream.cmd.execute await(%result_timepoint) => with(%result as %capture0: !stream.resource<transient>{%size}, %result as %capture1: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  util.return %exec : !stream.timepoint
}

// -----

// A live-in resource (function argument) is not owned here; an alloca used by
// the same command still is.
// CHECK-LABEL: @liveIn
// CHECK-SAME: (%[[ARG:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index)
// CHECK: %[[RESOURCE:.+]], %[[TIMEPOINT:.+]] = stream.resource.alloca
// CHECK-NEXT: %[[EXEC:.+]] = stream.cmd.execute await(%[[TIMEPOINT]])
// CHECK: %[[DEALLOCA:.+]] = stream.resource.dealloca origin await(%[[EXEC]]) => %[[RESOURCE]] : !stream.resource<transient>{%[[SIZE]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[DEALLOCA]]
// CHECK-NOT: stream.resource.dealloca
util.func public @liveIn(%arg: !stream.resource<transient>, %size: index) -> !stream.timepoint {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  %exec = stream.cmd.execute await(%result_timepoint) => with(%arg as %capture0: !stream.resource<transient>{%size}, %result as %capture1: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  util.return %exec : !stream.timepoint
}

// -----

// Explicit ownership (release) is left to the program.
// CHECK-LABEL: @released
// CHECK: stream.resource.release
// CHECK-NOT: stream.resource.dealloca
util.func public @released(%size: index) -> !stream.timepoint {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  %exec = stream.cmd.execute await(%result_timepoint) => with(%result as %capture: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %was_terminal = stream.resource.release %result : !stream.resource<transient>{%size}
  util.return %exec : !stream.timepoint
}

// -----

// A resource loaded from a global is not owned here.
// CHECK-LABEL: @globalLoad
// CHECK: util.global.load @global
// CHECK-NOT: stream.resource.dealloca
util.global private @global : !stream.resource<transient>
util.func public @globalLoad(%size: index) -> !stream.timepoint {
  %loaded = util.global.load @global : !stream.resource<transient>
  %exec = stream.cmd.execute with(%loaded as %capture: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  util.return %exec : !stream.timepoint
}

// -----

// An awaited resource aliases its base (stream.timepoint.await is tied and has
// no result timepoint): a later command using the awaited value is the last
// use of the allocation.
// CHECK-LABEL: @awaitedResource
// CHECK: %[[RESOURCE:.+]], %[[TIMEPOINT:.+]] = stream.resource.alloca uninitialized : !stream.resource<transient>{%[[SIZE:.+]]} => !stream.timepoint
// CHECK-NEXT: %[[READY:.+]] = stream.timepoint.await %[[TIMEPOINT]] => %[[RESOURCE]] : !stream.resource<transient>{%[[SIZE]]}
// CHECK-NEXT: %[[EXEC:.+]] = stream.cmd.execute with(%[[READY]] as
// The host-side await adds no timeline edge, so the command (a new root) does
// not cover the alloca timepoint and both are joined.
// CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[TIMEPOINT]], %[[EXEC]]) => !stream.timepoint
// CHECK-NEXT: %[[DEALLOCA:.+]] = stream.resource.dealloca origin await(%[[JOIN]]) => %[[RESOURCE]] : !stream.resource<transient>{%[[SIZE]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[DEALLOCA]]
// CHECK-NOT: stream.resource.dealloca
util.func public @awaitedResource(%size: index) -> !stream.timepoint {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  %ready = stream.timepoint.await %result_timepoint => %result : !stream.resource<transient>{%size}
  %exec = stream.cmd.execute with(%ready as %capture: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  util.return %exec : !stream.timepoint
}
