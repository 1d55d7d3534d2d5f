//===- TypeConverter.h - the --iree-vm-conversion types ---------*- C++ -*-===//
//
// support-dialects.md §5.6 item 3: index -> i<index-bits>; i1/i8/i16 -> i32;
// i32/i64 kept; floats narrower than 32 bits -> i32, f32/f64 kept;
// !util.buffer -> !vm.buffer; !util.list<E> -> !vm.list<E'> (object and
// variant elements -> ?); !util.object -> !vm.ref<?>; !util.variant ->
// !vm.opaque; hal types -> !vm.ref<T>; vectors -> !vm.buffer; vm types kept.
// Anything else is not convertible.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_VM_CONVERSION_TYPECONVERTER_H
#define SLUICE_DIALECT_VM_CONVERSION_TYPECONVERTER_H

#include "mlir/Transforms/DialectConversion.h"

namespace sluice::vm {

class VMTypeConverter : public mlir::TypeConverter {
public:
  explicit VMTypeConverter(unsigned indexBits);

  unsigned getIndexBits() const { return indexBits; }

private:
  unsigned indexBits;
};

} // namespace sluice::vm

#endif // SLUICE_DIALECT_VM_CONVERSION_TYPECONVERTER_H
