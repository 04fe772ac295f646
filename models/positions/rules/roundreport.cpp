#include "roundreport.h"

namespace tidemark::positions {

QString RoundReport::infoLine() const {
    return QStringLiteral("positions_thinning_round dry_run=%1 mowers=%2 slices=%3 scanned=%4 deleted=%5 "
                          "age_deleted=%6 seconds=%7 complete=%8")
        .arg(dryRun ? QStringLiteral("true") : QStringLiteral("false"))
        .arg(mowers)
        .arg(slices)
        .arg(scanned)
        .arg(deleted)
        .arg(ageDeleted)
        .arg(seconds, 0, 'f', 3)
        .arg(complete ? QStringLiteral("true") : QStringLiteral("false"));
}

} // namespace tidemark::positions
