#include "plannedreads.h"

#include "error.h"

namespace tidemark::positions {

QString PlannedReads::asTheRoundFindsThem(QString text, bool batch) {
    const QString begin =
        batch ? QStringLiteral("($2::timestamptz[])[1]") : QStringLiteral("$2::timestamptz");
    const QString mower = batch ? QStringLiteral("($1::uuid[])[1]") : QStringLiteral("$1");
    const auto filter = [&](const QString& column) {
        return QStringLiteral(
                   "%1 >= $10::timestamptz AND NOT (%1 < %2 AND %1 = ANY ($9::timestamptz[])) AND ")
            .arg(column, begin);
    };
    for (const QString& prefix : {QString(), QStringLiteral("m.")}) {
        const QString read = QStringLiteral("FROM mower_positions%1 WHERE %2mower_id = %3 AND ")
                                 .arg(prefix.isEmpty() ? QString() : QStringLiteral(" m"), prefix, mower);
        if (!text.contains(read))
            throw Error(Error::Kind::Failed, QStringLiteral("the planned thinning statement lost a read"));
        text.replace(read, read + filter(prefix + QStringLiteral("observed_at")));
    }
    return text;
}

} // namespace tidemark::positions
