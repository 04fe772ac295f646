#include "controltotalscounter.h"

#include "cents.h"
#include "csvrecordreader.h"
#include "error.h"

#include <QSet>
#include <optional>

namespace tidemark::archive {

ControlTotalsCounter::ControlTotalsCounter(const QStringList& columns)
    : m_width(static_cast<int>(columns.size())), m_userColumn(static_cast<int>(columns.indexOf("user_id"))),
      m_workerColumn(static_cast<int>(columns.indexOf("worker_id"))),
      m_amountColumn(static_cast<int>(columns.indexOf("amount"))),
      m_escrowColumn(static_cast<int>(columns.indexOf("escrow"))) {}

QString ControlTotalsCounter::keyFor(QByteArrayView userId, QByteArrayView workerId) {
    if (!userId.isEmpty())
        return QString::fromLatin1(userId);
    if (!workerId.isEmpty())
        return QStringLiteral("worker:") + QString::fromLatin1(workerId);
    return QStringLiteral("none");
}

namespace {
// The value of a decimal in PostgreSQL's integer output form ("0", "17", "-4"; at most 18 digits, so no
// overflow), or nothing for any other text.
std::optional<qint64> canonicalDecimal(QByteArrayView text) {
    const bool negative = !text.isEmpty() && text[0] == '-';
    const QByteArrayView digits = negative ? text.sliced(1) : text;
    if (digits.isEmpty() || digits.size() > 18 || (digits[0] == '0' && (digits.size() > 1 || negative)))
        return std::nullopt;
    qint64 value = 0;
    for (const char c : digits) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return negative ? -value : value;
}
} // namespace

ControlTotal& ControlTotalsCounter::totalFor(QByteArrayView userId, QByteArrayView workerId) {
    if (!userId.isEmpty()) {
        if (const std::optional<qint64> user = canonicalDecimal(userId))
            return m_userTotals[*user];
    }
    // keyFor's text, as bytes.
    m_key.resize(0);
    if (!userId.isEmpty())
        m_key.append(userId);
    else if (!workerId.isEmpty())
        m_key.append("worker:").append(workerId);
    else
        m_key.append("none");
    return m_totals[m_key];
}

void ControlTotalsCounter::add(const CsvRecordReader& record) {
    if (record.fieldCount() != m_width)
        throw Error(Error::Kind::Failed, QStringLiteral("CSV row %1 has %2 fields, the header %3")
                                             .arg(m_rows + 1)
                                             .arg(record.fieldCount())
                                             .arg(m_width));
    const QByteArrayView userId = m_userColumn >= 0 ? record.field(m_userColumn) : QByteArrayView();
    const QByteArrayView workerId = m_workerColumn >= 0 ? record.field(m_workerColumn) : QByteArrayView();
    qint64 cents = 0;
    if (m_amountColumn >= 0) {
        const auto parsed = parseCents(record.field(m_amountColumn));
        if (!parsed)
            throw Error(Error::Kind::Failed, QStringLiteral("CSV row %1: amount '%2' is not numeric(20,2)")
                                                 .arg(m_rows + 1)
                                                 .arg(QString::fromUtf8(record.field(m_amountColumn))));
        cents = *parsed;
    }
    const bool escrow = m_escrowColumn >= 0 && record.field(m_escrowColumn) == QByteArrayView("t");
    ControlTotal& total = totalFor(userId, workerId);
    qint64& sum = escrow ? total.escrowCents : total.balanceCents;
    const auto added = addCents(sum, cents);
    if (!added)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("the amounts of %1 overflow 64 bits").arg(keyFor(userId, workerId)));
    sum = *added;
    ++total.rows;
    ++m_rows;
}

ControlTotals ControlTotalsCounter::totals() const {
    ControlTotals totals;
    for (auto it = m_totals.constBegin(); it != m_totals.constEnd(); ++it)
        totals.insert(QString::fromLatin1(it.key()), it.value());
    for (auto it = m_userTotals.constBegin(); it != m_userTotals.constEnd(); ++it)
        totals.insert(QString::number(it.key()), it.value());
    return totals;
}

namespace {
QString describe(const ControlTotals& totals, const QString& key) {
    const auto it = totals.constFind(key);
    if (it == totals.constEnd())
        return QStringLiteral("no rows");
    return QStringLiteral("balance %1 escrow %2 rows %3")
        .arg(formatCents(it->balanceCents), formatCents(it->escrowCents))
        .arg(it->rows);
}
} // namespace

QStringList controlTotalsDifferences(const ControlTotals& expected, const ControlTotals& actual,
                                     const QString& expectedName, const QString& actualName, int limit) {
    QStringList keys = expected.keys();
    for (const QString& key : actual.keys())
        if (!expected.contains(key))
            keys.append(key);
    QStringList lines;
    int more = 0;
    for (const QString& key : keys) {
        if (expected.value(key) == actual.value(key) && expected.contains(key) == actual.contains(key))
            continue;
        if (lines.size() >= limit) {
            ++more;
            continue;
        }
        lines.append(QStringLiteral("totals of %1 differ: %2 %3, %4 %5")
                         .arg(key.front().isDigit() || key.front() == QLatin1Char('-')
                                  ? QStringLiteral("user ") + key
                                  : key,
                              expectedName, describe(expected, key), actualName, describe(actual, key)));
    }
    if (more > 0)
        lines.append(QStringLiteral("totals of %1 more keys differ").arg(more));
    return lines;
}

} // namespace tidemark::archive
