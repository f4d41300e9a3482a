#pragma once
/// \file Percentile.hpp
/// Nearest-rank percentile of a sample, for the figures the tools print (query times, expansion
/// counts): the value at rank ceil(p * n) of the sorted sample, so it is always one of the
/// measured values and p = 1 gives the maximum.
///
/// \code
/// const std::vector<double> micros = {12.0, 15.5, 11.25, 90.0};   // one query time each
/// const double p99 = isostar::percentile(micros, 0.99);
/// std::cout << "p99 " << p99 << " us\n";
/// \endcode

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace isostar {

/// The nearest-rank `p` percentile of `values` (taken by value: sorted in a copy), p in [0, 1]
/// (p <= 1/n gives the minimum, p = 1 the maximum). 0 for an empty sample. O(n log n).
inline double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const std::size_t rank = std::size_t(std::ceil(p * double(values.size())));
    return values[std::min(values.size() - 1, rank == 0 ? 0 : rank - 1)];
}

} // namespace isostar
