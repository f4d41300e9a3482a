#pragma once
/// \file FileSizeLimit.hpp
/// Makes writes fail on purpose, even for root (for which read-only folders do not).

#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <csignal>

namespace testsupport {

/// Runs `f` with the process's file size limit at `maxBytes` (writes beyond it fail with EFBIG,
/// for root too), then restores the limit.
template <typename F>
void withFileSizeLimit(rlim_t maxBytes, F&& f)
{
    rlimit old{};
    REQUIRE(::getrlimit(RLIMIT_FSIZE, &old) == 0);
    auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit lowered = old;
    lowered.rlim_cur = maxBytes;
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &lowered) == 0);
    f();
    ::setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, oldHandler);
}

} // namespace testsupport
