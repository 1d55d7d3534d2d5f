// Source of the scope "a" archive used by import_parameters_options.mlir.
util.global private @small = dense<[1, 2]> : tensor<2xi32>
util.global private @large = dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi32>
util.global private @splat = dense<7> : tensor<16xi16>
