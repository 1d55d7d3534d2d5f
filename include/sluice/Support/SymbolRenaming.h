//===- SymbolRenaming.h - renaming many symbols in one walk -------*- C++
//-*-===//
//
// `SymbolTable::renameSymbol` walks the symbol table's region once per
// symbol: renaming every function of a module that way is quadratic.
// `renameSymbolUses` renames the uses of many symbols in one walk.
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
/// its MLIR name (a libm function whose name a user symbol has). Set by
/// --sluice-cpu-lower-math and --sluice-link-executables; bound when the
/// module is translated to LLVM IR (NativeTarget.cpp).
inline constexpr llvm::StringLiteral kLinkNameAttr = "sluice.link_name";

/// Renames the root of every symbol reference held by `op` or a nested op
/// whose root `renames` maps, in one walk. Nested references
/// (`@ex::@variant::@e`) keep their leaves: only the root names a symbol of
/// the table being renamed.
inline void renameSymbolUses(mlir::Operation *op,
                             const SymbolRenameMap &renames) {
  if (renames.empty())
    return;
  mlir::AttrTypeReplacer replacer;
  // Symbol references are not found in types or elements attributes: not
  // visiting them keeps the walk cheap.
  replacer.addReplacement(
      [](mlir::Type type) -> std::pair<mlir::Type, mlir::WalkResult> {
        return {type, mlir::WalkResult::skip()};
      });
  replacer.addReplacement([](mlir::ElementsAttr attr)
                              -> std::pair<mlir::Attribute, mlir::WalkResult> {
    return {attr, mlir::WalkResult::skip()};
  });
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

} // namespace sluice

#endif // SLUICE_SUPPORT_SYMBOLRENAMING_H
