// End-to-end: the sound of the real `isostar` binary, heard through OpenAL Soft's `wave`
// backend (an ALSOFT_CONF file makes it write its mix to a WAV file, in real time: the scripts
// `sleep` for the seconds measured). A unit walking on grass is clearly louder than the same
// run standing still (ambience at 0 in the settings file); the ambience alone is audible;
// `--mute` is silent. With the `null` backend the game runs its script as before and the dump's
// `audio.played` names a grass step on grass and a snow step on snow. Each run has its own
// XDG_CONFIG_HOME (the settings file) in its folder.

#include "tests/support/GameE2e.hpp"
#include "tests/support/RunProcess.hpp"
#include "tests/support/WavFile.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

/// OpenAL Soft's library is there (the wave and null backends are built into it).
bool haveOpenAlSoft()
{
    const testsupport::ProcessResult r = testsupport::runProcess("ldconfig -p");
    if (r.out.find("libopenal.so.1") != std::string::npos)
        return true;
    testsupport::skipTest("no OpenAL Soft (libopenal.so.1): the sound tests need its wave backend");
    return false;
}

struct AudioRun {
    testsupport::ProcessResult process;
    testsupport::Wav wav;  ///< the mix (wave backend only)
};

/// Runs the game on the valley with `script` under the OpenAL backend `driver` ("wave": the mix
/// goes to DIR/out.wav, read back), `settings` as its settings file's text.
AudioRun runWithSound(const fs::path& dir, const std::string& driver, const std::string& script,
                      const std::string& settings = "", const std::string& extra = "")
{
    std::ofstream(dir / "alsoft.conf") << "[general]\ndrivers = " << driver
                                       << "\nchannels = stereo\nsample-type = int16\nfrequency = 44100\n"
                                       << "[wave]\nfile = " << (dir / "out.wav").string() << "\n";
    fs::create_directories(dir / "config" / "isostar");
    std::ofstream(dir / "config" / "isostar" / "settings.toml") << settings;
    std::ofstream(dir / "test.script") << script;
    const std::string command = "ALSOFT_CONF='" + (dir / "alsoft.conf").string() + "' XDG_CONFIG_HOME='" +
                                (dir / "config").string() + "' " + testsupport::isostarCommand() + " --map '" +
                                ISOSTAR_SOURCE_DIR + "/maps/valley.tmx' " + extra + " --script '" +
                                (dir / "test.script").string() + "'";
    AudioRun run;
    run.process = testsupport::runProcess(command);
    testsupport::requireDisplayReached(run.process);
    if (driver == "wave")
        run.wav = testsupport::readWav((dir / "out.wav").string());
    return run;
}

/// The RMS of the mix's last `seconds` (the sounds of the measured part; the start-up before the
/// script's sleep is left out).
double tailRms(const testsupport::Wav& w, double seconds)
{
    const std::size_t n = std::size_t(seconds * w.rate) * std::size_t(std::max(1, w.channels));
    return testsupport::rms(w.samples, w.samples.size() > n ? w.samples.size() - n : 0);
}

const std::string NoAmbience = "[audio]\nambience = 0.0\n";
/// The knight walks north from the camp across the meadow (grass and flowers, one road).
const std::string WalkOnGrass = "select knight\nmove 14 44\nsleep 2\nquit\n";
const std::string StandStill = "select knight\nsleep 2\nquit\n";

} // namespace

TEST_CASE("e2e audio: footsteps on grass are heard, standing still with the ambience at 0 is near silence")
{
    if (!testsupport::haveDisplay() || !haveOpenAlSoft())
        return;
    const fs::path walkDir = testsupport::e2eDir("isostar-audio", "walk");
    const fs::path standDir = testsupport::e2eDir("isostar-audio", "stand");
    const AudioRun walk = runWithSound(walkDir, "wave", WalkOnGrass, NoAmbience);
    const AudioRun stand = runWithSound(standDir, "wave", StandStill, NoAmbience);
    INFO(walk.process.err << stand.process.err);
    REQUIRE(walk.process.exitCode == 0);
    REQUIRE(stand.process.exitCode == 0);
    REQUIRE(walk.wav.error.empty());
    REQUIRE(stand.wav.error.empty());
    const double walking = tailRms(walk.wav, 1.5), standing = tailRms(stand.wav, 1.5);
    INFO("walking rms " << walking << ", standing rms " << standing);
    CHECK(walking > 0.003);
    CHECK(walking > 4.0 * standing);
}

