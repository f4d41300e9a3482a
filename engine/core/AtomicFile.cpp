// Atomic replacement of a file: temp file in the same folder (so rename(2) never crosses a file
// system), fsync, optional hard-link backup of the old file, rename, fsync of the folder.
// rename(2) replaces the directory entry in one step, so the target never disappears.

#include "engine/core/AtomicFile.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace isostar {

namespace {

namespace fs = std::filesystem;

std::string osReason(int err)
{
    return std::strerror(err);
}

/// Writes all of `data` to `fd`, retrying short writes and EINTR. 0 or the errno.
int writeAll(int fd, std::string_view data)
{
    const char* p = data.data();
    std::size_t left = data.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        p += n;
        left -= std::size_t(n);
    }
    return 0;
}

/// Creates a new file exclusively under a fresh random name (no shared counter: engine code
/// keeps no mutable globals).
int createTemp(const fs::path& dir, const std::string& name, mode_t mode, std::string& tempPath)
{
    std::random_device entropy;
    for (int attempt = 0; attempt < 100; ++attempt) {
        char suffix[16];
        std::snprintf(suffix, sizeof suffix, "%08x", unsigned(entropy()));
        tempPath = (dir / ("." + name + ".tmp." + std::to_string(::getpid()) + "." + suffix)).string();
        const int fd = ::open(tempPath.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    errno = EEXIST;
    return -1;
}

/// Copies `from` to `to` through a temporary file and rename (used when hard links fail).
bool copyFile(const std::string& from, const std::string& to, std::string& why)
{
    std::error_code ec;
    const std::string temp = to + ".tmp." + std::to_string(::getpid());
    if (!fs::copy_file(from, temp, fs::copy_options::overwrite_existing, ec)) {
        why = ec.message();
        fs::remove(temp, ec);
        return false;
    }
    if (::rename(temp.c_str(), to.c_str()) != 0) {
        why = osReason(errno);
        ::unlink(temp.c_str());
        return false;
    }
    return true;
}

/// Makes `bak` name the current contents of `target`: a hard link when possible, else a copy.
bool keepBackupOf(const std::string& target, const std::string& bak, std::string& why)
{
    // Link under a temporary name, then rename over the old .bak: an older backup is replaced
    // in one step too.
    const std::string temp = bak + ".tmp." + std::to_string(::getpid());
    ::unlink(temp.c_str());
    if (::link(target.c_str(), temp.c_str()) == 0) {
        if (::rename(temp.c_str(), bak.c_str()) == 0)
            return true;
        why = osReason(errno);
        ::unlink(temp.c_str());
        return false;
    }
    return copyFile(target, bak, why);
}

void syncFolder(const fs::path& dir)
{
    // Best effort: makes the rename durable. Some file systems refuse fsync on folders.
    const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

} // namespace

bool writeFileAtomically(const std::string& path, std::string_view contents, bool keepBackup,
                         std::string& error)
{
    auto fail = [&](const std::string& step, int err) {
        error = "cannot write " + path + ": " + step + ": " + osReason(err);
        return false;
    };
    if (path.empty()) {
        error = "cannot write a file without a name";
        return false;
    }

    // Follow a symlink at `path` so the link survives and its target is replaced.
    fs::path target(path);
    std::error_code ec;
    if (fs::is_symlink(target, ec)) {
        const fs::path resolved = fs::read_symlink(target, ec);
        if (!ec)
            target = resolved.is_absolute() ? resolved : target.parent_path() / resolved;
    }
    const std::string targetPath = target.string();
    const fs::path dir = target.parent_path();
    const std::string name = target.filename().string();
    if (name.empty() || name == "." || name == "..")
        return fail("not a file name", EISDIR);

    struct stat old {};
    const bool exists = ::stat(targetPath.c_str(), &old) == 0;
    if (exists && S_ISDIR(old.st_mode))
        return fail("is a directory", EISDIR);

    std::string tempPath;
    const int fd = createTemp(dir, name, exists ? (old.st_mode & 07777) : 0666, tempPath);
    if (fd < 0)
        return fail("cannot create temporary file " + tempPath, errno);
    int err = writeAll(fd, contents);
    // open() applied the umask; an existing file's exact mode is restored explicitly.
    if (err == 0 && exists && ::fchmod(fd, old.st_mode & 07777) != 0)
        err = errno;
    if (err == 0 && ::fsync(fd) != 0)
        err = errno;
    if (::close(fd) != 0 && err == 0)
        err = errno;
    if (err != 0) {
        ::unlink(tempPath.c_str());
        return fail("writing " + tempPath, err);
    }

    if (keepBackup && exists) {
        std::string why;
        if (!keepBackupOf(targetPath, targetPath + ".bak", why)) {
            ::unlink(tempPath.c_str());
            error = "cannot write " + path + ": cannot keep the backup " + targetPath + ".bak: " + why;
            return false;
        }
    }
    if (::rename(tempPath.c_str(), targetPath.c_str()) != 0) {
        const int renameErr = errno;
        ::unlink(tempPath.c_str());
        return fail("renaming " + tempPath, renameErr);
    }
    syncFolder(dir);
    return true;
}

} // namespace isostar
