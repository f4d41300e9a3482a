/// \file Sounds.cpp
/// The recipes: footsteps (one per surface), the world's loops (volcano, wind, birds) and the
/// interface's cues. Each has its own seed, so changing one sound leaves the others' bytes.
#include "tools/sfxgen/Sounds.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace sfxgen {

namespace {

/// A sine blip from `f0` to `f1` Hz over `seconds` (exponential glide) with a little third
/// harmonic (a soft square), shaped by attack `attack` and decay `tau`.
Samples blip(double f0, double f1, double seconds, double attack, double tau)
{
    Samples s(sampleCount(seconds));
    double phase = 0.0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const double t = double(i) / Rate;
        const double f = f0 * std::pow(f1 / f0, t / seconds);
        phase += 2.0 * Pi * f / Rate;
        s[i] = (std::sin(phase) + 0.18 * std::sin(3.0 * phase)) * attackDecay(t, 0.0, attack, tau);
    }
    fadeEdges(s, 0.004);
    return s;
}

/// Notes one after another, `gapSec` apart (each a blip of `noteSec`).
Samples notes(std::initializer_list<double> hz, double gapSec, double noteSec, double tau)
{
    Samples out;
    std::size_t at = 0;
    for (double f : hz) {
        mixInto(out, blip(f, f, noteSec, 0.004, tau), at);
        at += sampleCount(gapSec);
    }
    return out;
}

/// A footfall: a thump (a low sine dropping in pitch) and a burst of filtered noise.
struct Footfall {
    std::uint64_t seed;
    double seconds;
    double thumpHz, thumpGain, thumpTau;
    double noiseLowHz, noiseHighHz, noiseGain, noiseAttack, noiseTau;
};

Samples footfall(const Footfall& p)
{
    Rng rng(p.seed);
    Biquad lo = Biquad::lowPass(p.noiseHighHz), hi = Biquad::highPass(p.noiseLowHz);
    Samples s(sampleCount(p.seconds));
    double phase = 0.0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const double t = double(i) / Rate;
        phase += 2.0 * Pi * p.thumpHz * (1.0 - 0.4 * std::min(1.0, t / 0.05)) / Rate;
        const double thump = std::sin(phase) * attackDecay(t, 0.0, 0.003, p.thumpTau) * p.thumpGain;
        const double noise = hi(lo(rng.noise())) * attackDecay(t, 0.0, p.noiseAttack, p.noiseTau) * p.noiseGain;
        s[i] = thump + noise;
    }
    return s;
}

/// Random clicks through a band pass: at each sample a click (noise) with probability `rate`
/// times the envelope attackDecay(t, start, attack, tau), scaled by `gain`.
struct Grains {
    std::uint64_t seed;
    double bandHz, q, rate, start, attack, tau, gain;
};

Samples grains(const Grains& g, std::size_t n)
{
    Rng rng(g.seed);
    Biquad band = Biquad::bandPass(g.bandHz, g.q);
    Samples out(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        const double density = attackDecay(double(i) / Rate, g.start, g.attack, g.tau);
        out[i] = band(rng.uniform() < g.rate * density ? rng.noise() : 0.0) * g.gain;
    }
    return out;
}

/// A footstep: a footfall, [opt] grains over it, brought to `peak`, its edges faded.
struct Step {
    Footfall fall;
    std::optional<Grains> grit;
    double peak, edgeSec;
};

Samples step(const Step& p)
{
    Samples s = footfall(p.fall);
    if (p.grit)
        mixInto(s, grains(*p.grit, s.size()), 0);
    normalise(s, p.peak);
    fadeEdges(s, p.edgeSec);
    return s;
}

Samples stepGrass()
{
    // Soft: a muffled thump and a brush of low-passed noise (leaves and stems).
    return step({{11, 0.17, 95.0, 0.7, 0.03, 150.0, 1400.0, 1.0, 0.012, 0.045}, std::nullopt, 0.32, 0.003});
}

