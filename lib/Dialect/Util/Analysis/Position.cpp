//===- Position.cpp - debug printing of positions -------------------------===//

#include "sluice/Dialect/Util/Analysis/Position.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Operation.h"

using namespace mlir;

namespace sluice::util {

void Position::print(llvm::raw_ostream &os) const {
  switch (kind) {
  case Kind::Invalid:
    os << "<invalid>";
    return;
  case Kind::Value:
    os << "value ";
    getValue().printAsOperand(os, OpPrintingFlags());
    return;
  case Kind::ReturnedValue:
    os << "returned value " << index << " of " << getOperation()->getName();
    return;
  case Kind::Operation:
    os << "op " << getOperation()->getName();
    return;
  case Kind::Block:
    os << "block " << ptr;
    return;
  }
}

void Position::print(llvm::raw_ostream &os, AsmState &asmState) const {
  switch (kind) {
  case Kind::Value:
    os << "value ";
    getValue().printAsOperand(os, asmState);
    return;
  case Kind::Block:
    os << "block ";
    getBlock()->printAsOperand(os, asmState);
    return;
  default:
    print(os);
    return;
  }
}

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Position &pos) {
  pos.print(os);
  return os;
}

} // namespace sluice::util
