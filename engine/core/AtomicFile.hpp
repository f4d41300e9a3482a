#pragma once
/// \file AtomicFile.hpp
/// Replacing a file so that readers see either the old or the new contents, never a half-written
/// file: write a temporary file in the same folder, flush it to disk, rename it over the target.
/// POSIX only (Debian 12 is the one platform).
///
/// \code
/// const std::string text = "<map/>\n";   // the file's new contents
/// std::string error;
/// if (!isostar::writeFileAtomically("maps/valley.tmx", text, /*keepBackup=*/true, error))
///     std::cerr << error << '\n'; // "cannot write maps/valley.tmx: ...: Permission denied"
/// \endcode

#include <string>
#include <string_view>

namespace isostar {

/// Writes `contents` to `path`, atomically replacing any file there.
///
/// - The data goes to a new temporary file beside the target (`.NAME.tmp.PID.RANDOM`, created
///   exclusively), is fsync'ed, and is then renamed over `path`; the folder is fsync'ed after.
///   A reader (or a crash) sees the old file or the new one, never a mix.
/// - An existing target keeps its permission bits; a new file gets 0666 minus the umask.
/// - `keepBackup` and an existing target: the old contents stay as `path + ".bak"` (a hard link
///   to the old file, or a copy where links fail), replacing an older `.bak`. The target exists
///   at every moment. Without an existing target no `.bak` is made.
/// - A symbolic link at `path` is followed: the file it points to is replaced, the link stays.
/// - On failure nothing changed at `path` (a `.bak` may already have been refreshed), the
///   temporary file is removed, `error` says `cannot write PATH: <step>: <OS reason>` and the
///   result is false. On success `error` is left untouched.
///
/// Not thread-safe against other writers of the same path (last rename wins).
bool writeFileAtomically(const std::string& path, std::string_view contents, bool keepBackup,
                         std::string& error);

} // namespace isostar
