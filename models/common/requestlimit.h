#pragma once

#include <QString>

namespace tidemark {

// The limits of one whole-number option of a job's request, stated once in the request (e.g.
// RoundRequest::kJobs) and used by the job (check), the CLI (rule, when a value is not a number) and the
// console's widgets (min and max as their ranges). `option` is how the CLI names it ("--jobs", or the setting
// a value comes from), so that one message serves both front ends.
struct RequestLimit {
    const char* option;
    int min;
    int max;
    const char* unit;             // "seconds", "objects", ...
    const char* orElse = nullptr; // a word the option also takes ("all"), which the caller handles

    constexpr bool contains(long long value) const { return value >= min && value <= max; }
    // "--jobs takes a whole number of workers from 1 to 64", with ", or all" when orElse is "all"
    QString rule() const;
    // Throws Error(Usage) with the rule and the value when `value` is outside the limits.
    void check(long long value) const;
};

} // namespace tidemark
