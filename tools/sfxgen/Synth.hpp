#pragma once
/// \file Synth.hpp
/// The building blocks of sfxgen's sounds: a seeded noise source, filters, envelopes and the
/// 16-bit WAV writer. Pure arithmetic on doubles, no clock and no global state: the same calls
/// give the same samples, so every run writes the same bytes.

#include <cstdint>
#include <string>
#include <vector>

namespace sfxgen {

/// Samples per second of every sound (mono).
inline constexpr int Rate = 22050;
inline constexpr double Pi = 3.14159265358979323846;

/// A sound being made: mono samples in [-1, 1] at Rate.
using Samples = std::vector<double>;

/// Seeded noise (splitmix64): the same seed, the same sequence.
class Rng {
public:
    explicit Rng(std::uint64_t seed) : m_state(seed) {}
    /// Uniform in [0, 1).
    double uniform();
    /// Uniform in [-1, 1).
    double noise() { return 2.0 * uniform() - 1.0; }

private:
    std::uint64_t m_state;
};

/// A biquad filter (RBJ's cookbook forms), one sample at a time.
class Biquad {
public:
    static Biquad lowPass(double hz, double q = 0.707);
    static Biquad highPass(double hz, double q = 0.707);
    static Biquad bandPass(double hz, double q);
    double operator()(double x);
    /// Moves a band pass's centre, for sweeps (the filter's state stays).
    void retuneBandPass(double hz, double q) { tune(hz, q, 2); }

private:
    /// kind 0 low pass, 1 high pass, 2 band pass.
    void tune(double hz, double q, int kind);

    double b0 = 1, b1 = 0, b2 = 0, a1 = 0, a2 = 0;
    double x1 = 0, x2 = 0, y1 = 0, y2 = 0;
};

/// Samples in `seconds` (rounded to the nearest sample).
std::size_t sampleCount(double seconds);
/// 0 before `start`, rising linearly over `attack` seconds, then decaying as exp(-t / tau).
double attackDecay(double t, double start, double attack, double tau);
/// Scales `s` so that its largest magnitude is `peak`.
void normalise(Samples& s, double peak);
/// Adds `src` into `dst` from sample `at` on (`dst` grows when needed), times `gain`.
void mixInto(Samples& dst, const Samples& src, std::size_t at, double gain = 1.0);
/// A loop's seam: the last `fadeSec` seconds are cross-faded (equal power) into the first ones
/// and cut off, so playing the result over and over has no click.
void makeLoop(Samples& s, double fadeSec);
/// Short fades at both ends (no click where a sound starts or stops).
void fadeEdges(Samples& s, double fadeSec);

/// The sound as a 16-bit mono PCM WAV file's bytes.
std::string wavBytes(const Samples& s);

} // namespace sfxgen
