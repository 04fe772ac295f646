#include "kudosvalues.h"

#include "error.h"

#include <limits>

namespace tidemark::kudos {

QString datasetName(RetentionDataset dataset) {
    return dataset == RetentionDataset::Currency ? QStringLiteral("currency") : QStringLiteral("statistics");
}

QString datasetTable(RetentionDataset dataset) {
    return dataset == RetentionDataset::Currency ? QStringLiteral("kudos_ledger")
                                                 : QStringLiteral("kudos_stat_events");
}

RetentionDataset datasetFromName(const QString& name) {
    if (name == QLatin1String("currency"))
        return RetentionDataset::Currency;
    if (name == QLatin1String("statistics"))
        return RetentionDataset::Statistics;
    throw Error(Error::Kind::Failed, QStringLiteral("unknown retention dataset \"%1\"").arg(name));
}

PgParam utcParam(Micros t) {
    QString iso = formatIsoTimestamp(t);
    iso.chop(1); // the trailing Z: a `timestamp` holds UTC without saying so
    return PgParam(iso);
}

QString microsOf(const QString& column) {
    return QStringLiteral("(extract(epoch FROM %1) * 1000000)::bigint").arg(column);
}

qint64 centsFromText(const QString& text) {
    const auto bad = [&] {
        return Error(Error::Kind::Failed,
                     QStringLiteral("not an amount with two decimals: \"%1\"").arg(text));
    };
    QString t = text.trimmed();
    const bool negative = t.startsWith(QLatin1Char('-'));
    if (negative || t.startsWith(QLatin1Char('+')))
        t.remove(0, 1);
    const qsizetype dot = t.indexOf(QLatin1Char('.'));
    const QString whole = dot < 0 ? t : t.left(dot);
    QString fraction = dot < 0 ? QString() : t.mid(dot + 1);
    if (whole.isEmpty() || fraction.size() > 2)
        throw bad();
    while (fraction.size() < 2)
        fraction += QLatin1Char('0');
    bool okWhole = false, okFraction = false;
    const qint64 units = whole.toLongLong(&okWhole);
    const int cents = fraction.toInt(&okFraction);
    for (QChar c : whole + fraction)
        if (!c.isDigit())
            throw bad();
    if (!okWhole || !okFraction || units > (std::numeric_limits<qint64>::max() - 99) / 100)
        throw bad();
    const qint64 value = units * 100 + cents;
    return negative ? -value : value;
}

QString textFromCents(qint64 cents) {
    const bool negative = cents < 0;
    const quint64 magnitude = negative ? 0 - static_cast<quint64>(cents) : static_cast<quint64>(cents);
    return QStringLiteral("%1%2.%3")
        .arg(negative ? QStringLiteral("-") : QString())
        .arg(magnitude / 100)
        .arg(magnitude % 100, 2, 10, QLatin1Char('0'));
}

} // namespace tidemark::kudos
