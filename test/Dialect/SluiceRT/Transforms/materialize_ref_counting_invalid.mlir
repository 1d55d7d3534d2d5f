// RUN: sluice-opt --split-input-file --sluice-materialize-ref-counting --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @ref_in_scf(%c: i1, %b: !hal.buffer) -> !hal.buffer {
  %r = scf.if %c -> !hal.buffer {
    // expected-error @+1 {{'scf.yield' op uses a reference inside 'scf.if'; convert structured control flow to cf before the native lowering}}
    scf.yield %b : !hal.buffer
  } else {
    %null = util.null : !hal.buffer
    scf.yield %null : !hal.buffer
  }
  util.return %r : !hal.buffer
}
