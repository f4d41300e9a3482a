#pragma once
/// \file ZeroedArray.hpp
/// engine/path's name for eng::ZeroedArray (engine/core/ZeroedArray.hpp): per-cell search
/// scratch whose new storage reads as zero bytes without being written.

#include "engine/core/ZeroedArray.hpp"

namespace eng::path::detail {

using eng::ZeroedArray;

} // namespace eng::path::detail