TEST_CASE("e2e audio: the ambience alone is audible, --mute is silent")
{
    if (!testsupport::haveDisplay() || !haveOpenAlSoft())
        return;
    const fs::path ambienceDir = testsupport::e2eDir("isostar-audio", "ambience");
    const fs::path muteDir = testsupport::e2eDir("isostar-audio", "mute");
    const AudioRun ambience = runWithSound(ambienceDir, "wave", StandStill);
    const AudioRun muted = runWithSound(muteDir, "wave", WalkOnGrass, "", "--mute");
    INFO(ambience.process.err << muted.process.err);
    REQUIRE(ambience.process.exitCode == 0);
    REQUIRE(muted.process.exitCode == 0);
    REQUIRE(ambience.wav.error.empty());
    REQUIRE(muted.wav.error.empty());
    const double heard = tailRms(ambience.wav, 1.5), silent = tailRms(muted.wav, 1.5);
    INFO("ambience rms " << heard << ", muted rms " << silent);
    CHECK(heard > 0.003);
    CHECK(silent < 1e-4);
    CHECK(muted.wav.seconds() > 1.5);  // the device ran: silence, not a missing mix
}

TEST_CASE("e2e audio: with the null backend the script runs, and played names a grass step on grass and a snow step on snow")
{
    if (!testsupport::haveDisplay() || !haveOpenAlSoft())
        return;
    const fs::path dir = testsupport::e2eDir("isostar-audio", "played");
    // The knight walks north on the meadow (grass and flowers), then into a patch of painted snow.
    std::string script = "select knight\nmove 14 51\nwait 2\ndump " + (dir / "grass.json").string() + "\n";
    for (int y = 48; y <= 50; ++y)
        for (int x = 12; x <= 16; ++x)
            script += "paint " + std::to_string(x) + " " + std::to_string(y) + " snow\n";
    script += "move 14 49\nwait 2\ndump " + (dir / "snow.json").string() + "\nkey U\ndump " +
              (dir / "muted.json").string() + "\nquit\n";
    const AudioRun run = runWithSound(dir, "null", script);
    INFO(run.process.err);
    REQUIRE(run.process.exitCode == 0);
    const Json grass = testsupport::readJsonFile(dir / "grass.json");
    const Json snow = testsupport::readJsonFile(dir / "snow.json");
    const Json muted = testsupport::readJsonFile(dir / "muted.json");
    CHECK(grass["audio"]["enabled"] == true);
    CHECK(grass["audio"]["muted"] == false);
    const auto names = [](const Json& j) { return j["audio"]["played"].get<std::vector<std::string>>(); };
    const auto has = [](const std::vector<std::string>& v, const std::string& s) {
        return std::find(v.begin(), v.end(), s) != v.end();
    };
    CHECK(has(names(grass), "select"));
    CHECK(has(names(grass), "order_given"));
    CHECK(has(names(grass), "step_grass"));
    CHECK_FALSE(has(names(grass), "step_snow"));
    CHECK(has(names(snow), "brush"));
    CHECK(has(names(snow), "step_snow"));
    CHECK(names(snow).size() <= 50);
    CHECK(muted["audio"]["muted"] == true);
}

TEST_CASE("e2e audio: the Sound window (F2) and U change the sound live and the settings file keeps it, --mute does not")
{
    if (!testsupport::haveDisplay() || !haveOpenAlSoft())
        return;
    // The file's [audio] table, first in it (the game keeps its other settings after it).
    const auto settingsText = [](const fs::path& dir) {
        const std::string text = testsupport::readFile(dir / "config" / "isostar" / "settings.toml");
        return text.substr(0, text.find("\n\n") == std::string::npos ? text.size() : text.find("\n\n") + 1);
    };
    // The window stands at the top right (first use: 260 px wide from x = 1010, y = 230); its
    // `muted` checkbox is the fourth row. It shows from its second frame (ImGui sizes it first).
    const fs::path panelDir = testsupport::e2eDir("isostar-audio", "panel");
    const AudioRun panel = runWithSound(panelDir, "null",
                                        "key F2\nsleep 0.2\nclick 1026 336\ndump " + (panelDir / "panel.json").string() + "\nquit\n",
                                        "[audio]\nmaster = 0.5 # kept\n");
    INFO(panel.process.err);
    REQUIRE(panel.process.exitCode == 0);
    CHECK(testsupport::readJsonFile(panelDir / "panel.json")["audio"]["muted"] == true);
    CHECK(settingsText(panelDir) == "[audio]\nmaster = 0.5 # kept\nmuted = true\n");

    const fs::path keyDir = testsupport::e2eDir("isostar-audio", "key");
    const AudioRun key = runWithSound(keyDir, "null", "key U\nkey U\nkey U\nquit\n", "[audio]\nmuted = false\n");
    REQUIRE(key.process.exitCode == 0);
    CHECK(settingsText(keyDir) == "[audio]\nmuted = true\n");

    const fs::path flagDir = testsupport::e2eDir("isostar-audio", "flag");
    const AudioRun flag = runWithSound(flagDir, "null", "dump " + (flagDir / "flag.json").string() + "\nquit\n",
                                       "[audio]\nmuted = false\n", "--mute");
    REQUIRE(flag.process.exitCode == 0);
    CHECK(testsupport::readJsonFile(flagDir / "flag.json")["audio"]["muted"] == true);
    CHECK(settingsText(flagDir) == "[audio]\nmuted = false\n");
}
