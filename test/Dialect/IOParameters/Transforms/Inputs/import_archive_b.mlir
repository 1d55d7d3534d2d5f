// Source of the unscoped archive used by import_parameters_options.mlir.
util.global private @unscoped = dense<[1.0, 2.0]> : tensor<2xf32>
