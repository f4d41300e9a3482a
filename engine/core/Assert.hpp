#pragma once
/// \file Assert.hpp
/// ENGINE_ASSERT(cond, msg): programmer errors only (never bad user input). Prints file and line
/// and aborts. On unless NDEBUG is defined and ENGINE_ASSERTS_IN_RELEASE is not.

#include <cstdio>
#include <cstdlib>

#if !defined(NDEBUG) || defined(ENGINE_ASSERTS_IN_RELEASE)
#define ENGINE_ASSERT(cond, msg)                                                                  \
    do {                                                                                          \
        if (!(cond)) {                                                                            \
            std::fprintf(stderr, "%s:%d: assertion failed: %s (%s)\n", __FILE__, __LINE__, #cond, \
                         msg);                                                                    \
            std::abort();                                                                         \
        }                                                                                         \
    } while (false)
#else
#define ENGINE_ASSERT(cond, msg) ((void)0)
#endif
