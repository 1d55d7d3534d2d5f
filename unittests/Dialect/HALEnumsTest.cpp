//===- HALEnumsTest.cpp - HAL bitfield spelling ---------------------------===//

#include "sluice/Dialect/HAL/IR/HALEnums.h"

#include <gtest/gtest.h>

using namespace sluice::hal;

TEST(HALEnums, MemoryTypeStringifyKeepsCompositesAndComponents) {
  const BitfieldEnum &e = getMemoryTypeBitfield();
  EXPECT_EQ(e.stringify(0), "None");
  EXPECT_EQ(e.stringify(MemoryTypeBits::HostVisible), "HostVisible");
  EXPECT_EQ(e.stringify(MemoryTypeBits::DeviceLocal),
            "DeviceVisible|DeviceLocal");
  EXPECT_EQ(e.stringify(MemoryTypeBits::HostLocal),
            "HostVisible|HostCoherent|HostLocal");
}

TEST(HALEnums, BufferUsageStringifyFollowsDeclarationOrder) {
  const BitfieldEnum &e = getBufferUsageBitfield();
  EXPECT_EQ(e.stringify(0x80C03),
            "TransferSource|TransferTarget|Transfer|DispatchStorageRead|"
            "DispatchStorageWrite|DispatchStorage|SharingImmutable");
  EXPECT_EQ(e.stringify(BufferUsageBits::Transfer),
            "TransferSource|TransferTarget|Transfer");
}

TEST(HALEnums, SymbolizeAcceptsNoneSpacesAndRejectsUnknownPieces) {
  const BitfieldEnum &e = getMemoryTypeBitfield();
  EXPECT_EQ(e.symbolize("None"), 0u);
  EXPECT_EQ(e.symbolize("DeviceVisible|DeviceLocal"), 48u);
  EXPECT_EQ(e.symbolize(" HostVisible | HostCoherent "), 6u);
  EXPECT_EQ(e.symbolize("HostVisible|Bogus"), std::nullopt);
  EXPECT_EQ(e.symbolize(""), std::nullopt);
  EXPECT_EQ(getBufferUsageBitfield().symbolize("Transfer"), 3u);
}

TEST(HALEnums, OnlySingleBitCasesPrintBare) {
  const BitfieldEnum &e = getMemoryTypeBitfield();
  EXPECT_TRUE(e.isSingleBitCase(MemoryTypeBits::HostVisible));
  EXPECT_FALSE(e.isSingleBitCase(0));
  EXPECT_FALSE(e.isSingleBitCase(MemoryTypeBits::DeviceLocal));
  EXPECT_FALSE(e.isSingleBitCase(MemoryTypeBits::HostVisible |
                                 MemoryTypeBits::HostCoherent));
  // 0x20 is a bit of DeviceLocal but not a case of its own.
  EXPECT_FALSE(e.isSingleBitCase(0x20));
}

TEST(HALEnums, RoundTripEveryValueOfTheMemoryTypeMask) {
  const BitfieldEnum &e = getMemoryTypeBitfield();
  for (uint64_t v = 0; v < 0x80; ++v) {
    // Values made only of case bits survive stringify -> symbolize.
    std::string text = e.stringify(v);
    // Values whose bits cover no case (e.g. 0x20) stringify to "".
    if (text.empty())
      continue;
    std::optional<uint64_t> back = e.symbolize(text);
    ASSERT_TRUE(back.has_value()) << text;
    uint64_t covered = 0;
    for (const BitfieldCase &c : e.cases)
      if (c.value && (v & c.value) == c.value)
        covered |= c.value;
    EXPECT_EQ(*back, covered) << text;
  }
}

TEST(HALEnums, PlainEnumsUseCaseStrings) {
  const EnumInfo &e = getLifetimeEnum();
  EXPECT_FALSE(e.isBitEnum);
  EXPECT_EQ(e.stringify(0), "*");
  EXPECT_EQ(e.stringify(5), "constant");
  EXPECT_EQ(e.stringify(42), "");
  EXPECT_EQ(e.symbolize("staging"), 2u);
  EXPECT_EQ(e.symbolize("Staging"), std::nullopt);
  EXPECT_EQ(e.symbolize("external|staging"), std::nullopt);
  EXPECT_EQ(e.caseList(),
            "*, external, staging, transient, variable, constant");
  EXPECT_EQ(getDescriptorTypeEnum().symbolize("storage_buffer"), 7u);
  EXPECT_EQ(getExecutionModelEnum().stringify(1), "coarse_fences");
}

TEST(HALEnums, OtherBitEnums) {
  EXPECT_EQ(getFenceFlagBitfield().stringify(1), "Reserved");
  EXPECT_EQ(getDescriptorFlagsBitfield().stringify(3), "ReadOnly|Indirect");
  EXPECT_EQ(getPipelineLayoutFlagsBitfield().symbolize("Indirect"), 1u);
  EXPECT_EQ(getMemoryAccessBitfield().stringify(3), "Read|Write");
}

TEST(HALEnums, BareKeywords) {
  EXPECT_TRUE(isBareKeyword("constant"));
  EXPECT_TRUE(isBareKeyword("_a.b$1"));
  EXPECT_FALSE(isBareKeyword("*"));
  EXPECT_FALSE(isBareKeyword("1a"));
  EXPECT_FALSE(isBareKeyword(""));
}
