#include "engine/core/AtomicFile.hpp"

#include "tests/support/FileSizeLimit.hpp"
#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

using testsupport::readAll;

/// A fresh empty folder for one test.
struct TempDir : testsupport::TempDir {
    TempDir() : testsupport::TempDir("isostar-atomic") {}
};

void writePlain(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

std::size_t entriesIn(const fs::path& dir)
{
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir))
        ++n;
    return n;
}

using testsupport::withFileSizeLimit;

} // namespace

TEST_CASE("writeFileAtomically creates a new file and leaves no temporary behind")
{
    TempDir dir;
    std::string error;
    REQUIRE(isostar::writeFileAtomically(dir.file("a.tmx"), "hello", true, error));
    CHECK(error.empty());
    CHECK(readAll(dir.file("a.tmx")) == "hello");
    CHECK_FALSE(fs::exists(dir.file("a.tmx.bak"))); // nothing to back up
    CHECK(entriesIn(dir.path) == 1);
}

TEST_CASE("writeFileAtomically replaces a file and keeps the old one as .bak")
{
    TempDir dir;
    const std::string path = dir.file("map.tmx");
    writePlain(path, "first");
    std::string error;
    REQUIRE(isostar::writeFileAtomically(path, "second", true, error));
    CHECK(readAll(path) == "second");
    CHECK(readAll(path + ".bak") == "first");

    // A second save refreshes the backup to the previous version.
    REQUIRE(isostar::writeFileAtomically(path, "third", true, error));
    CHECK(readAll(path) == "third");
    CHECK(readAll(path + ".bak") == "second");
    CHECK(entriesIn(dir.path) == 2);

    SECTION("without keepBackup the .bak is left alone")
    {
        REQUIRE(isostar::writeFileAtomically(path, "fourth", false, error));
        CHECK(readAll(path) == "fourth");
        CHECK(readAll(path + ".bak") == "second");
    }
}

TEST_CASE("writeFileAtomically keeps the permission bits of the file it replaces")
{
    TempDir dir;
    const std::string path = dir.file("script.sh");
    writePlain(path, "old");
    REQUIRE(::chmod(path.c_str(), 0750) == 0);
    std::string error;
    REQUIRE(isostar::writeFileAtomically(path, "new", false, error));
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0750);
}

TEST_CASE("writeFileAtomically follows a symbolic link and keeps the link")
{
    TempDir dir;
    writePlain(dir.file("real.tmx"), "old");
    fs::create_symlink("real.tmx", dir.path / "link.tmx");
    std::string error;
    REQUIRE(isostar::writeFileAtomically(dir.file("link.tmx"), "new", false, error));
    CHECK(fs::is_symlink(dir.path / "link.tmx"));
    CHECK(readAll(dir.file("real.tmx")) == "new");
}

TEST_CASE("writeFileAtomically names the file and the reason when it fails")
{
    TempDir dir;
    std::string error;
    const std::string missing = dir.file("no/such/folder/a.tmx");
    CHECK_FALSE(isostar::writeFileAtomically(missing, "x", true, error));
    CHECK(error.find("cannot write " + missing) == 0);
    CHECK(error.find("No such file or directory") != std::string::npos);

    error.clear();
    CHECK_FALSE(isostar::writeFileAtomically(dir.path.string(), "x", true, error));
    CHECK(error.find("cannot write " + dir.path.string()) == 0);
}

TEST_CASE("a write that fails half way leaves the old file intact and no temporary")
{
    TempDir dir;
    const std::string path = dir.file("map.tmx");
    writePlain(path, "old contents");
    const std::string big(4096, 'x');
    bool ok = true;
    std::string error;
    withFileSizeLimit(100, [&] { ok = isostar::writeFileAtomically(path, big, true, error); });
    CHECK_FALSE(ok);
    CHECK(error.find("cannot write " + path) == 0);
    CHECK(error.find("File too large") != std::string::npos);
    CHECK(readAll(path) == "old contents");
    CHECK(entriesIn(dir.path) == 1);
}

TEST_CASE("a read-only folder leaves the old file intact")
{
    if (::geteuid() == 0) {
        WARN("running as root: a read-only folder does not stop root (the file size test covers this)");
        return;
    }
    TempDir dir;
    const std::string path = dir.file("map.tmx");
    writePlain(path, "old contents");
    fs::permissions(dir.path, fs::perms::owner_read | fs::perms::owner_exec);
    std::string error;
    CHECK_FALSE(isostar::writeFileAtomically(path, "new", true, error));
    CHECK(error.find("cannot write " + path) == 0);
    CHECK(error.find("Permission denied") != std::string::npos);
    CHECK(readAll(path) == "old contents");
}
