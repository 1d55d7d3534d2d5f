//===- UtilStorageTest.cpp - storage sizes and serialization --------------===//

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "sluice/Dialect/Util/IR/BuiltinAttrModels.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"
#include "sluice/Dialect/Util/IR/UtilAttrs.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice::util;

namespace {

class UtilStorageTest : public ::testing::Test {
protected:
  UtilStorageTest() { context.loadDialect<UtilDialect>(); }
  Type i(unsigned width) { return IntegerType::get(&context, width); }
  MLIRContext context;
};

TEST_F(UtilStorageTest, PhysicalStorageBitWidth) {
  EXPECT_EQ(getPhysicalStorageBitWidth(i(1)), 8u);
  EXPECT_EQ(getPhysicalStorageBitWidth(i(4)), 8u);
  EXPECT_EQ(getPhysicalStorageBitWidth(i(8)), 16u);
  EXPECT_EQ(getPhysicalStorageBitWidth(i(32)), 64u);
  EXPECT_EQ(getPhysicalStorageBitWidth(i(64)), 64u);
}

TEST_F(UtilStorageTest, RoundedElementByteWidth) {
  EXPECT_EQ(getRoundedElementByteWidth(i(1)), 1u);
  EXPECT_EQ(getRoundedElementByteWidth(i(23)), 4u);
  EXPECT_EQ(getRoundedElementByteWidth(BFloat16Type::get(&context)), 2u);
  EXPECT_EQ(getRoundedElementByteWidth(i(33)), 8u);
  EXPECT_EQ(
      getRoundedElementByteWidth(ComplexType::get(Float32Type::get(&context))),
      8u);
}

TEST_F(UtilStorageTest, RoundedPhysicalStorageSize) {
  EXPECT_EQ(getRoundedPhysicalStorageSize(3, i(4)), 2u);
  EXPECT_EQ(getRoundedPhysicalStorageSize(3, i(3)), 2u);
  EXPECT_EQ(getRoundedPhysicalStorageSize(4, i(33)), 32u);
  EXPECT_EQ(getRoundedPhysicalStorageSize(5, i(1)), 5u);
  EXPECT_EQ(getRoundedPhysicalStorageSize(6, i(16)), 12u);
  EXPECT_EQ(getRoundedPhysicalStorageSize(
                RankedTensorType::get({4, 8}, Float32Type::get(&context))),
            128u);
}

/// Serializes `attr` through SerializableAttrInterface.
static std::vector<uint8_t> serialize(Attribute attr) {
  auto serializable = cast<SerializableAttrInterface>(attr);
  SmallVector<char> bytes;
  EXPECT_TRUE(succeeded(serializable.serializeToVector(
      UnknownLoc::get(attr.getContext()), llvm::endianness::little, bytes)));
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

TEST_F(UtilStorageTest, SubByteElementsArePackedLowBitsFirst) {
  auto type = RankedTensorType::get({3}, i(4));
  auto attr = DenseElementsAttr::get(
      type, ArrayRef<APInt>{APInt(4, 1), APInt(4, 2), APInt(4, 3)});
  EXPECT_EQ(cast<SizedStorageAttr>(attr).getStorageSize(), 2);
  EXPECT_EQ(serialize(attr), (std::vector<uint8_t>{0x21, 0x03}));
}

TEST_F(UtilStorageTest, RangesMatchTheWholeSerialization) {
  // Every sub-range of an odd layout equals the same bytes of the whole.
  SmallVector<APInt> values;
  for (unsigned i = 0; i < 37; ++i)
    values.push_back(APInt(3, i % 8));
  auto attr = cast<DenseIntOrFPElementsAttr>(
      DenseElementsAttr::get(RankedTensorType::get({37}, i(3)), values));
  std::vector<uint8_t> whole = serialize(attr);
  ASSERT_EQ(whole.size(), 19u);
  for (uint64_t begin = 0; begin < whole.size(); ++begin) {
    for (uint64_t end = begin; end <= whole.size(); ++end) {
      SmallVector<char> part(end - begin);
      ASSERT_TRUE(succeeded(
          serializeDenseElementsRange(UnknownLoc::get(&context), attr,
                                      llvm::endianness::little, begin, part)));
      EXPECT_TRUE(std::equal(part.begin(), part.end(), whole.begin() + begin,
                             [](char a, uint8_t b) { return (uint8_t)a == b; }))
          << begin << ".." << end;
    }
  }
  // Past the end is an error, not an overrun.
  SmallVector<char> tooFar(4);
  EXPECT_TRUE(failed(serializeDenseElementsRange(
      UnknownLoc::get(&context), attr, llvm::endianness::little, 17, tooFar)));
}

TEST_F(UtilStorageTest, I1IsOneBytePerElement) {
  auto type = RankedTensorType::get({3}, i(1));
  auto attr = DenseElementsAttr::get(type, ArrayRef<bool>{true, false, true});
  EXPECT_EQ(serialize(attr), (std::vector<uint8_t>{1, 0, 1}));
}

TEST_F(UtilStorageTest, WideElementsAreLittleEndianAndSplatsRepeat) {
  auto type = RankedTensorType::get({2}, Float32Type::get(&context));
  auto splat = DenseElementsAttr::get(type, APFloat(100.0f));
  EXPECT_EQ(serialize(splat), (std::vector<uint8_t>{0x00, 0x00, 0xc8, 0x42,
                                                    0x00, 0x00, 0xc8, 0x42}));
  auto odd =
      DenseElementsAttr::get(RankedTensorType::get({1}, i(33)),
                             ArrayRef<APInt>{APInt(33, 0x1'0000'0002ull)});
  EXPECT_EQ(serialize(odd),
            (std::vector<uint8_t>{0x02, 0, 0, 0, 0x01, 0, 0, 0}));
}

TEST_F(UtilStorageTest, StringsHaveNoTerminator) {
  auto attr = StringAttr::get(&context, "abc");
  EXPECT_EQ(cast<SizedStorageAttr>(attr).getStorageSize(), 3);
  EXPECT_EQ(serialize(attr), (std::vector<uint8_t>{'a', 'b', 'c'}));
}

TEST_F(UtilStorageTest, CompositeSerializesValuesBackToBack) {
  auto i32x1 = DenseElementsAttr::get(RankedTensorType::get({1}, i(32)),
                                      ArrayRef<int32_t>{0x01020304});
  auto composite = CompositeAttr::getFromValues(
      &context, {i32x1, StringAttr::get(&context, "xy")});
  ASSERT_TRUE(composite);
  EXPECT_EQ(composite.getTotalLength(), 6);
  EXPECT_EQ(serialize(composite),
            (std::vector<uint8_t>{0x04, 0x03, 0x02, 0x01, 'x', 'y'}));
  // A value without a storage size makes no composite.
  EXPECT_FALSE(
      CompositeAttr::getFromValues(&context, {IntegerAttr::get(i(32), 1)}));
}

} // namespace
