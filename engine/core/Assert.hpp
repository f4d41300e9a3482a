#pragma once
/// \file Assert.hpp
/// ISOSTAR_ASSERT(cond, msg): programmer errors only (never bad user input). Prints file and line
/// and aborts. On unless NDEBUG is defined and ISOSTAR_ASSERTS_IN_RELEASE is not.

#include <cstdio>
#include <cstdlib>

#if !defined(NDEBUG) || defined(ISOSTAR_ASSERTS_IN_RELEASE)
#define ISOSTAR_ASSERT(cond, msg)                                                                  \
    do {                                                                                          \
        if (!(cond)) {                                                                            \
            std::fprintf(stderr, "%s:%d: assertion failed: %s (%s)\n", __FILE__, __LINE__, #cond, \
                         msg);                                                                    \
            std::abort();                                                                         \
        }                                                                                         \
    } while (false)
#else
#define ISOSTAR_ASSERT(cond, msg) ((void)0)
#endif
