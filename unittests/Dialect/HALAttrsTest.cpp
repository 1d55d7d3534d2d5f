//===- HALAttrsTest.cpp - HAL affinity semantics --------------------------===//
//
// support-dialects.md §2.4.4/§2.4.5: isExecutableWith, joinOR, joinAND,
// inlining policies and topology queries on built attributes.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice::hal;

namespace {

class HALAttrsTest : public ::testing::Test {
protected:
  HALAttrsTest() { ctx.loadDialect<HALDialect>(); }

  Attribute parse(StringRef text) {
    Attribute attr = parseAttribute(text, &ctx);
    EXPECT_TRUE(attr) << text.str();
    return attr;
  }
  DeviceAffinityAttr affinity(StringRef device, int64_t mask = -1) {
    return DeviceAffinityAttr::get(&ctx, FlatSymbolRefAttr::get(&ctx, device),
                                   mask);
  }
  DevicePromiseAttr promise(StringRef device, int64_t mask = -1) {
    return DevicePromiseAttr::get(&ctx, StringAttr::get(&ctx, device), mask);
  }
  DeviceOptimalAttr optimal(ArrayRef<Attribute> members) {
    return DeviceOptimalAttr::get(&ctx, members);
  }

  MLIRContext ctx;
};

TEST_F(HALAttrsTest, ParsedQueueMasks) {
  EXPECT_EQ(parse("#hal.device.affinity<@a>"), affinity("a"));
  EXPECT_EQ(parse("#hal.device.affinity<@a, [0, 2]>"), affinity("a", 0b101));
  EXPECT_EQ(parse("#hal.device.promise<@p, [1]>"), promise("p", 0b10));
}

TEST_F(HALAttrsTest, AffinityIsExecutableWith) {
  EXPECT_TRUE(affinity("a").isExecutableWith(nullptr));
  EXPECT_TRUE(affinity("a").isExecutableWith(affinity("a")));
  EXPECT_FALSE(affinity("a").isExecutableWith(affinity("b")));
  // Subset of queues.
  EXPECT_TRUE(affinity("a", 0b01).isExecutableWith(affinity("a", 0b11)));
  EXPECT_FALSE(affinity("a", 0b11).isExecutableWith(affinity("a", 0b01)));
  EXPECT_TRUE(affinity("a", 0b01).isExecutableWith(affinity("a")));
  EXPECT_FALSE(affinity("a").isExecutableWith(affinity("a", 0b01)));
  // Affinities and promises never mix.
  EXPECT_FALSE(affinity("a").isExecutableWith(promise("a")));
  EXPECT_FALSE(promise("a").isExecutableWith(affinity("a")));
  EXPECT_TRUE(promise("a", 1).isExecutableWith(promise("a", 3)));
}

TEST_F(HALAttrsTest, AffinityJoinOR) {
  EXPECT_EQ(affinity("a", 1).joinOR(nullptr), affinity("a", 1));
  EXPECT_EQ(affinity("a", 1).joinOR(affinity("a", 2)), affinity("a", 3));
  EXPECT_EQ(affinity("a").joinOR(affinity("b")),
            optimal({affinity("a"), affinity("b")}));
  EXPECT_EQ(promise("a").joinOR(affinity("a")),
            optimal({promise("a"), affinity("a")}));
  // An optimal other joins into itself.
  EXPECT_EQ(affinity("c").joinOR(optimal({affinity("a"), affinity("b")})),
            optimal({affinity("a"), affinity("b"), affinity("c")}));
  EXPECT_EQ(promise("a", 1).joinOR(promise("a", 4)), promise("a", 5));
}

TEST_F(HALAttrsTest, AffinityJoinAND) {
  EXPECT_EQ(affinity("a", 1).joinAND(nullptr), affinity("a", 1));
  // Not symmetric: requires this mask to be a subset of other's.
  EXPECT_EQ(affinity("a", 1).joinAND(affinity("a", 3)), affinity("a", 1));
  EXPECT_EQ(affinity("a", 3).joinAND(affinity("a", 1)), Attribute());
  EXPECT_EQ(affinity("a").joinAND(affinity("b")), Attribute());
  EXPECT_EQ(affinity("a").joinAND(affinity("a")), affinity("a"));
  EXPECT_EQ(promise("a").joinAND(affinity("a")), Attribute());
}

TEST_F(HALAttrsTest, OptimalIsExecutableWith) {
  auto o = optimal({affinity("a", 1), affinity("b", 1)});
  EXPECT_TRUE(o.isExecutableWith(nullptr));
  EXPECT_FALSE(o.isExecutableWith(affinity("a")));
  auto same = optimal({affinity("a", 1)});
  EXPECT_TRUE(same.isExecutableWith(affinity("a")));
  EXPECT_TRUE(same.isExecutableWith(optimal({affinity("a", 3)})));
  EXPECT_FALSE(same.isExecutableWith(optimal({affinity("a"), affinity("b")})));
}

TEST_F(HALAttrsTest, OptimalJoins) {
  auto o = optimal({affinity("a", 1), promise("b", 1)});
  EXPECT_EQ(o.joinOR(nullptr), o);
  EXPECT_EQ(o.joinOR(affinity("a", 2)),
            optimal({affinity("a", 3), promise("b", 1)}));
  EXPECT_EQ(o.joinOR(affinity("c")),
            optimal({affinity("a", 1), promise("b", 1), affinity("c")}));
  // Members of an optimal other are joined one by one.
  EXPECT_EQ(o.joinOR(optimal({promise("b", 2), affinity("d")})),
            optimal({affinity("a", 1), promise("b", 3), affinity("d")}));
  // AND ignores devices not present and keeps entries without counterpart.
  EXPECT_EQ(o.joinAND(affinity("c")), o);
  EXPECT_EQ(o.joinAND(affinity("a", 3)),
            optimal({affinity("a", 1), promise("b", 1)}));
  EXPECT_EQ(o.joinAND(nullptr), o);
}

TEST_F(HALAttrsTest, FreeFunctionDispatch) {
  EXPECT_TRUE(isHALAffinityAttr(affinity("a")));
  EXPECT_FALSE(isHALAffinityAttr(StringAttr::get(&ctx, "a")));
  EXPECT_EQ(getAffinityDeviceKey(parse("#hal.device.affinity<@m::@d>")),
            std::optional<StringRef>("d"));
  EXPECT_EQ(getAffinityDeviceKey(promise("p")), std::optional<StringRef>("p"));
  EXPECT_EQ(getAffinityDeviceKey(optimal({promise("p")})), std::nullopt);
  EXPECT_TRUE(canAffinitiesExecuteTogether(affinity("a"), nullptr));
  EXPECT_TRUE(canAffinitiesExecuteTogether(affinity("a", 1), affinity("a")));
  EXPECT_FALSE(canAffinitiesExecuteTogether(affinity("a"), affinity("b")));
  EXPECT_EQ(joinAffinityOR(affinity("a", 1), affinity("a", 2)),
            affinity("a", 3));
}

TEST_F(HALAttrsTest, Topology) {
  auto topology = cast<DeviceTopologyAttr>(parse(
      "#hal.device.topology<links = [(@gpu -> @cpu = {unified_memory = true, "
      "transparent_access = true}), (@cpu -> @gpu = {}), (@gpu -> @cpu = "
      "{})]>"));
  EXPECT_TRUE(topology.hasUnifiedMemory(affinity("gpu"), affinity("cpu")));
  EXPECT_TRUE(topology.hasTransparentAccess(affinity("gpu"), promise("cpu")));
  // Direction matters; the first matching link wins.
  EXPECT_FALSE(topology.hasUnifiedMemory(affinity("cpu"), affinity("gpu")));
  // Same device is always true; missing devices or links false.
  EXPECT_TRUE(topology.hasUnifiedMemory(affinity("x"), promise("x")));
  EXPECT_FALSE(topology.hasUnifiedMemory(affinity("x"), affinity("y")));
  EXPECT_FALSE(topology.hasUnifiedMemory(nullptr, affinity("cpu")));
  EXPECT_FALSE(topology.hasTransparentAccess(optimal({affinity("gpu")}),
                                             affinity("cpu")));
}

TEST_F(HALAttrsTest, InliningPolicyUsesAffinityLookup) {
  OpBuilder builder(&ctx);
  OwningOpRef<ModuleOp> module = ModuleOp::create(builder.getUnknownLoc());
  builder.setInsertionPointToEnd(module->getBody());
  auto inner = ModuleOp::create(builder, builder.getUnknownLoc());
  Operation *site = inner;

  // No affinity anywhere: only an optimal attr accepts (executable with null).
  EXPECT_FALSE(affinity("a").isLegalToInline(site, nullptr));
  EXPECT_TRUE(optimal({affinity("a")}).isLegalToInline(site, nullptr));

  // The nearest ancestor's `stream.affinity` is used.
  (*module)->setAttr("stream.affinity", affinity("a", 1));
  EXPECT_TRUE(affinity("a", 1).isLegalToInline(site, nullptr));
  EXPECT_FALSE(affinity("a").isLegalToInline(site, nullptr));
  EXPECT_FALSE(promise("a", 1).isLegalToInline(site, nullptr));
  EXPECT_TRUE(optimal({affinity("a", 1)}).isLegalToInline(site, nullptr));
  EXPECT_FALSE(optimal({affinity("a", 3)}).isLegalToInline(site, nullptr));

  // A custom lookup replaces the default.
  static Attribute hook;
  hook = promise("p");
  setAffinityLookupFn([](Operation *) { return hook; });
  EXPECT_TRUE(promise("p").isLegalToInline(site, nullptr));
  setAffinityLookupFn(nullptr);
  EXPECT_FALSE(promise("p").isLegalToInline(site, nullptr));
}

TEST_F(HALAttrsTest, TargetsAndAliases) {
  auto device = cast<DeviceTargetAttr>(
      parse("#hal.device.target<\"Vulkan-X\", {ordinal = 2 : index}> : "
            "!hal.device"));
  EXPECT_EQ(device.getSymbolNameFragment(), "vulkan_x_2_");
  EXPECT_EQ(device.getType(), DeviceType::get(&ctx));
  EXPECT_TRUE(device.getConfigurationAttr("ordinal"));
  EXPECT_FALSE(device.getConfigurationAttr("missing"));
  auto exe = cast<ExecutableTargetAttr>(
      parse("#hal.executable.target<\"llvm-cpu\", \"Embedded-ELF.x86\">"));
  EXPECT_EQ(exe.getSymbolNameFragment(), "embedded_elf_x86");
  EXPECT_TRUE(exe.getConfiguration().empty());
}

} // namespace
