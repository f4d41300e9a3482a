#pragma once
/// \file WavFile.hpp
/// Reading a WAV file's samples for tests: 16-bit PCM or 32-bit float, any number of channels
/// (the extensible header OpenAL Soft's wave backend writes too), and loudness figures over it.
/// A data chunk whose size field was never filled in (a writer that did not close) is read to
/// the end of the file.
///
/// \code
/// const testsupport::Wav w = testsupport::readWav("assets/sounds/step_grass.wav");
/// REQUIRE(w.error.empty());
/// CHECK(testsupport::rms(w.samples) > 0.01);
/// \endcode

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace testsupport {

struct Wav {
    int channels = 0;
    int rate = 0;
    int bits = 0;
    bool floating = false;
    std::vector<float> samples;  ///< interleaved, in [-1, 1]
    std::string error;           ///< "" when read

    double seconds() const { return channels > 0 && rate > 0 ? double(samples.size()) / channels / rate : 0.0; }
};

inline Wav readWav(const std::string& path)
{
    Wav w;
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto u32 = [&](std::size_t at) {
        std::uint32_t v = 0;
        for (int k = 3; k >= 0; --k)
            v = (v << 8) | std::uint8_t(bytes[at + std::size_t(k)]);
        return v;
    };
    const auto u16 = [&](std::size_t at) { return std::uint16_t(std::uint8_t(bytes[at]) | std::uint8_t(bytes[at + 1]) << 8); };
    if (bytes.size() < 12 || bytes.compare(0, 4, "RIFF") != 0 || bytes.compare(8, 4, "WAVE") != 0) {
        w.error = path + ": not a RIFF WAVE file";
        return w;
    }
    std::size_t at = 12;
    int format = 0;
    while (at + 8 <= bytes.size()) {
        const std::string id = bytes.substr(at, 4);
        std::size_t size = u32(at + 4);
        if (id == "fmt " && at + 24 <= bytes.size()) {
            format = u16(at + 8);
            w.channels = u16(at + 10);
            w.rate = int(u32(at + 12));
            w.bits = u16(at + 22);
            if (format == 0xFFFE && at + 34 <= bytes.size())
                format = u16(at + 32);  // the sub-format GUID's first two bytes
        } else if (id == "data") {
            if (size == 0 || at + 8 + size > bytes.size())
                size = bytes.size() - at - 8;
            w.floating = format == 3;
            const std::size_t step = std::size_t(w.bits / 8);
            if ((format != 1 || w.bits != 16) && (format != 3 || w.bits != 32)) {
                w.error = path + ": not 16-bit PCM or 32-bit float";
                return w;
            }
            for (std::size_t p = at + 8; p + step <= at + 8 + size; p += step) {
                if (w.floating) {
                    float f = 0.f;
                    const std::uint32_t raw = u32(p);
                    std::memcpy(&f, &raw, 4);
                    w.samples.push_back(f);
                } else {
                    w.samples.push_back(float(std::int16_t(u16(p))) / 32768.f);
                }
            }
            return w;
        }
        at += 8 + size + (size & 1);
    }
    w.error = path + ": no data chunk";
    return w;
}

/// Root mean square of samples [from, to) (all by default).
inline double rms(const std::vector<float>& s, std::size_t from = 0, std::size_t to = std::size_t(-1))
{
    to = std::min(to, s.size());
    if (from >= to)
        return 0.0;
    double sum = 0.0;
    for (std::size_t i = from; i < to; ++i)
        sum += double(s[i]) * s[i];
    return std::sqrt(sum / double(to - from));
}

inline double peak(const std::vector<float>& s)
{
    double p = 0.0;
    for (float v : s)
        p = std::max(p, double(std::fabs(v)));
    return p;
}

} // namespace testsupport
