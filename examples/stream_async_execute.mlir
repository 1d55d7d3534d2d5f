// A stream.async.execute region that uses every async-phase op (stream-ir.md §12.7, §12.8); the
// main job verifies it, prints it and re-parses the output.

stream.executable private @ex {
  stream.executable.export public @fn
}
stream.async.func private @ext(%arg0: !stream.resource<*>, %arg1: index) -> %arg0

util.func public @every_async_op(%in: !stream.resource<external>, %n: index, %stg: !stream.resource<staging>, %ch: !stream.channel, %w: !stream.timepoint, %p: i32) -> (!stream.resource<external>, !stream.resource<staging>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@dev>) await(%w) => with(%in as %a: !stream.resource<external>{%n}, %stg as %s: !stream.resource<staging>{%n}) -> (%in{%n}, %stg{%n}) {
    %alloca = stream.async.alloca : !stream.resource<transient>{%n}
    %cst = stream.async.constant : !stream.resource<*>{%c8} = dense<[1, 2]> : tensor<2xi32>
    %splat = stream.async.splat %p : i32 -> !stream.resource<*>{%n}
    %clone = stream.async.clone %a : !stream.resource<external>{%n} -> !stream.resource<*>{%n}
    %slice = stream.async.slice %clone[%c0 to %c8] : !stream.resource<*>{%n} -> !stream.resource<*>{%c8}
    %fill = stream.async.fill %p, %splat[%c0 to %c4 for %c4] : i32 -> %splat as !stream.resource<*>{%n}
    %update = stream.async.update %slice, %fill[%c0 to %c8] : !stream.resource<*>{%c8} -> %fill as !stream.resource<*>{%n}
    %copy = stream.async.copy %cst[%c0 to %c8], %update[%c0 to %c8], %c8 : !stream.resource<*>{%c8} -> %update as !stream.resource<*>{%n}
    %coll = stream.async.collective<all_reduce with sum : si32>[%c4] channel(%ch) %copy[%c0 to %n for %n], %clone[%c0 to %n for %n] : !stream.resource<*>{%n} -> %clone as !stream.resource<*>{%n}
    %barrier = stream.async.barrier %coll : !stream.resource<*>{%n}
    %xfer = stream.async.transfer %barrier : !stream.resource<*>{%n} -> !stream.resource<external>{%n}
    %cast = stream.async.cast %alloca : !stream.resource<transient>{%n} -> !stream.resource<*>{%n}
    %load = stream.async.load %s[%c0] : !stream.resource<staging>{%n} -> i32
    %store = stream.async.store %load, %s[%c4] : i32 -> %s as !stream.resource<staging>{%n}
    %dispatch = stream.async.dispatch @ex::@fn[%c4](%cast[%c0 to %n for %n], %load) : (!stream.resource<*>{%n}, i32) -> %cast{%n}
    %call = stream.async.call @ext(%dispatch[%c0 to %n for %n], %n) : (!stream.resource<*>{%n}, index) -> %dispatch{%n}
    %conc:2 = stream.async.concurrent with(%call as %x: !stream.resource<*>{%n}, %xfer as %y: !stream.resource<external>{%n}) -> (%call{%n}, %xfer{%n}) {
      %f2 = stream.async.fill %p, %x[%c0 to %c4 for %c4] : i32 -> %x as !stream.resource<*>{%n}
      stream.yield %f2, %y : !stream.resource<*>{%n}, !stream.resource<external>{%n}
    }
    %up2 = stream.async.update %conc#1, %a[%c0 to %n] : !stream.resource<external>{%n} -> %a as !stream.resource<external>{%n}
    stream.yield %up2, %store : !stream.resource<external>{%n}, !stream.resource<staging>{%n}
  } => !stream.timepoint
  util.return %r#0, %r#1, %t : !stream.resource<external>, !stream.resource<staging>, !stream.timepoint
}
