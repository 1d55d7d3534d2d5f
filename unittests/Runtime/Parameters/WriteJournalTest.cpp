//===- WriteJournalTest.cpp - scatter redo journal and crash recovery
//-------===//

#include "WriteJournal.h"
#include "ProviderTestUtil.h"

#include "sluice/Runtime/Archive/FileHandle.h"
#include "sluice/Runtime/Parameters/ParameterProvider.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace sluice::runtime;
using namespace sluice::runtime::parameters;
using namespace sluice::runtime::testing;

namespace {

const std::vector<TestEntry> kEntries = {
    {"weight.a", 10000, "", 64},
    {"weight.b", 333, "", 64},
};

class WriteJournalTest : public ::testing::Test {
protected:
  void SetUp() override {
    archive_ = std::make_unique<TempFile>("journal.irpa");
    index_ = writeArchive(archive_->path(), kEntries);
    struct stat st;
    ASSERT_EQ(::stat(archive_->path().c_str(), &st), 0);
    archiveSize_ = (uint64_t)st.st_size;
    newBytes_.resize(4000);
    for (size_t i = 0; i < newBytes_.size(); ++i)
      newBytes_[i] = (uint8_t)(7 * i + 3);
  }
  void TearDown() override {
    for (const std::string &path : journal::pending(archive_->path()))
      ::unlink(path.c_str());
  }
  uint64_t offsetOf(const char *key) { return index_->find(key)->offset(); }
  /// A journal covering weight.a[100, 4100) that was never applied.
  std::string writeUnappliedJournal() {
    journal::Record record{offsetOf("weight.a") + 100, newBytes_.data(),
                           newBytes_.size()};
    auto path = journal::write(archive_->path(), {&record, 1});
    EXPECT_TRUE(path) << path.status().toString();
    return path ? *path : std::string();
  }
  std::vector<uint8_t> readArchive(uint64_t offset, uint64_t length) {
    auto file = archive::openFile(archive_->path());
    EXPECT_TRUE(file);
    std::vector<uint8_t> bytes(length);
    EXPECT_TRUE((*file)->readAt(offset, bytes.data(), length).isOk());
    return bytes;
  }
  bool archiveHasOriginalBytes() {
    std::vector<uint8_t> bytes = readArchive(offsetOf("weight.a"), 10000);
    for (uint64_t i = 0; i < bytes.size(); ++i)
      if (bytes[i] != dataByte("weight.a", i))
        return false;
    return true;
  }
  Expected<journal::RecoveryResult> recover() {
    int fd = ::open(archive_->path().c_str(), O_RDWR | O_CLOEXEC);
    EXPECT_GE(fd, 0);
    auto result = journal::recover(archive_->path(), fd, archiveSize_);
    ::close(fd);
    return result;
  }
  void truncateBy(const std::string &path, off_t bytes) {
    struct stat st;
    ASSERT_EQ(::stat(path.c_str(), &st), 0);
    ASSERT_EQ(::truncate(path.c_str(), st.st_size - bytes), 0);
  }

