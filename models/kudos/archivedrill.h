#pragma once

#include "timestamp.h"

#include <QByteArray>
#include <QJsonArray>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>
#include <vector>

namespace tidemark::kudos {

// One line of a sum a drill compares: a key, its Σ amount in cents and its rows. Currency: user, then
// "t|f" (escrow or spendable), the entry type and the UTC day, joined by kDrillKeySeparator; statistics:
// user 0 and the day. Both sides produce their lines sorted by (user, rest) with `rest` compared bytewise
// (PostgreSQL: COLLATE "C"; SQLite: BINARY), so that one merge compares them with memory that does not
// grow with the rows.
struct DrillLine {
    qint64 user = 0;
    QByteArray rest;
    qint64 cents = 0;
    qint64 rows = 0;
};

inline constexpr char kDrillKeySeparator = '\x1f';

// Compares the lines recomputed from the restored rows ("archive", pulled from `nextArchive` until it
// returns nothing) with the dataset's replacement ("statement": kudos_ledger_daily, or the rollups of the
// source, pushed with statementLine), both in ascending key order: a key on one side only, or with a
// different Σ or row count, is a difference. Keeps the first `keep` differences as problems (a sentence
// and its fields each) and counts the rest.
class DrillComparison {
  public:
    enum class Kind { Currency, Statistics };
    using ArchiveLines = std::function<std::optional<DrillLine>()>;
    DrillComparison(Kind kind, QString replacement, ArchiveLines nextArchive, int keep = 10);

    // The next line of the replacement. Throws Error(Failed) when either side's lines come out of order
    // (the two sorts disagree, so the comparison would be wrong).
    void statementLine(const DrillLine& line);
    void finish(); // after the replacement's last line: the archive's remaining lines

    qint64 differences() const { return m_differences; }
    qint64 archiveLines() const { return m_archiveLines; }
    qint64 statementLines() const { return m_statementLines; }
    qint64 archiveRows() const { return m_archiveRows; }
    qint64 archiveCents() const { return m_archiveCents; }
    QStringList problems() const;    // the kept ones and "… N more line(s) differ"
    QJsonArray problemsJson() const; // {"message", "user_id", "account", "entry_type", "day", ...} each

    // The key in words: "user 17 spendable TRANSFER 2026-10-06", "day 2026-10-06".
    QString describeKey(const DrillLine& line) const;

  private:
    const DrillLine* peekArchive();
    void takeArchive();
    void differ(const DrillLine* archive, const DrillLine* statement);

    Kind m_kind;
    QString m_replacement;
    ArchiveLines m_nextArchive;
    int m_keep;
    std::optional<DrillLine> m_archive; // the archive line peeked and not yet compared
    bool m_archiveDone = false;
    std::optional<DrillLine> m_lastArchive, m_lastStatement;
    qint64 m_differences = 0, m_archiveLines = 0, m_statementLines = 0, m_archiveRows = 0, m_archiveCents = 0;
    QJsonArray m_kept;
};

// What a drill knows of an object before it chooses: the key and its last drill, if any.
struct DrillCandidate {
    QString key;
    std::optional<Micros> lastDrilled;
};

// The order a drill takes objects in (spec/kudos.md, "Restore drills"): first the objects never drilled,
// then those whose last drill is older than `maxAge` before `now` (the oldest first), then the others; ties
// and the never-drilled ones in the seeded order (the lowest SHA-256 of "seed:key" first). `sample` < 0:
// all of them.
QStringList chooseDrillObjects(const std::vector<DrillCandidate>& candidates, int sample, quint64 seed,
                               Micros now, Micros maxAge);

} // namespace tidemark::kudos