Samples stepSnow()
{
    // Crunch: a soft thump, then dense crackles (short high clicks at random) that swell and
    // fade as the snow packs under the foot.
    return step({{12, 0.24, 80.0, 0.45, 0.03, 300.0, 3000.0, 0.35, 0.02, 0.06},
                 Grains{1201, 3200.0, 1.2, 0.22, 0.01, 0.05, 0.06, 3.0}, 0.42, 0.003});
}

Samples stepRoad()
{
    // Hard: a sharp click on stone, a short knock, and a few gritty grains after it.
    return step({{13, 0.13, 170.0, 0.6, 0.018, 1800.0, 7000.0, 1.1, 0.001, 0.008},
                 Grains{1301, 4500.0, 2.0, 0.08, 0.012, 0.004, 0.03, 4.0}, 0.5, 0.002});
}

Samples stepOther()
{
    // Neither soft nor hard: a mid thump with band-limited noise.
    return step({{14, 0.15, 120.0, 0.6, 0.025, 500.0, 2200.0, 0.8, 0.004, 0.03}, std::nullopt, 0.38, 0.003});
}

Samples volcanoRumble()
{
    // Brown noise (integrated white, leaking) low-passed twice, slowly swelling: 0.25 Hz fits
    // the loop a whole number of times, so the swell has no seam either.
    Rng rng(21);
    const double seconds = 4.0, fade = 0.5;
    Biquad lo1 = Biquad::lowPass(140.0), lo2 = Biquad::lowPass(90.0);
    Samples s(sampleCount(seconds + fade));
    double brown = 0.0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const double t = double(i) / Rate;
        brown = 0.995 * brown + 0.05 * rng.noise();
        const double swell = 0.75 + 0.25 * std::sin(2.0 * Pi * 0.25 * t);
        s[i] = lo2(lo1(brown)) * swell;
    }
    makeLoop(s, fade);
    normalise(s, 0.7);
    return s;
}

Samples ambienceWind()
{
    // White noise through a band pass whose centre drifts (two slow sweeps that fit the loop)
    // and gusts in loudness.
    Rng rng(31);
    const double seconds = 6.0, fade = 0.75;
    Biquad band = Biquad::bandPass(600.0, 1.6);
    Biquad lo = Biquad::lowPass(2500.0);
    Samples s(sampleCount(seconds + fade));
    for (std::size_t i = 0; i < s.size(); ++i) {
        const double t = double(i) / Rate;
        const double sweep = std::sin(2.0 * Pi * t / 6.0) + 0.5 * std::sin(2.0 * Pi * t / 2.0 + 1.0);
        band.retuneBandPass(600.0 * std::pow(2.0, 0.8 * sweep), 1.6);
        const double gust = 0.6 + 0.4 * std::sin(2.0 * Pi * t / 3.0 + 0.3);
        s[i] = lo(band(rng.noise())) * gust;
    }
    makeLoop(s, fade);
    normalise(s, 0.45);
    return s;
}

/// One bird's chirp at `at` seconds: a quick upward then downward glide with vibrato.
void chirp(Samples& s, Rng& rng, double at)
{
    const double length = 0.05 + 0.07 * rng.uniform();
    const double base = 2600.0 + 1800.0 * rng.uniform(), rise = 1.2 + 0.4 * rng.uniform();
    const std::size_t from = sampleCount(at), n = sampleCount(length);
    double phase = 0.0;
    for (std::size_t i = 0; i < n && from + i < s.size(); ++i) {
        const double u = double(i) / double(n);
        const double f = base * (1.0 + (rise - 1.0) * std::sin(Pi * u)) * (1.0 + 0.03 * std::sin(2.0 * Pi * 40.0 * u));
        phase += 2.0 * Pi * f / Rate;
        s[from + i] += 0.5 * std::sin(phase) * std::sin(Pi * u);
    }
}

