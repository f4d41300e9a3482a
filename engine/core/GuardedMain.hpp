#pragma once
/// \file GuardedMain.hpp
/// The one rule for exceptions at the edge of a program: none escapes `main`. Bad input is
/// reported where it is found (a Result and exit code 2); an exception that still reaches `main`
/// becomes one line on stderr and an exit code, never `std::terminate` (exit 134, no message).
///
/// \code
/// int run(int argc, char** argv);   // the program itself; may throw
///
/// int main(int argc, char** argv)
/// {
///     return isostar::runGuarded("isopath", [&] { return run(argc, argv); });
/// }
/// \endcode

#include "engine/core/Utf8.hpp"

#include <exception>
#include <iostream>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>

namespace isostar {

/// Exit code of every IsoStar program for bad input (a broken map, config, option value).
inline constexpr int ExitBadInput = 2;
/// Exit code for an internal error: an exception nobody expected (a bug, or out of memory).
inline constexpr int ExitInternalError = 3;

/// Thrown for bad input found where no Result can carry it (deep inside a tool's command).
/// `what()` is the whole message, e.g. `maps/x.tmx: no object named "start"`.
struct BadInputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Runs `body` (which returns the exit code) and catches whatever escapes it:
/// - BadInputError -> `PROGRAM: error: WHAT` on `err`, returns ExitBadInput (2);
/// - std::bad_alloc -> `PROGRAM: internal error: out of memory`, returns ExitInternalError (3);
/// - any other std::exception -> `PROGRAM: internal error: WHAT`, returns 3;
/// - anything else -> `PROGRAM: internal error: unknown exception`, returns 3.
/// The message is made valid UTF-8 (toValidUtf8) so a user's bytes inside `what()` cannot
/// garble it. Writing the message itself never throws out of here.
template <typename F>
int runGuarded(std::string_view program, F&& body, std::ostream& err = std::cerr) noexcept
{
    const auto report = [&](std::string_view kind, std::string_view what, int code) noexcept {
        try {
            err << program << ": " << kind << ": " << toValidUtf8(what) << std::endl;
        } catch (...) { // a failing stream (or no memory left for the message): the code still tells
        }
        return code;
    };
    try {
        return body();
    } catch (const BadInputError& e) {
        return report("error", e.what(), ExitBadInput);
    } catch (const std::bad_alloc&) {
        return report("internal error", "out of memory", ExitInternalError);
    } catch (const std::exception& e) {
        return report("internal error", e.what(), ExitInternalError);
    } catch (...) {
        return report("internal error", "unknown exception", ExitInternalError);
    }
}

} // namespace isostar
