// engine/core/Percentile: nearest-rank percentiles on small samples worked out by hand.

#include "engine/core/Percentile.hpp"

#include <catch2/catch.hpp>

#include <vector>

TEST_CASE("nearest-rank percentile picks a measured value", "[core][percentile]")
{
    // Unsorted on purpose: the sample is sorted in a copy.
    const std::vector<double> v = {40.0, 10.0, 30.0, 20.0, 50.0};
    CHECK(isostar::percentile(v, 0.5) == 30.0);   // rank ceil(2.5) = 3
    CHECK(isostar::percentile(v, 0.99) == 50.0);  // rank ceil(4.95) = 5
    CHECK(isostar::percentile(v, 1.0) == 50.0);
    CHECK(isostar::percentile(v, 0.2) == 10.0);   // rank 1
    CHECK(isostar::percentile(v, 0.21) == 20.0);  // rank ceil(1.05) = 2
    CHECK(isostar::percentile(v, 0.0) == 10.0);   // rank 0 counts as the first
    CHECK(v.front() == 40.0);                 // the caller's vector is left as it was
}

TEST_CASE("percentile of an even sample and of an empty one", "[core][percentile]")
{
    CHECK(isostar::percentile({1.0, 2.0, 3.0, 4.0}, 0.5) == 2.0);  // nearest rank, not the mean of 2 and 3
    CHECK(isostar::percentile({7.0}, 0.99) == 7.0);
    CHECK(isostar::percentile({}, 0.5) == 0.0);
}