Samples ambienceBirds()
{
    // A quiet bed of soft noise (leaves) and chirps in little groups at random times, none
    // across the loop's end.
    Rng rng(41);
    const double seconds = 6.0;
    Biquad lo = Biquad::lowPass(900.0);
    Samples s(sampleCount(seconds));
    for (double& v : s)
        v = 0.03 * lo(rng.noise());
    for (double t = 0.2; t < seconds - 0.6; t += 0.5 + 0.9 * rng.uniform()) {
        const int group = 1 + int(rng.uniform() * 3.0);
        for (int k = 0; k < group; ++k)
            chirp(s, rng, t + 0.13 * k);
    }
    fadeEdges(s, 0.01);
    normalise(s, 0.4);
    return s;
}

Samples orderGiven()
{
    Samples s = notes({660.0, 880.0}, 0.07, 0.09, 0.035);
    normalise(s, 0.45);
    return s;
}

Samples orderRefused()
{
    Samples s = blip(220.0, 150.0, 0.26, 0.005, 0.09);
    // A buzz: the blip's sign, softened, for a rougher tone than an accepted order's.
    for (double& v : s)
        v = std::tanh(3.0 * v);
    fadeEdges(s, 0.004);
    normalise(s, 0.45);
    return s;
}

Samples orderCutShort()
{
    // Up then down: the order is taken, but not all the way.
    Samples s = notes({660.0, 523.0}, 0.08, 0.1, 0.04);
    normalise(s, 0.42);
    return s;
}

Samples select()
{
    Samples s = blip(1320.0, 1100.0, 0.07, 0.002, 0.015);
    normalise(s, 0.35);
    return s;
}

Samples brush()
{
    // A swish: noise through a band pass sweeping up.
    Rng rng(51);
    Samples s(sampleCount(0.16));
    Biquad band = Biquad::bandPass(800.0, 2.0);
    for (std::size_t i = 0; i < s.size(); ++i) {
        const double t = double(i) / Rate;
        band.retuneBandPass(800.0 * std::pow(4.0, t / 0.16), 2.0);
        s[i] = band(rng.noise()) * std::sin(Pi * t / 0.16);
    }
    normalise(s, 0.35);
    return s;
}

Samples save()
{
    Samples s = notes({523.0, 659.0, 784.0}, 0.08, 0.14, 0.05);
    normalise(s, 0.42);
    return s;
}

Samples reloadFailed()
{
    Samples s = notes({392.0, 311.0}, 0.14, 0.2, 0.07);
    for (double& v : s)
        v = std::tanh(2.0 * v);
    normalise(s, 0.45);
    return s;
}

} // namespace

const std::vector<SoundRecipe>& recipes()
{
    static const std::vector<SoundRecipe> all = {
        {"step_grass", "thump at 95 Hz + noise band-passed 150-1400 Hz, 12 ms attack, 45 ms decay", stepGrass},
        {"step_snow", "soft thump + random clicks band-passed at 3.2 kHz whose density swells and fades (crunch)",
         stepSnow},
        {"step_road", "click of noise 1.8-7 kHz (8 ms decay) + 170 Hz knock + sparse grit grains at 4.5 kHz",
         stepRoad},
        {"step_other", "thump at 120 Hz + noise band-passed 500-2200 Hz, 30 ms decay", stepOther},
        {"volcano_rumble", "leaky-integrated (brown) noise low-passed at 140 and 90 Hz, 0.25 Hz swell; loop",
         volcanoRumble},
        {"ambience_wind", "white noise through a band pass drifting 340-1050 Hz, 3 s gusts; loop", ambienceWind},
        {"ambience_birds", "quiet low-passed noise bed + chirps (2.6-4.4 kHz glides with vibrato) in groups; loop",
         ambienceBirds},
        {"order_given", "two rising notes 660, 880 Hz (sine + 3rd harmonic)", orderGiven},
        {"order_refused", "falling 220 -> 150 Hz tone, saturated into a buzz", orderRefused},
        {"order_cut_short", "two notes up then down: 660, 523 Hz", orderCutShort},
        {"select", "a 70 ms tick gliding 1320 -> 1100 Hz", select},
        {"brush", "noise through a band pass sweeping 800 -> 3200 Hz (a swish)", brush},
        {"save", "three rising notes C5 E5 G5", save},
        {"reload_failed", "two falling notes G4, D#4, saturated", reloadFailed},
    };
    return all;
}

} // namespace sfxgen
