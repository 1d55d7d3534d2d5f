//===- EncodingTypeInterfaceTest.cpp - EncodingTypeInterface --------------===//
//
// `iree_encoding::EncodingTypeInterface` on `!iree_tensor_ext.dispatch.tensor`
// (support-dialects.md §6.7): getEncodingType() is the bound type;
// updateEncoding(enc) keeps access, shape and bound element type and puts
// `enc` on the bound tensor.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "sluice/Dialect/Encoding/IR/EncodingInterfaces.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtTypes.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice;
using iree_encoding::EncodingTypeInterface;
using iree_tensor_ext::DispatchTensorType;
using iree_tensor_ext::TensorAccess;

namespace {

class EncodingTypeInterfaceTest : public sluice::testing::DialectTest {
protected:
  Type type(StringRef source) {
    Type parsed = parseType(source, &context);
    EXPECT_TRUE(parsed) << "failed to parse " << source.str();
    return parsed;
  }

  EncodingTypeInterface iface(StringRef source) {
    auto result = dyn_cast_if_present<EncodingTypeInterface>(type(source));
    EXPECT_TRUE(result) << source.str() << " does not implement the interface";
    return result;
  }

  Attribute attr(StringRef source) { return parseAttribute(source, &context); }

  /// Checks that updateEncoding(enc) on `source` gives a dispatch tensor with
  /// the same access/shape/element type binding `expectedBound`.
  void checkUpdate(StringRef source, Attribute encoding,
                   StringRef expectedBound) {
    SCOPED_TRACE(source.str());
    auto original = cast<DispatchTensorType>(type(source));
    Type updated =
        cast<EncodingTypeInterface>(original).updateEncoding(encoding);
    auto dispatch = dyn_cast_if_present<DispatchTensorType>(updated);
    ASSERT_TRUE(dispatch);
    EXPECT_EQ(dispatch.getAccess(), original.getAccess());
    EXPECT_EQ(dispatch.getShape(), original.getShape());
    EXPECT_EQ(dispatch.getBoundElementType(), original.getBoundElementType());
    auto bound = dyn_cast<RankedTensorType>(dispatch.getBoundType());
    ASSERT_TRUE(bound);
    EXPECT_EQ(bound.getEncoding(), encoding);
    EXPECT_EQ(dispatch.getBoundType(), type(expectedBound));
    // The interface view of the result sees the new bound type.
    EXPECT_EQ(cast<EncodingTypeInterface>(updated).getEncodingType(),
              type(expectedBound));
  }
};

TEST_F(EncodingTypeInterfaceTest, GetEncodingTypeIsTheBoundType) {
  EXPECT_EQ(iface("!iree_tensor_ext.dispatch.tensor<readonly:tensor<4x8xf32>>")
                .getEncodingType(),
            type("tensor<4x8xf32>"));
  EXPECT_EQ(
      iface("!iree_tensor_ext.dispatch.tensor<readwrite:tensor<?x8xi8, \"e\">>")
          .getEncodingType(),
      type("tensor<?x8xi8, \"e\">"));
  EXPECT_EQ(iface("!iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?xf16>>")
                .getEncodingType(),
            type("tensor<?x?xf16>"));
  // A scalar bound type is returned as is (not wrapped in a tensor).
  EXPECT_EQ(
      iface("!iree_tensor_ext.dispatch.tensor<readonly:i32>").getEncodingType(),
      type("i32"));
  EXPECT_EQ(iface("!iree_tensor_ext.dispatch.tensor<writeonly:f32>")
                .getEncodingType(),
            type("f32"));
}

TEST_F(EncodingTypeInterfaceTest, UpdateEncodingKeepsAccessShapeElementType) {
  Attribute enc = attr("\"enc\"");
  Attribute other = attr("{layout = 1 : i64}");
  ASSERT_TRUE(enc && other);
  checkUpdate("!iree_tensor_ext.dispatch.tensor<readonly:tensor<4x8xf32>>", enc,
              "tensor<4x8xf32, \"enc\">");
  checkUpdate("!iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8x?xi8>>",
              other, "tensor<?x8x?xi8, {layout = 1 : i64}>");
  checkUpdate("!iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xbf16>>",
              enc, "tensor<16xbf16, \"enc\">");
  // An existing encoding is replaced, not stacked.
  checkUpdate(
      "!iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32, \"old\">>",
      other, "tensor<?x4xf32, {layout = 1 : i64}>");
  // Scalar bound type: same empty shape and element type; the rank-0 tensor
  // carries the encoding.
  checkUpdate("!iree_tensor_ext.dispatch.tensor<readwrite:i32>", enc,
              "tensor<i32, \"enc\">");
}

TEST_F(EncodingTypeInterfaceTest, UpdateEncodingWithNullDropsEncoding) {
  auto updated =
      iface("!iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32, \"e\">>")
          .updateEncoding(Attribute());
  EXPECT_EQ(updated,
            type("!iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>"));
}

TEST_F(EncodingTypeInterfaceTest, UpdateEncodingIsUniqued) {
  // Same inputs give the same (uniqued) type; the result is the type a parse
  // of the expected syntax yields.
  Type updated =
      iface("!iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?xf32>>")
          .updateEncoding(attr("\"x\""));
  EXPECT_EQ(updated, type("!iree_tensor_ext.dispatch.tensor<writeonly:"
                          "tensor<2x?xf32, \"x\">>"));
  EXPECT_NE(updated, type("!iree_tensor_ext.dispatch.tensor<readonly:"
                          "tensor<2x?xf32, \"x\">>"));
}

TEST_F(EncodingTypeInterfaceTest, OtherTypesDoNotImplementIt) {
  EXPECT_FALSE(isa<EncodingTypeInterface>(type("i32")));
  EXPECT_FALSE(isa<EncodingTypeInterface>(type("tensor<4xf32>")));
  EXPECT_FALSE(isa<EncodingTypeInterface>(type("tensor<4xf32, \"enc\">")));
  EXPECT_FALSE(isa<EncodingTypeInterface>(type("!stream.binding")));
  EXPECT_TRUE(isa<EncodingTypeInterface>(
      type("!iree_tensor_ext.dispatch.tensor<readonly:f32>")));
}

} // namespace
