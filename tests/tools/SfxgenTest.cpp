// sfxgen: two runs write the same bytes, the same as the committed assets/sounds/; each sound is
// a 16-bit mono WAV at 22050 Hz whose length and loudness (RMS and peak) are within its bounds.

#include "tests/support/RunProcess.hpp"
#include "tests/support/TempDir.hpp"
#include "tests/support/WavFile.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

/// What a sound must be: length in seconds, RMS and peak of its samples (full scale = 1).
struct SoundBounds {
    const char* name;
    double minSec, maxSec;
    double minRms, maxRms;
    double minPeak, maxPeak;
};

// Footsteps are short and quiet (many play at once); loops are long and steady (a high RMS for
// their peak); interface cues are short and clear.
const std::vector<SoundBounds> Expected = {
    {"step_grass", 0.10, 0.30, 0.02, 0.15, 0.2, 0.5},
    {"step_snow", 0.10, 0.30, 0.02, 0.20, 0.3, 0.6},
    {"step_road", 0.08, 0.30, 0.02, 0.20, 0.3, 0.7},
    {"step_other", 0.08, 0.30, 0.02, 0.20, 0.2, 0.6},
    {"volcano_rumble", 3.5, 4.5, 0.10, 0.45, 0.4, 0.9},
    {"ambience_wind", 5.0, 7.0, 0.06, 0.30, 0.3, 0.7},
    {"ambience_birds", 5.0, 7.0, 0.02, 0.20, 0.3, 0.7},
    {"order_given", 0.1, 0.4, 0.05, 0.30, 0.3, 0.6},
    {"order_refused", 0.1, 0.5, 0.05, 0.35, 0.3, 0.6},
    {"order_cut_short", 0.1, 0.4, 0.05, 0.30, 0.3, 0.6},
    {"select", 0.03, 0.15, 0.02, 0.25, 0.2, 0.5},
    {"brush", 0.08, 0.3, 0.03, 0.25, 0.2, 0.5},
    {"save", 0.2, 0.6, 0.05, 0.30, 0.3, 0.6},
    {"reload_failed", 0.2, 0.6, 0.05, 0.35, 0.3, 0.6},
};

const fs::path Committed = fs::path(ISOSTAR_SOURCE_DIR) / "assets" / "sounds";

std::string sfxgen()
{
    return "'" + std::string(ISOSTAR_BIN_DIR) + "/sfxgen'";
}

} // namespace

TEST_CASE("sfxgen writes the same bytes twice, and the committed assets/sounds/ are its output")
{
    const testsupport::TempDir a("isostar-sfxgen"), b("isostar-sfxgen");
    for (const fs::path& dir : {a.path, b.path}) {
        const testsupport::ProcessResult r = testsupport::runProcess(sfxgen() + " --out '" + dir.string() + "'");
        INFO(r.err);
        REQUIRE(r.exitCode == 0);
    }
    std::size_t files = 0;
    for (const fs::directory_entry& e : fs::directory_iterator(a.path)) {
        const std::string name = e.path().filename().string();
        INFO(name);
        const std::string bytes = testsupport::readFile(e.path());
        CHECK(!bytes.empty());
        CHECK(bytes == testsupport::readFile(b.path / name));
        // Regenerate with `cmake --build build --target sounds` after changing a recipe.
        CHECK(bytes == testsupport::readFile(Committed / name));
        ++files;
    }
    CHECK(files == Expected.size());
}

TEST_CASE("every sound is a 16-bit mono WAV at 22050 Hz of its length and loudness")
{
    for (const SoundBounds& e : Expected) {
        const testsupport::Wav w = testsupport::readWav((Committed / (std::string(e.name) + ".wav")).string());
        INFO(e.name << ": " << w.error << " " << w.seconds() << " s, rms " << testsupport::rms(w.samples) << ", peak "
                    << testsupport::peak(w.samples));
        REQUIRE(w.error.empty());
        CHECK(w.channels == 1);
        CHECK(w.rate == 22050);
        CHECK(w.bits == 16);
        CHECK(w.seconds() >= e.minSec);
        CHECK(w.seconds() <= e.maxSec);
        CHECK(testsupport::rms(w.samples) >= e.minRms);
        CHECK(testsupport::rms(w.samples) <= e.maxRms);
        CHECK(testsupport::peak(w.samples) >= e.minPeak);
        CHECK(testsupport::peak(w.samples) <= e.maxPeak);
    }
}

TEST_CASE("sfxgen --list names every sound with its length and how it is made")
{
    const testsupport::ProcessResult r = testsupport::runProcess(sfxgen() + " --list");
    REQUIRE(r.exitCode == 0);
    for (const SoundBounds& e : Expected)
        CHECK(r.out.find(std::string(e.name) + "\t") != std::string::npos);
}
