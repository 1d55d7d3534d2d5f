// REQUIRES: sluice-opt
// --iree-stream-refine-usage diagnostics (stream-passes-1.md §11.5).

// RUN: sluice-opt --split-input-file --iree-stream-refine-usage --verify-diagnostics --allow-unregistered-dialect %s

// A value produced by an op the rewrite does not know keeps `*`; a cast of
// it cannot be resolved.

util.func private @unresolvedCast(%size: index) -> !stream.resource<external> {
  %c1_i32 = arith.constant 1 : i32
  %r = "test.unknown_producer"() : () -> !stream.resource<*>
  // expected-error @+1 {{unresolved async.cast after stream usage refinement}}
  %cast = stream.async.cast %r : !stream.resource<*>{%size} -> !stream.resource<external>{%size}
  util.return %cast : !stream.resource<external>
}


// -----

// Every unresolved cast is reported.

util.func private @twoUnresolvedCasts(%size: index) -> (!stream.resource<external>, !stream.resource<transient>) {
  %c1_i32 = arith.constant 1 : i32
  %r = "test.unknown_producer"() : () -> !stream.resource<*>
  // expected-error @+1 {{unresolved async.cast after stream usage refinement}}
  %cast0 = stream.async.cast %r : !stream.resource<*>{%size} -> !stream.resource<external>{%size}
  // expected-error @+1 {{unresolved async.cast after stream usage refinement}}
  %cast1 = stream.async.cast %r : !stream.resource<*>{%size} -> !stream.resource<transient>{%size}
  util.return %cast0, %cast1 : !stream.resource<external>, !stream.resource<transient>
}
