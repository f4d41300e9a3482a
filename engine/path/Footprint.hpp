#pragma once
/// \file Footprint.hpp
/// Units bigger than a cell. A unit of size s (1 to MaxFootprintSize) standing on cell (x, y)
/// covers the s x s block of cells x .. x+s-1, y .. y+s-1 (its footprint). The footprint is
/// passable when every cell of it is, and a step costs the dearest cell of the footprint after
/// the step (times the diagonal factor for a diagonal step). So the footprint costs of a whole
/// layer are one cost field: cell (x, y) holds the dearest cost of the block anchored there,
/// Impassable where a cell of the block is impassable or off the field. Every search over that
/// field (A*, landmarks, jump points, flow fields, smoothing) is then the search of a size-s
/// unit, and the diagonal rules applied to its cells are the footprint rules: no-corner-cutting
/// needs both orthogonal neighbour footprints passable, one-obstacle one of them. Size 1 is the
/// field itself. NavGrid::footprintLayer() keeps such a layer per (layer, size) up to date.
///
/// \code
/// isostar::path::CostField field(6, 4);               // 6x4 cells, all cost 1
/// field.at({2, 1}) = isostar::path::Impassable;       // a post
/// field.at({4, 2}) = 3.0f;                            // mud
/// const isostar::path::CostField cart = isostar::path::footprintField(field, 2);
/// // cart.at({1, 0}) == Impassable (its block holds the post), cart.at({3, 2}) == 3 (mud),
/// // cart.at({5, 0}) == Impassable (the block leaves the field)
/// std::cout << cart << '\n';
/// \endcode

#include "engine/path/CostField.hpp"

namespace isostar::path {

/// The largest unit size (footprint side, in cells).
inline constexpr int MaxFootprintSize = 4;

/// The footprint costs of `base` for units of `size` x `size` cells (see the file comment):
/// a field of the same size. A sliding-window maximum (van Herk / Gil-Werman: a row pass, then
/// a column pass, three comparisons per cell and pass whatever the size), O(cells). `size` 1:
/// a copy. An empty field (0 x 0) for `size` outside 1..MaxFootprintSize.
CostField footprintField(const CostField& base, int size);

} // namespace isostar::path
