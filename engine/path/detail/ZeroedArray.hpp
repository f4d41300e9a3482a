#pragma once
/// \file ZeroedArray.hpp
/// engine/path's name for isostar::ZeroedArray (engine/core/ZeroedArray.hpp): per-cell search
/// scratch whose new storage reads as zero bytes without being written.

#include "engine/core/ZeroedArray.hpp"

namespace isostar::path::detail {

using isostar::ZeroedArray;

} // namespace isostar::path::detail
