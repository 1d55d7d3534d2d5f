//===- UtilDivisibility.td - integer divisibility interface -*- tablegen -*-===//
//
// InferIntDivisibilityOpInterface (support-dialects.md §1.4.11): ops that can
// say by which numbers their integer results are divisible, given what is
// known of their operands. The lattice (IntegerDivisibility) lives in
// UtilDivisibility.h; the dataflow analysis in Util/Analysis.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILDIVISIBILITY
#define SLUICE_DIALECT_UTIL_IR_UTILDIVISIBILITY

include "mlir/IR/OpBase.td"

def Util_InferIntDivisibilityOp
    : OpInterface<"InferIntDivisibilityOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    Infers the unsigned and signed divisibility of an op's integer results
    from the divisibility of its operands.
  }];
  let methods = [
    InterfaceMethod<[{
        Computes result divisibilities from `argDivs` (one entry per operand;
        an entry may be uninitialized when nothing is known yet) and reports
        each inferred result through `setResultDivs`. Results that are not
        reported are left unchanged.
      }],
      "void", "inferResultDivisibility",
      (ins "::llvm::ArrayRef<::sluice::util::IntegerDivisibility>":$argDivs,
           "::sluice::util::SetIntDivisibilityFn":$setResultDivs)>,
  ];
}

#endif // SLUICE_DIALECT_UTIL_IR_UTILDIVISIBILITY
