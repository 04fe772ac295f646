#include "disputerowsloader.h"

#include "csvrecordreader.h"
#include "error.h"
#include "kudosvalues.h"
#include "partitionexporter.h"
#include "pgconnection.h"
#include "sqlitefile.h"
#include "taskfeedback.h"

#include <QDateTime>
#include <QFileInfo>
#include <QHash>
#include <algorithm>
#include <numeric>

namespace tidemark::kudos {

namespace {
const QString kLedger = QStringLiteral("kudos_ledger");

// The first 19 characters of a timestamp as the CSV writes it: text order is time order.
QString csvSecond(Micros t) {
    return QDateTime::fromMSecsSinceEpoch(floorDiv(t, 1000), Qt::UTC)
        .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

} // namespace

DisputeRowsLoader::DisputeRowsLoader(QString restoreFile, QString conninfo)
    : m_restoreFile(std::move(restoreFile)), m_conninfo(std::move(conninfo)) {}

DisputeRows DisputeRowsLoader::load(const DisputeQuery& query, TaskFeedback& feedback) const {
    DisputeRows result;
    QHash<QString, std::size_t> rowOfId;
    int idColumn = -1;
    int createdColumn = -1;
    const auto add = [&](QStringList row, DisputeRows::Source source) {
        const QString id = row.value(idColumn);
        if (const auto known = rowOfId.constFind(id); known != rowOfId.cend()) {
            result.sources[*known] = DisputeRows::Source::Both;
            return;
        }
        if (int(result.rows.size()) >= kRowLimit) {
            result.truncated = true;
            return;
        }
        rowOfId.insert(id, result.rows.size());
        result.rows.push_back(std::move(row));
        result.sources.push_back(source);
    };
    const auto setColumns = [&](const QStringList& columns, const QString& where) {
        idColumn = int(columns.indexOf(QStringLiteral("id")));
        createdColumn = int(columns.indexOf(QStringLiteral("created")));
        if (idColumn < 0 || createdColumn < 0 || !columns.contains(QStringLiteral("user_id")))
            throw Error(Error::Kind::Schema, QStringLiteral("%1 has no id, created and user_id columns: (%2)")
                                                 .arg(where, columns.join(QStringLiteral(", "))));
        result.columns = columns;
    };

    if (!m_restoreFile.isEmpty() && QFileInfo(m_restoreFile).isFile()) {
        feedback.reportProgress(0.1, QStringLiteral("reading %1").arg(m_restoreFile));
        SqliteFile file(m_restoreFile, SqliteFile::Mode::ReadOnly);
        if (file.hasTable(QStringLiteral("restore_manifest"))) {
            SqliteStatement keys = file.prepare(QStringLiteral("SELECT object_key FROM restore_manifest"));
            while (keys.step())
                result.restoredKeys.append(keys.text(0));
        }
        if (file.hasTable(kLedger)) {
            setColumns(file.columnsOf(kLedger), m_restoreFile);
            QStringList quoted;
            for (const QString& column : result.columns)
                quoted.append(pgQuoteIdentifier(column)); // SQLite quotes identifiers the same way
            SqliteStatement select = file.prepare(
                QStringLiteral("SELECT %1 FROM %2 WHERE user_id = ?1 AND substr(created, 1, 19) >= ?2 AND "
                               "substr(created, 1, 19) < ?3 ORDER BY created, id")
                    .arg(quoted.join(QStringLiteral(", ")), kLedger));
            select.bind(1, query.userId).bind(2, csvSecond(query.from)).bind(3, csvSecond(query.to));
            while (select.step()) {
                QStringList row;
                for (int i = 0; i < result.columns.size(); ++i)
                    row.append(select.isNull(i) ? QString() : select.text(i));
                add(std::move(row), DisputeRows::Source::Archive);
            }
        }
    }
    if (!feedback.checkpoint())
        return result;

    if (!m_conninfo.isEmpty()) {
        feedback.reportProgress(0.5, QStringLiteral("reading the online rows of user %1").arg(query.userId));
        auto db = PgConnection::open(m_conninfo, QStringLiteral("tidemark dispute rows"));
        if (result.columns.isEmpty())
            setColumns(archive::PartitionExporter::columnsOf(*db, kLedger), kLedger);
        QStringList quoted;
        for (const QString& column : result.columns)
            quoted.append(pgQuoteIdentifier(column));
        db->exec(QStringLiteral("SET DateStyle = 'ISO, YMD'"));
        archive::CsvRecordReader records([&](const archive::CsvRecordReader& record) {
            QStringList row;
            for (int i = 0; i < record.fieldCount(); ++i)
                row.append(record.isNull(i) ? QString() : QString::fromUtf8(record.field(i)));
            add(std::move(row), DisputeRows::Source::Online);
        });
        // COPY takes no parameters: the user is an integer and the bounds are built from integers.
        db->copyOut(
            QStringLiteral("COPY (SELECT %1 FROM %2 WHERE user_id = %3 AND created >= %4 AND created < %5 "
                           "ORDER BY created, id) TO STDOUT (FORMAT csv)")
                .arg(quoted.join(QStringLiteral(", ")), kLedger)
                .arg(query.userId)
                .arg(pgTimestampLiteral(query.from), pgTimestampLiteral(query.to)),
            [&](const char* row, int length) { records.feed(row, length); });
        records.finish();
    }

    // Archived rows first, then the online ones: one order by created, then id.
    std::vector<std::size_t> order(result.rows.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const QStringList& x = result.rows[a];
        const QStringList& y = result.rows[b];
        const int byTime = x[createdColumn].compare(y[createdColumn]);
        return byTime != 0 ? byTime < 0 : x[idColumn].toLongLong() < y[idColumn].toLongLong();
    });
    DisputeRows sorted;
    sorted.columns = result.columns;
    sorted.truncated = result.truncated;
    sorted.restoredKeys = result.restoredKeys;
    sorted.rows.reserve(order.size());
    for (std::size_t i : order) {
        sorted.rows.push_back(std::move(result.rows[i]));
        sorted.sources.push_back(result.sources[i]);
    }
    return sorted;
}

} // namespace tidemark::kudos
