//===- SymbolRefsTest.cpp - SymbolRefScanner against SymbolTable ----------===//
//
// SymbolRefScanner must report exactly the symbol uses that
// `SymbolTable::getSymbolUses` reports (same users in the same order, the
// same references per user), without materializing attribute dictionaries.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "sluice/Dialect/Util/Analysis/SymbolRefs.h"

#include "mlir/IR/SymbolTable.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace mlir;
using namespace sluice::util;

namespace {

class SymbolRefsTest : public sluice::testing::DialectTest {
protected:
  /// "user-name: ref ref ...", one line per user, in the walk's order; the
  /// references of one user sorted (their order is unspecified).
  using Listing = std::vector<std::string>;

  static std::string print(Attribute attr) {
    std::string text;
    llvm::raw_string_ostream os(text);
    attr.print(os);
    return text;
  }

  static void append(Listing &listing, std::vector<Operation *> &users,
                     Operation *user, SymbolRefAttr ref) {
    if (users.empty() || users.back() != user) {
      users.push_back(user);
      listing.push_back(user->getName().getStringRef().str() + ":");
    }
    listing.back() += " " + print(ref);
  }

  static Listing normalize(Listing listing) {
    for (std::string &line : listing) {
      auto colon = line.find(':');
      std::vector<std::string> refs;
      std::string rest = line.substr(colon + 1);
      size_t pos = 0;
      while ((pos = rest.find(' ', 1)) != std::string::npos) {
        refs.push_back(rest.substr(0, pos));
        rest = rest.substr(pos);
      }
      refs.push_back(rest);
      std::sort(refs.begin(), refs.end());
      line = line.substr(0, colon + 1);
      for (const std::string &ref : refs)
        line += ref;
    }
    return listing;
  }

  Listing upstream(ModuleOp module) {
    Listing listing;
    std::vector<Operation *> users;
    auto uses = SymbolTable::getSymbolUses(&module.getBodyRegion());
    EXPECT_TRUE(uses.has_value());
    if (uses)
      for (const SymbolTable::SymbolUse &use : *uses)
        append(listing, users, use.getUser(), use.getSymbolRef());
    return normalize(listing);
  }

  Listing scanned(ModuleOp module, SymbolRefScanner &scanner) {
    Listing listing;
    std::vector<Operation *> users;
    scanner.forEachSymbolUse(module->getRegions(),
                             [&](Operation *user, SymbolRefAttr ref) {
                               append(listing, users, user, ref);
                             });
    return normalize(listing);
  }
};

constexpr const char *kModule = R"mlir(
util.global private @g : index
util.global private mutable @h : index
util.global private @t : tensor<4xf32, @enc>
func.func private @callee(%x: index) -> index {
  return %x : index
}
func.func @f(%c: i1) -> index {
  %0 = util.global.load @g : index
  %1 = scf.if %c -> index {
    %2 = util.global.load @h : index
    %3 = func.call @callee(%2) : (index) -> index
    scf.yield %3 : index
  } else {
    "test.refs"() {list = [@g, [@h, @callee]], dict = {inner = @g},
                   nested = @outer::@inner, plain = 3 : i32,
                   type = tensor<2xi8, @enc>} : () -> ()
    scf.yield %0 : index
  }
  util.global.store %1, @h : index
  "test.refs"() {list = [@g, [@h, @callee]], dict = {inner = @g},
                 nested = @outer::@inner, plain = 3 : i32,
                 type = tensor<2xi8, @enc>} : () -> ()
  return %1 : index
}
module @outer {
  func.func private @inner() {
    %0 = "test.load"() {ref = @g} : () -> index
    return
  }
}
)mlir";

TEST_F(SymbolRefsTest, SameUsesAsSymbolTable) {
  context.allowUnregisteredDialects();
  auto module = parse(kModule);
  ASSERT_TRUE(module);
  SymbolRefScanner scanner;
  Listing expected = upstream(*module);
  // The module's ops that refer to symbols, nested symbol tables excluded.
  ASSERT_EQ(expected.size(), 7u);
  EXPECT_EQ(scanned(*module, scanner), expected);
  // The memo is reused across walks.
  EXPECT_EQ(scanned(*module, scanner), expected);
}

TEST_F(SymbolRefsTest, EachDistinctReferenceOnce) {
  context.allowUnregisteredDialects();
  auto module = parse(R"mlir(
    "test.refs"() {a = @x::@y::@z, b = [@x::@y::@z, @x]} : () -> ()
  )mlir");
  ASSERT_TRUE(module);
  SymbolRefScanner scanner;
  std::vector<std::string> refs;
  Operation *op = &module->getBody()->front();
  scanner.forEachSymbolRef(
      op, [&](SymbolRefAttr ref) { refs.push_back(print(ref)); });
  std::sort(refs.begin(), refs.end());
  // Like the attribute walker: each distinct reference once per op.
  EXPECT_EQ(refs, (std::vector<std::string>{"@x", "@x::@y::@z"}));
  std::vector<std::string> expected;
  auto uses = SymbolTable::getSymbolUses(op);
  ASSERT_TRUE(uses.has_value());
  for (const SymbolTable::SymbolUse &use : *uses)
    expected.push_back(print(use.getSymbolRef()));
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(refs, expected);
}

} // namespace
