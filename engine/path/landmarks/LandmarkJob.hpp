#pragma once
/// \file LandmarkJob.hpp
/// Internal to engine/path: NavGrid's background rebuild of one layer's landmark table (the
/// thread itself stays out of NavGrid.hpp). Included by NavGrid's .cpp files only.

#include "engine/path/NavGrid.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>

namespace isostar::path {

/// Heap-allocated so a NavGrid can move while it runs; the jthread is the last member, so it is
/// stopped and joined first.
struct NavGrid::LandmarkJob {
    std::uint64_t epoch = 0;                  ///< the layer's landmark epoch at the snapshot
    std::shared_ptr<LandmarkTable> result;    ///< written by the thread before `done`
    std::atomic<bool> done{false};
    std::jthread thread;
};

} // namespace isostar::path
