#pragma once

#include <QByteArrayView>
#include <QString>
#include <optional>

namespace tidemark {

// Exact amounts of numeric(20,2) columns as whole cents. The text forms are PostgreSQL's: "-12.30", "7",
// "0.5"; more than two decimals, or a value that does not fit in 64 bits, is not an amount.
std::optional<qint64> parseCents(QByteArrayView text);
// "-12.30": always two decimals, the form numeric(20,2) prints.
QString formatCents(qint64 cents);
// a + b, or std::nullopt on overflow.
std::optional<qint64> addCents(qint64 a, qint64 b);

} // namespace tidemark
