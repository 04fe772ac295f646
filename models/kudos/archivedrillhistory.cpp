#include "archivedrillhistory.h"

#include "kudossettings.h"
#include "retentionreport.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace tidemark::kudos {

QStringList DrillRecord::problemMessages() const {
    QStringList messages;
    for (const QJsonValue& p : problems)
        messages.append(p.toObject().value(QStringLiteral("message")).toString());
    return messages;
}

ArchiveDrillHistory::ArchiveDrillHistory(PgConnection& db) : m_db(db) {}

std::map<QString, DrillRecord> ArchiveDrillHistory::lastPerKey() {
    const PgResult r = m_db.exec(
        QStringLiteral("SELECT DISTINCT ON (archive_key) %1, archive_key, coalesce(object_sha256, ''),"
                       " result = 'passed', problems::text, seconds, rows, object_bytes"
                       " FROM kudos_archive_drills ORDER BY archive_key, drilled_at DESC, id DESC")
            .arg(microsOf(QStringLiteral("drilled_at"))));
    std::map<QString, DrillRecord> last;
    for (int i = 0; i < r.rows(); ++i) {
        DrillRecord d;
        d.drilledAt = r.toLong(i, 0);
        d.archiveKey = r.text(i, 1);
        d.objectSha256 = r.text(i, 2);
        d.passed = r.toBool(i, 3);
        d.problems = QJsonDocument::fromJson(r.text(i, 4).toUtf8()).array();
        d.seconds = r.toDouble(i, 5);
        d.rows = r.toLong(i, 6);
        d.objectBytes = r.toLong(i, 7);
        last.emplace(d.archiveKey, d);
    }
    return last;
}

QStringList ArchiveDrillHistory::catalogKeys() {
    const PgResult r = m_db.exec(QStringLiteral("SELECT DISTINCT archive_key FROM kudos_retention_catalog"
                                                " WHERE archive_key IS NOT NULL ORDER BY 1"));
    QStringList keys;
    for (int i = 0; i < r.rows(); ++i)
        keys.append(r.text(i, 0));
    return keys;
}

Micros ArchiveDrillHistory::record(const DrillRecord& drill) {
    return m_db
        .exec(QStringLiteral("INSERT INTO kudos_archive_drills (archive_key, object_sha256, result, problems,"
                             " seconds, rows, object_bytes)"
                             " VALUES ($1, nullif($2, ''), $3, $4::jsonb, $5, $6, $7) RETURNING %1")
                  .arg(microsOf(QStringLiteral("drilled_at"))),
              {drill.archiveKey, drill.objectSha256,
               drill.passed ? QStringLiteral("passed") : QStringLiteral("failed"),
               QString::fromUtf8(QJsonDocument(drill.problems).toJson(QJsonDocument::Compact)), drill.seconds,
               static_cast<long long>(drill.rows), static_cast<long long>(drill.objectBytes)})
        .toLong(0, 0);
}

DrillCoverage ArchiveDrillHistory::coverage(int windowDays) {
    const PgResult r = m_db.exec(
        QStringLiteral(
            "WITH objects AS (SELECT DISTINCT archive_key FROM kudos_retention_catalog"
            "   WHERE archive_key IS NOT NULL),"
            " latest AS (SELECT o.archive_key, d.result = 'passed' AS proven, d.drilled_at FROM objects o"
            "   LEFT JOIN LATERAL (SELECT result, drilled_at FROM kudos_archive_drills d"
            "     WHERE d.archive_key = o.archive_key ORDER BY drilled_at DESC, id DESC LIMIT 1) d ON true),"
            " oldest AS (SELECT archive_key, drilled_at FROM latest WHERE proven"
            "   ORDER BY drilled_at, archive_key LIMIT 1)"
            " SELECT count(*),"
            " count(*) FILTER (WHERE proven AND drilled_at >= (now() AT TIME ZONE 'UTC') - "
            "make_interval(days => $1)),"
            " count(*) FILTER (WHERE proven IS NOT TRUE),"
            " (SELECT %1 FROM oldest), (SELECT archive_key FROM oldest),"
            " (SELECT %2 FROM kudos_archive_drills WHERE result = 'passed')"
            " FROM latest")
            .arg(microsOf(QStringLiteral("drilled_at")), microsOf(QStringLiteral("max(drilled_at)"))),
        {windowDays});
    DrillCoverage c;
    c.windowDays = windowDays;
    c.objects = int(r.toLong(0, 0));
    c.provenWithin = int(r.toLong(0, 1));
    c.unproven = int(r.toLong(0, 2));
    if (!r.isNull(0, 3)) {
        c.oldestProof = r.toLong(0, 3);
        c.oldestProofKey = r.text(0, 4);
    }
    if (!r.isNull(0, 5))
        c.lastPassed = r.toLong(0, 5);
    return c;
}

std::vector<RetentionAlert> ArchiveDrillHistory::overdue(const KudosSettings& settings, Micros clock) {
    // Per tier: the newest passed drill of one of its objects, against its objects recorded long enough ago
    // that one should have been drilled since.
    const PgResult r = m_db.exec(
        QStringLiteral(
            "WITH due AS (SELECT dataset, count(*) AS objects, min(updated_at) AS first_recorded"
            "   FROM kudos_retention_catalog WHERE archive_key IS NOT NULL"
            "   AND updated_at <= $1::timestamp - make_interval(days => $2) GROUP BY dataset),"
            " proven AS (SELECT c.dataset, max(d.drilled_at) AS last_passed FROM kudos_archive_drills d"
            "   JOIN kudos_retention_catalog c ON c.archive_key = d.archive_key WHERE d.result = 'passed'"
            "   GROUP BY c.dataset)"
            " SELECT due.dataset, due.objects, coalesce(proven.last_passed::text, '')"
            " FROM due LEFT JOIN proven USING (dataset)"
            " WHERE proven.last_passed IS NULL OR proven.last_passed < $1::timestamp - make_interval(days => "
            "$2)"
            " ORDER BY 1"),
        {utcParam(clock), settings.drillMaxAgeDays});
    std::vector<RetentionAlert> alerts;
    for (int i = 0; i < r.rows(); ++i) {
        RetentionAlert alert;
        alert.dataset = datasetFromName(r.text(i, 0));
        alert.cause = RetentionAlert::Cause::DrillOverdue;
        const QString last = r.text(i, 2);
        alert.message =
            QStringLiteral(
                "no restore drill of the %1 archive passed within KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS ="
                " %2 (%3; %4 object(s) due): run `tidemark-cli archive drill`")
                .arg(r.text(i, 0))
                .arg(settings.drillMaxAgeDays)
                .arg(last.isEmpty() ? QStringLiteral("never passed")
                                    : QStringLiteral("last passed %1 UTC").arg(last.left(19)))
                .arg(r.text(i, 1));
        alerts.push_back(alert);
    }
    return alerts;
}

} // namespace tidemark::kudos
