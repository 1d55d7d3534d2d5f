//===- SymbolRenaming.h - renaming many symbols in one walk -------*- C++
//-*-===//
//
// `SymbolTable::renameSymbol` walks the symbol table's region once per
// symbol: renaming every function of a module that way is quadratic.
// `renameSymbolUses` renames the uses of many symbols in one walk, and
// `renameSymbols` the definitions too.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_SUPPORT_SYMBOLRENAMING_H
#define SLUICE_SUPPORT_SYMBOLRENAMING_H

#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

namespace sluice {

using SymbolRenameMap = llvm::DenseMap<mlir::StringAttr, mlir::StringAttr>;

/// On an external declaration: the symbol it binds to when that differs from
/// its MLIR name (set by --sluice-cpu-lower-math on a libm declaration whose
/// name a user function has; bound by --sluice-link-executables).
inline constexpr llvm::StringLiteral kLinkNameAttr = "sluice.link_name";

/// Renames the root of every symbol reference held by `op` or a nested op
/// whose root `renames` maps. Nested references (`@ex::@variant::@e`) keep
/// their leaves: only the root names a symbol of the table being renamed.
inline void renameSymbolUses(mlir::Operation *op,
                             const SymbolRenameMap &renames) {
  if (renames.empty())
    return;
  mlir::AttrTypeReplacer replacer;
  replacer.addReplacement([&](mlir::SymbolRefAttr ref)
                              -> std::pair<mlir::Attribute, mlir::WalkResult> {
    auto it = renames.find(ref.getRootReference());
    if (it == renames.end())
      return {ref, mlir::WalkResult::skip()};
    return {mlir::SymbolRefAttr::get(it->second, ref.getNestedReferences()),
            mlir::WalkResult::skip()};
  });
  replacer.recursivelyReplaceElementsIn(op, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/false);
}

/// Renames the symbols `renames` maps among the ops of `ops` (the top level
/// of a symbol table), and every use of them inside `ops`. Renames do not
/// chain: `a -> b, b -> c` swaps names as written.
template <typename Range>
void renameSymbols(Range &&ops, const SymbolRenameMap &renames) {
  if (renames.empty())
    return;
  for (mlir::Operation &op : ops) {
    renameSymbolUses(&op, renames);
    if (auto name = op.getAttrOfType<mlir::StringAttr>(
            mlir::SymbolTable::getSymbolAttrName()))
      if (mlir::StringAttr renamed = renames.lookup(name))
        mlir::SymbolTable::setSymbolName(&op, renamed);
  }
}

} // namespace sluice

#endif // SLUICE_SUPPORT_SYMBOLRENAMING_H
