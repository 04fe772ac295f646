#include "kudosvalues.h"

#include "cents.h"
#include "error.h"

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
    const std::optional<qint64> cents = parseCents(text.toLatin1());
    if (!cents)
        throw Error(Error::Kind::Failed, QStringLiteral("not an amount with two decimals: \"%1\"").arg(text));
    return *cents;
}

QString textFromCents(qint64 cents) {
    return formatCents(cents);
}

} // namespace tidemark::kudos
