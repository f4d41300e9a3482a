#pragma once
/// \file TempDir.hpp
/// A fresh empty folder under the system temp dir for one test, removed (even when a test made
/// it read-only) at the end; and reading a whole file. Header-only, for any test program.

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace testsupport {

struct TempDir {
    std::filesystem::path path;
    /// `prefix` names the test program in the folder's name (e.g. "isostar-mapwriter").
    explicit TempDir(const std::string& prefix)
    {
        static int n = 0;
        path = std::filesystem::temp_directory_path() /
               (prefix + "-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~TempDir()
    {
        std::error_code ec;
        std::filesystem::permissions(path, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ec);
        std::filesystem::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    std::string file(const std::string& name) const { return (path / name).string(); }
};

/// The whole file as bytes ("" when it cannot be read).
inline std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

} // namespace testsupport
