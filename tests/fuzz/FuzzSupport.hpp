#pragma once
/// \file FuzzSupport.hpp
/// Shared by the libFuzzer targets in tests/fuzz: a scratch folder for parsers that read files,
/// and the oracle every target applies to a parser's answer.
///
/// The scratch folder (one per fuzzing process, under the system temp folder, removed at exit)
/// mirrors the layout the seed corpora expect, so their relative references still resolve:
///
///     <scratch>/assets        -> <project>/assets            (../../assets/tiles/ground.tsx)
///     <scratch>/maps/assets   -> <project>/assets            (../assets/... from maps/)
///     <scratch>/maps/images   -> <project>/tests/data/images
///     <scratch>/maps/seed/    the input is written here; tiles.tsx, tiles.tsj, terrain.tsx and
///                             templates/ link to tests/data
///
/// Guarantees: inputFile() always names a path inside <scratch>/maps/seed; writeInput() replaces
/// that file's whole content (std::abort() when it cannot, so a full disk is never a false "pass").

#include "engine/core/Diagnostic.hpp"
#include "engine/core/Result.hpp"

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace fuzzsupport {

namespace fs = std::filesystem;

/// The per-process scratch folder (created on first use, removed at normal exit).
inline const fs::path& scratchDir()
{
    static const fs::path dir = [] {
        const fs::path root(ISOSTAR_SOURCE_DIR);
        const fs::path d = fs::temp_directory_path() / ("isostar-fuzz-" + std::to_string(::getpid()));
        fs::remove_all(d);
        fs::create_directories(d / "maps/seed");
        fs::create_directory_symlink(root / "assets", d / "assets");
        fs::create_directory_symlink(root / "assets", d / "maps/assets");
        fs::create_directory_symlink(root / "tests/data/images", d / "maps/images");
        fs::create_directory_symlink(root / "tests/data/map/templates", d / "maps/seed/templates");
        for (const char* f : {"tests/data/map/tiles.tsx", "tests/data/map/tiles.tsj", "tests/data/terrain/terrain.tsx"})
            fs::create_symlink(root / f, d / "maps/seed" / fs::path(f).filename());
        std::atexit([] {
            std::error_code ec;
            fs::remove_all(scratchDir(), ec);
        });
        return d;
    }();
    return dir;
}

/// `<scratch>/maps/seed/<name>`.
inline std::string inputFile(const std::string& name)
{
    return (scratchDir() / "maps/seed" / name).string();
}

/// Writes `bytes` as the whole content of `path`.
inline void writeInput(const std::string& path, std::string_view bytes)
{
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() || std::fclose(f) != 0) {
        std::perror(path.c_str());
        std::abort();
    }
}

/// The oracle for every parser: a failure carries at least one diagnostic, and every diagnostic
/// has a message and formats (the text users see). Aborts (a fuzzer crash) otherwise.
template <typename T>
void checkResult(const isostar::Result<T>& r)
{
    if (!r && r.diagnostics().empty()) {
        std::fputs("fuzz oracle: a failed Result without any diagnostic\n", stderr);
        std::abort();
    }
    for (const isostar::Diagnostic& d : r.diagnostics())
        if (d.message.empty()) {
            std::fputs("fuzz oracle: a diagnostic without a message\n", stderr);
            std::abort();
        }
    if (!r && isostar::formatDiagnostics(r.diagnostics()).empty()) {
        std::fputs("fuzz oracle: a failure that formats to no text\n", stderr);
        std::abort();
    }
}

/// The input as text.
inline std::string_view asText(const std::uint8_t* data, std::size_t size)
{
    return {reinterpret_cast<const char*>(data), size};
}

} // namespace fuzzsupport
