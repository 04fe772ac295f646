#pragma once

#include "positionrow.h"

#include <QString>
#include <QUuid>
#include <optional>
#include <span>
#include <vector>

namespace tidemark::positions {

// The outcome of comparing a range as the table holds it now with what the preview said would be left.
struct RangeVerification {
    long long expected = 0;               // rows the preview said would be left
    long long actual = 0;                 // rows in the table now
    long long matching = 0;               // rows in both, equal in every column
    long long missing = 0;                // expected, not in the table
    long long unexpected = 0;             // in the table, not expected (not thinned, or thinned differently)
    long long changed = 0;                // same instant, other values
    std::vector<Micros> firstDifferences; // up to 20 instants that differ
    std::optional<Micros> watermark;      // the mower's watermark now
    bool equal() const { return missing == 0 && unexpected == 0 && changed == 0; }
    QString verdictText() const;
};

// After a round: reloads one mower's range and compares it with the preview's survivors row for row.
class RangeVerifier {
  public:
    // Opens its own connection (a background job); throws tidemark::Error.
    static RangeVerification verify(const QString& conninfo, const QUuid& mowerId, Micros from, Micros to,
                                    std::span<const PositionRow> expected);
    // The pure comparison; both sides in time order.
    static RangeVerification compare(std::span<const PositionRow> expected,
                                     std::span<const PositionRow> actual);
};

} // namespace tidemark::positions
