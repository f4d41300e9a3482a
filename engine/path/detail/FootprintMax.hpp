#pragma once
/// \file FootprintMax.hpp
/// Internal to engine/path: the sliding-window maximum behind footprintField() and NavGrid's
/// footprint layers (Footprint.hpp), over a rectangle of anchors so that an edit recomputes
/// only the anchors whose block it touched.

#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>

namespace isostar::path::detail {

/// A cell off the grid: impassable (path::Impassable, +infinity).
inline constexpr float kOffGrid = std::numeric_limits<float>::infinity();

/// Scratch of footprintBlock (kept between calls: no allocation once grown).
struct FootprintScratch {
    std::vector<float> line;    ///< one row of input
    std::vector<float> rowMax;  ///< the row pass's result
    std::vector<float> prefix;  ///< van Herk / Gil-Werman block prefix maxima
    std::vector<float> suffix;  ///< and suffix maxima
};

/// out[i * outStep] = max(in[i * inStep] .. in[(i + s - 1) * inStep]) for i in 0 .. n - s
/// (van Herk / Gil-Werman: a window of s values spans at most two blocks of s; it is the max of
/// the suffix of the first block and the prefix of the second). [Limit: 1 <= s <= n]
inline void slidingMax(const float* in, std::ptrdiff_t inStep, int n, int s, float* out, std::ptrdiff_t outStep,
                       FootprintScratch& scratch)
{
    if (s == 1) {
        for (int i = 0; i < n; ++i)
            out[i * outStep] = in[i * inStep];
        return;
    }
    scratch.prefix.resize(std::size_t(n));
    scratch.suffix.resize(std::size_t(n));
    float* const g = scratch.prefix.data();
    float* const h = scratch.suffix.data();
    for (int i = 0; i < n; ++i)
        g[i] = i % s == 0 ? in[i * inStep] : std::max(g[i - 1], in[i * inStep]);
    for (int i = n - 1; i >= 0; --i)
        h[i] = (i % s == s - 1 || i == n - 1) ? in[i * inStep] : std::max(h[i + 1], in[i * inStep]);
    for (int i = 0; i + s <= n; ++i)
        out[i * outStep] = std::max(h[i], g[i + s - 1]);
}

/// slidingMax down the columns of a rows x w array, a whole row at a time (contiguous, so the
/// compiler vectorizes it): out row r = max of in rows r .. r + s - 1, for r in 0 .. rows - s.
inline void slidingMaxRows(const float* in, int rows, int w, int s, float* out, FootprintScratch& scratch)
{
    const std::size_t width = std::size_t(w);
    if (s == 1) {
        std::copy(in, in + std::size_t(rows) * width, out);
        return;
    }
    scratch.prefix.resize(std::size_t(rows) * width);
    scratch.suffix.resize(std::size_t(rows) * width);
    float* const g = scratch.prefix.data();
    float* const h = scratch.suffix.data();
    for (int r = 0; r < rows; ++r) {
        const float* row = in + std::size_t(r) * width;
        float* gr = g + std::size_t(r) * width;
        if (r % s == 0)
            std::copy(row, row + width, gr);
        else {
            const float* above = gr - width;
            for (std::size_t x = 0; x < width; ++x)
                gr[x] = std::max(above[x], row[x]);
        }
    }
    for (int r = rows - 1; r >= 0; --r) {
        const float* row = in + std::size_t(r) * width;
        float* hr = h + std::size_t(r) * width;
        if (r % s == s - 1 || r == rows - 1)
            std::copy(row, row + width, hr);
        else {
            const float* below = hr + width;
            for (std::size_t x = 0; x < width; ++x)
                hr[x] = std::max(below[x], row[x]);
        }
    }
    for (int r = 0; r + s <= rows; ++r) {
        const float* hr = h + std::size_t(r) * width;
        const float* gr = g + std::size_t(r + s - 1) * width;
        float* o = out + std::size_t(r) * width;
        for (std::size_t x = 0; x < width; ++x)
            o[x] = std::max(hr[x], gr[x]);
    }
}

/// The footprint costs of the anchors x0..x1, y0..y1 (inclusive, inside the width x height
/// grid) for blocks of `size` cells: out[(y - y0) * (x1 - x0 + 1) + (x - x0)]. `cellCost(x, y)`
/// gives the cost of an in-grid cell; cells off the grid count as impassable. O(rectangle).
template <class CellCost>
void footprintBlock(int width, int height, int size, int x0, int y0, int x1, int y1, const CellCost& cellCost,
                    FootprintScratch& scratch, std::vector<float>& out)
{
    const int w = x1 - x0 + 1;
    const int h = y1 - y0 + 1;
    const int cols = w + size - 1;  // input cells of one row
    const int rows = h + size - 1;  // input rows
    scratch.line.resize(std::size_t(cols));
    scratch.rowMax.resize(std::size_t(rows) * std::size_t(w));
    out.resize(std::size_t(h) * std::size_t(w));
    for (int r = 0; r < rows; ++r) {
        const int y = y0 + r;
        for (int i = 0; i < cols; ++i) {
            const int x = x0 + i;
            scratch.line[std::size_t(i)] = (x < width && y < height) ? cellCost(x, y) : kOffGrid;
        }
        slidingMax(scratch.line.data(), 1, cols, size, scratch.rowMax.data() + std::size_t(r) * std::size_t(w), 1,
                   scratch);
    }
    slidingMaxRows(scratch.rowMax.data(), rows, w, size, out.data(), scratch);
}

} // namespace isostar::path::detail