  std::unique_ptr<TempFile> archive_;
  std::shared_ptr<archive::ParameterIndex> index_;
  uint64_t archiveSize_ = 0;
  std::vector<uint8_t> newBytes_;
};

TEST_F(WriteJournalTest, CompleteJournalIsReplayedAndRemoved) {
  std::string path = writeUnappliedJournal();
  EXPECT_EQ(journal::pending(archive_->path()), std::vector<std::string>{path});
  ASSERT_TRUE(archiveHasOriginalBytes());
  auto result = recover();
  ASSERT_TRUE(result) << result.status().toString();
  EXPECT_EQ(result->replayed, 1u);
  EXPECT_EQ(result->discarded, 0u);
  EXPECT_EQ(readArchive(offsetOf("weight.a") + 100, newBytes_.size()),
            newBytes_);
  // Bytes outside the journaled range are untouched.
  EXPECT_EQ(readArchive(offsetOf("weight.a") + 99, 1)[0],
            dataByte("weight.a", 99));
  EXPECT_TRUE(journal::pending(archive_->path()).empty());
}

TEST_F(WriteJournalTest, TornJournalIsDiscardedWithoutTouchingTheArchive) {
  // A crash while the journal itself was written: its commit trailer is
  // missing, and the archive was never written.
  for (off_t cut : {1, 12, 2000}) {
    std::string path = writeUnappliedJournal();
    truncateBy(path, cut);
    auto result = recover();
    ASSERT_TRUE(result) << result.status().toString();
    EXPECT_EQ(result->replayed, 0u) << "cut " << cut;
    EXPECT_EQ(result->discarded, 1u) << "cut " << cut;
    EXPECT_TRUE(archiveHasOriginalBytes()) << "cut " << cut;
    EXPECT_TRUE(journal::pending(archive_->path()).empty());
  }
}

TEST_F(WriteJournalTest, CorruptJournalIsDiscarded) {
  std::string path = writeUnappliedJournal();
  int fd = ::open(path.c_str(), O_RDWR);
  ASSERT_GE(fd, 0);
  uint8_t byte;
  ASSERT_EQ(::pread(fd, &byte, 1, 40), 1);
  byte ^= 0x10;
  ASSERT_EQ(::pwrite(fd, &byte, 1, 40), 1);
  ::close(fd);
  auto result = recover();
  ASSERT_TRUE(result);
  EXPECT_EQ(result->discarded, 1u);
  EXPECT_TRUE(archiveHasOriginalBytes());
}

TEST_F(WriteJournalTest, RecordOutsideTheArchiveIsNotApplied) {
  // A well-formed journal whose second record points past the end of the
  // archive: nothing of it is applied, not even the valid first record.
  journal::Record records[2] = {
      {offsetOf("weight.a"), newBytes_.data(), 100},
      {archiveSize_ - 10, newBytes_.data(), 100},
  };
  ASSERT_TRUE(journal::write(archive_->path(), records));
  auto result = recover();
  ASSERT_TRUE(result);
  EXPECT_EQ(result->discarded, 1u);
  EXPECT_TRUE(archiveHasOriginalBytes());
}

TEST_F(WriteJournalTest, ScatterLeavesNoJournalBehind) {
  auto device = makeDevice();
  ProviderOptions options;
  options.access = ParameterAccess::ReadWrite;
  auto provider = ParameterProvider::create("", index_, options);
  ASSERT_TRUE(provider);
  auto source = device->allocator().allocate(BufferParams{}, newBytes_.size());
  ASSERT_TRUE(source);
  std::memcpy((*source)->hostData(), newBytes_.data(), newBytes_.size());
  std::vector<ParameterSpan> spans = {{"weight.a", 100, 0, 3667},
                                      {"weight.b", 0, 3667, 333}};
  auto signal = Semaphore::create(0);
  ASSERT_TRUE((*provider)
                  ->scatter(*device, ~0ull, nullptr, Fence::createAt(signal, 1),
                            *source, spans)
                  .isOk());
  ASSERT_TRUE(signal->wait(1).isOk()) << signal->query().status().toString();
  EXPECT_TRUE(journal::pending(archive_->path()).empty());
  EXPECT_EQ(readArchive(offsetOf("weight.a") + 100, 3667),
            std::vector<uint8_t>(newBytes_.begin(), newBytes_.begin() + 3667));
  EXPECT_EQ(readArchive(offsetOf("weight.b"), 333),
            std::vector<uint8_t>(newBytes_.begin() + 3667, newBytes_.end()));
}

TEST_F(WriteJournalTest, WritableOpenFinishesAnInterruptedScatter) {
  // The state a crash between "journal synced" and "archive written" leaves.
  writeUnappliedJournal();
  auto device = makeDevice();

  // Read-only access cannot recover: the journal stays for a later writer.
  auto reader = ParameterProvider::create("", index_, ProviderOptions{});
  ASSERT_TRUE(reader);
  auto target = device->allocator().allocate(BufferParams{}, newBytes_.size());
  ASSERT_TRUE(target);
  std::vector<ParameterSpan> spans = {{"weight.a", 100, 0, newBytes_.size()}};
  auto signal = Semaphore::create(0);
  ASSERT_TRUE((*reader)
                  ->gather(*device, ~0ull, nullptr, Fence::createAt(signal, 1),
                           *target, spans)
                  .isOk());
  ASSERT_TRUE(signal->wait(1).isOk());
  EXPECT_EQ(journal::pending(archive_->path()).size(), 1u);
  ASSERT_EQ((*reader)->warnings().size(), 1u);
  EXPECT_EQ(
      (*reader)->warnings()[0],
      "parameter file '" + archive_->path() +
          "' has an unfinished write journal; open it with "
          "--parameter_access=read_write to finish the interrupted writes");

  ProviderOptions options;
  options.access = ParameterAccess::ReadWrite;
  auto writer = ParameterProvider::create("", index_, options);
  ASSERT_TRUE(writer);
  auto signal2 = Semaphore::create(0);
  ASSERT_TRUE((*writer)
                  ->gather(*device, ~0ull, nullptr, Fence::createAt(signal2, 1),
                           *target, spans)
                  .isOk());
  ASSERT_TRUE(signal2->wait(1).isOk());
  EXPECT_EQ(readBuffer(*target), newBytes_);
  EXPECT_TRUE(journal::pending(archive_->path()).empty());
}

TEST(WriteJournalNames, JournalsAreMatchedToTheirOwnArchive) {
  std::vector<std::string> names = {"w.irpa.sluice-journal-1-0",
                                    "w.irpa2.sluice-journal-9-3"};
  EXPECT_TRUE(journal::hasPending(names, "/d/w.irpa"));
  EXPECT_TRUE(journal::hasPending(names, "w.irpa2"));
  EXPECT_FALSE(journal::hasPending(names, "/d/w.irp"));
  EXPECT_FALSE(journal::hasPending(names, "/d/v.irpa"));
  EXPECT_FALSE(journal::hasPending({}, "/d/w.irpa"));
  EXPECT_EQ(journal::directoryOf("/d/w.irpa"), "/d");
  EXPECT_EQ(journal::directoryOf("/w.irpa"), "/");
  EXPECT_EQ(journal::directoryOf("w.irpa"), ".");
}

// A provider lists a directory's journals once: shards opened later are
// checked against that listing (journals created since belong to writers
// still running, not to interrupted ones, and are not warned about).
TEST_F(WriteJournalTest, ReadOnlyOpensListTheDirectoryOnce) {
  TempFile second("journal-second.irpa");
  auto secondIndex = writeArchive(second.path(), {{"other", 256, "", 64}});
  auto index = std::make_shared<archive::ParameterIndex>();
  archive::EntryTable entries;
  for (const auto *source : {index_.get(), secondIndex.get()})
    for (const archive::ParameterEntry &entry : *source)
      ASSERT_TRUE(entries.add(entry).isOk());
  ASSERT_TRUE(index->append(std::move(entries)).isOk());
  writeUnappliedJournal(); // for the first archive, before the provider
  auto device = makeDevice();
  auto reader = ParameterProvider::create("", index, ProviderOptions{});
  ASSERT_TRUE(reader);
  auto target = device->allocator().allocate(BufferParams{}, 256);
  ASSERT_TRUE(target);
  auto gather = [&](const char *key, uint64_t value,
                    const std::shared_ptr<Semaphore> &sem) {
    std::vector<ParameterSpan> spans = {{key, 0, 0, 256}};
    ASSERT_TRUE((*reader)
                    ->gather(*device, ~0ull, nullptr,
                             Fence::createAt(sem, value), *target, spans)
                    .isOk());
    ASSERT_TRUE(sem->wait(value).isOk());
  };
  auto sem = Semaphore::create(0);
  gather("weight.a", 1, sem);
  EXPECT_EQ((*reader)->warnings().size(), 1u);
  // A journal for the second archive appears after the directory was listed.
  journal::Record record{secondIndex->find("other")->offset(), newBytes_.data(),
                         16};
  auto later = journal::write(second.path(), {&record, 1});
  ASSERT_TRUE(later);
  gather("other", 2, sem);
  EXPECT_EQ((*reader)->warnings().size(), 1u);
  // A new provider lists again and sees it.
  auto fresh = ParameterProvider::create("", index, ProviderOptions{});
  ASSERT_TRUE(fresh);
  std::vector<ParameterSpan> spans = {{"other", 0, 0, 256}};
  ASSERT_TRUE((*fresh)
                  ->gather(*device, ~0ull, nullptr, Fence::createAt(sem, 3),
                           *target, spans)
                  .isOk());
  ASSERT_TRUE(sem->wait(3).isOk());
  ASSERT_EQ((*fresh)->warnings().size(), 1u);
  EXPECT_NE((*fresh)->warnings()[0].find(second.path()), std::string::npos);
  ::unlink(later->c_str());
}

TEST_F(WriteJournalTest, UnjournaledScatterStillWritesInPlace) {
  auto device = makeDevice();
  ProviderOptions options;
  options.access = ParameterAccess::ReadWrite;
  options.journaledWrites = false;
  auto provider = ParameterProvider::create("", index_, options);
  ASSERT_TRUE(provider);
  auto source = device->allocator().allocate(BufferParams{}, 333);
  ASSERT_TRUE(source);
  std::memcpy((*source)->hostData(), newBytes_.data(), 333);
  std::vector<ParameterSpan> spans = {{"weight.b", 0, 0, 333}};
  auto signal = Semaphore::create(0);
  ASSERT_TRUE((*provider)
                  ->scatter(*device, ~0ull, nullptr, Fence::createAt(signal, 1),
                            *source, spans)
                  .isOk());
  ASSERT_TRUE(signal->wait(1).isOk());
  EXPECT_EQ(readArchive(offsetOf("weight.b"), 333),
            std::vector<uint8_t>(newBytes_.begin(), newBytes_.begin() + 333));
  EXPECT_TRUE(journal::pending(archive_->path()).empty());
}

} // namespace
