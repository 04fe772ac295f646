#pragma once

#include <QByteArray>
#include <QHash>
#include <QMap>
#include <QString>
#include <QStringList>

namespace tidemark::archive {

class CsvRecordReader;

// The control totals of one key: the sum of `amount` over rows with escrow false (or without an escrow
// column) and over rows with escrow true, in cents, and the number of rows.
struct ControlTotal {
    qint64 balanceCents = 0;
    qint64 escrowCents = 0;
    qint64 rows = 0;
    bool operator==(const ControlTotal&) const = default;
};

// Keyed by user: the decimal user_id; a row whose user_id is NULL (a worker-target statistic row) counts
// under "worker:<worker_id>", and a row with neither under "none".
using ControlTotals = QMap<QString, ControlTotal>;

// Folds CSV records of the archived columns into ControlTotals. The key, amount and escrow columns are found
// by name (user_id, worker_id, amount, escrow); a missing amount or escrow column counts as 0 / false.
class ControlTotalsCounter {
  public:
    explicit ControlTotalsCounter(const QStringList& columns);

    // Throws Error(Failed) for a record of the wrong width or an amount that is not numeric(20,2).
    void add(const CsvRecordReader& record);
    ControlTotals totals() const;
    qint64 rows() const { return m_rows; }

    // The key a row counts under, from its user_id and worker_id texts (empty = NULL).
    static QString keyFor(QByteArrayView userId, QByteArrayView workerId);

  private:
    int m_width = 0;
    int m_userColumn = -1;
    int m_workerColumn = -1;
    int m_amountColumn = -1;
    int m_escrowColumn = -1;
    ControlTotal& totalFor(QByteArrayView userId, QByteArrayView workerId);

    // Keyed by the key's Latin-1 bytes while counting: a hash of byte strings costs a fraction of a map of
    // QStrings per row, and this runs once per archived row. A user_id in PostgreSQL's own decimal form (no
    // sign but '-', no leading zero) is keyed by its value instead, which costs a fraction again; its text is
    // the value printed back, so the keys come out the same.
    QHash<QByteArray, ControlTotal> m_totals;
    QHash<qint64, ControlTotal> m_userTotals;
    QByteArray m_key;
    qint64 m_rows = 0;
};

// One line per key whose totals differ between two sets ("user 17: manifest balance 12.30 escrow 0.00 rows
// 3, object balance 12.40 escrow 0.00 rows 3"), at most `limit` lines plus a line counting the rest.
QStringList controlTotalsDifferences(const ControlTotals& expected, const ControlTotals& actual,
                                     const QString& expectedName, const QString& actualName, int limit = 10);

} // namespace tidemark::archive
