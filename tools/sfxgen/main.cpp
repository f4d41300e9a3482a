// sfxgen: synthesises IsoStar's sounds (assets/sounds/NAME.wav, 16-bit mono PCM at 22050 Hz).
// Deterministic: seeded noise and pure arithmetic, so every run writes the same bytes.
//
//   build/bin/sfxgen --out assets/sounds      (or: cmake --build build --target sounds)
//   build/bin/sfxgen --list                   each sound's name, length and how it is made

#include "tools/sfxgen/Sounds.hpp"

#include "engine/core/AtomicFile.hpp"
#include "engine/core/GuardedMain.hpp"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>

namespace {

int run(int argc, char** argv)
{
    std::string out = "assets/sounds";
    bool list = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--out" && i + 1 < argc) {
            out = argv[++i];
        } else if (a == "--list") {
            list = true;
        } else {
            std::cerr << "usage: sfxgen [--out SOUNDS_DIR] | sfxgen --list\n";
            return a == "--help" || a == "-h" ? 0 : 2;
        }
    }
    if (list) {
        for (const sfxgen::SoundRecipe& r : sfxgen::recipes()) {
            char length[32];
            std::snprintf(length, sizeof length, "%.3f", double(r.make().size()) / sfxgen::Rate);
            std::cout << r.name << "\t" << length << " s\t" << r.how << "\n";
        }
        return 0;
    }
    std::error_code ec;
    std::filesystem::create_directories(out, ec);
    for (const sfxgen::SoundRecipe& r : sfxgen::recipes()) {
        std::string error;
        if (!isostar::writeFileAtomically(out + "/" + r.name + ".wav", sfxgen::wavBytes(r.make()), false, error)) {
            std::cerr << "sfxgen: error: " << error << "\n";
            return 1;
        }
    }
    std::cout << "sfxgen: wrote " << sfxgen::recipes().size() << " sounds to " << out << "/\n";
    return 0;
}

} // namespace

/// No exception escapes: an unexpected one prints one line and exits 3 (isostar::runGuarded).
int main(int argc, char** argv)
{
    return isostar::runGuarded("sfxgen", [&] { return run(argc, argv); });
}
