#pragma once
// pathcost: the engine inside a shared library (libpathcost.so), behind an interface of standard
// types only.

#include <string>

struct PathCost {
    bool loaded = false;    ///< the map and its config loaded (else `error` says why)
    std::string error;      ///< the diagnostics of a map or config that does not load
    std::string status;     ///< the search's status ("found", "partial", ...)
    double cost = 0.0;      ///< the path's cost (0 without a path)
    int steps = -1;         ///< the path's steps (-1 without a path)
};

/// `isopath path MAP --from SX,SY --to GX,GY` as a library call: the map's own terrain config,
/// base rules, A*.
PathCost findPathCost(const std::string& mapPath, int sx, int sy, int gx, int gy);
