#include "partitionswapreport.h"

#include <algorithm>

namespace tidemark::kudos {

QString SwapStep::line() const {
    return QStringLiteral("phase %1 %2: %3").arg(phase).arg(table, description);
}

bool SwapPlan::alreadyPartitioned() const {
    return std::all_of(tables.cbegin(), tables.cend(),
                       [](const TableSwapPlan& t) { return t.alreadyPartitioned; });
}

QStringList SwapPlan::lines() const {
    QStringList out;
    out << QStringLiteral("boundary B = %1 (first Monday 00:00 UTC at least a day after %2)")
               .arg(formatIsoTimestamp(boundary), formatIsoTimestamp(now));
    for (const TableSwapPlan& t : tables) {
        if (t.alreadyPartitioned) {
            out << QStringLiteral("%1: already partitioned, nothing to do").arg(t.table);
            continue;
        }
        QStringList names;
        for (const KudosPartition& p : t.newPartitions)
            names << p.name;
        out << QStringLiteral("%1: first partition %2 [MINVALUE, B); right after the lock, new partitions %3")
                   .arg(t.table, initialPartitionName(t.table), names.join(QStringLiteral(", ")));
    }
    out << QStringLiteral("after the lock: idempotency keys for the transfers and repairs since %1")
               .arg(formatIsoTimestamp(now - currencyWindow));
    for (const SwapStep& s : steps) {
        out << s.line();
        for (const QString& sql : s.sql)
            out << QStringLiteral("    %1;").arg(sql);
    }
    return out;
}

} // namespace tidemark::kudos
