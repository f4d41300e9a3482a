/// \file Measure.cpp
/// pathbench's measuring tools (see Measure.hpp).
#include "tools/pathbench/Measure.hpp"

#include <malloc.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>

namespace pathbench {

double threadMicros()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e6 + double(t.tv_nsec) * 1e-3;
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double sum(const std::vector<double>& v)
{
    double s = 0.0;
    for (double x : v)
        s += x;
    return s;
}

double nsPerExpansion(const Stats& s)
{
    const double exp = sum(s.expanded);
    return exp > 0 ? 1000.0 * sum(s.micros) / exp : 0.0;
}

void append(Stats& all, const Stats& b)
{
    all.micros.insert(all.micros.end(), b.micros.begin(), b.micros.end());
    all.costs.insert(all.costs.end(), b.costs.begin(), b.costs.end());
    all.expanded.insert(all.expanded.end(), b.expanded.begin(), b.expanded.end());
    all.peakMiB = std::max(all.peakMiB, b.peakMiB);
}

namespace {

/// Resident set size in KiB from /proc/self/status ("VmRSS" or "VmHWM").
long procStatusKiB(const char* key)
{
    std::ifstream in("/proc/self/status");
    std::string line;
    const std::size_t keyLen = std::strlen(key);
    while (std::getline(in, line))
        if (line.compare(0, keyLen, key) == 0 && line.size() > keyLen && line[keyLen] == ':')
            return std::atol(line.c_str() + keyLen + 1);
    return -1;
}

bool writeAll(int fd, const void* data, std::size_t size)
{
    const char* p = static_cast<const char*>(data);
    while (size > 0) {
        const ssize_t n = ::write(fd, p, size);
        if (n <= 0)
            return false;
        p += n;
        size -= std::size_t(n);
    }
    return true;
}

bool readAll(int fd, void* data, std::size_t size)
{
    char* p = static_cast<char*>(data);
    while (size > 0) {
        const ssize_t n = ::read(fd, p, size);
        if (n <= 0)
            return false;
        p += n;
        size -= std::size_t(n);
    }
    return true;
}

} // namespace

Stats measured(const std::function<Stats()>& body)
{
    int fds[2];
    if (::pipe(fds) != 0)
        return body();
    std::fflush(stdout);
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        return body();
    }
    if (pid == 0) {
        ::close(fds[0]);
        // Give free heap pages back first (so the implementation's allocations are new resident
        // pages, not reused ones), then start the high-water mark at the current RSS (Linux >= 4.0:
        // writing 5 to clear_refs resets it).
        ::malloc_trim(0);
        { std::ofstream("/proc/self/clear_refs") << "5"; }
        const long before = procStatusKiB("VmRSS");
        Stats s = body();
        const long peak = procStatusKiB("VmHWM");
        s.peakMiB = before >= 0 && peak >= 0 ? double(peak - before) / 1024.0 : -1.0;
        const std::size_t n = s.micros.size();
        bool ok = writeAll(fds[1], &n, sizeof n) && writeAll(fds[1], &s.peakMiB, sizeof s.peakMiB);
        for (const std::vector<double>* v : {&s.micros, &s.costs, &s.expanded})
            ok = ok && writeAll(fds[1], v->data(), n * sizeof(double));
        ::close(fds[1]);
        std::fflush(stdout);
        ::_exit(ok ? 0 : 3);
    }
    ::close(fds[1]);
    Stats s;
    std::size_t n = 0;
    bool ok = readAll(fds[0], &n, sizeof n) && readAll(fds[0], &s.peakMiB, sizeof s.peakMiB);
    if (ok) {
        for (std::vector<double>* v : {&s.micros, &s.costs, &s.expanded}) {
            v->resize(n);
            ok = ok && readAll(fds[0], v->data(), n * sizeof(double));
        }
    }
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (!ok || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "pathbench: measuring child failed\n");
        std::exit(2);
    }
    return s;
}

} // namespace pathbench
