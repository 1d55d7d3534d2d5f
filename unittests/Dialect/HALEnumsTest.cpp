//===- HALEnumsTest.cpp - HAL bitfield spelling ---------------------------===//

#include "sluice/Dialect/HAL/IR/HALEnums.h"

#include <gtest/gtest.h>

using namespace sluice::hal;

TEST(HALEnums, MemoryTypeStringifyKeepsCompositesAndComponents) {
  const BitfieldEnum &e = getMemoryTypeBitfield();
  EXPECT_EQ(e.stringify(0), "None");
  EXPECT_EQ(e.stringify(MemoryTypeBits::HostVisible), "HostVisible");
  EXPECT_EQ(e.stringify(MemoryTypeBits::DeviceLocal), "DeviceVisible|DeviceLocal");
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
    std::optional<uint64_t> back = e.symbolize(text);
    ASSERT_TRUE(back.has_value()) << text;
    uint64_t covered = 0;
    for (const BitfieldCase &c : e.cases)
      if (c.value && (v & c.value) == c.value)
        covered |= c.value;
    EXPECT_EQ(*back, covered) << text;
  }
}
