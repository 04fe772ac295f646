#include "tracksfilecheck.h"

#include "tracksmigrator.h"
#include "tracksschemareference.h"

#include "error.h"

#include <QFileInfo>
#include <algorithm>

namespace tidemark::tracks {

TracksFileCheck TracksFileCheck::read(const QString& path) {
    if (!QFileInfo(path).isFile())
        throw Error(Error::Kind::Connection, QStringLiteral("tracks file not found: %1").arg(path));
    SqliteFile file(path, SqliteFile::Mode::ReadOnly);
    try {
        return read(file);
    } catch (const Error& e) {
        if (e.kind() != Error::Kind::Failed)
            throw;
        // Damage the header check cannot see (e.g. a malformed schema page) shows on the first statement.
        throw Error(Error::Kind::Connection,
                    QStringLiteral("cannot open tracks file %1: %2").arg(path, e.message()));
    }
}

TracksFileCheck TracksFileCheck::read(SqliteFile& file) {
    TracksFileCheck check(file.path());
    check.m_foreign = TracksSchemaReference::instance().foreignObjectsOf(file);
    // A ledger that is not Tidemark's own table (a view, a virtual table) is not read.
    const bool ledgerIsOurs =
        std::none_of(check.m_foreign.cbegin(), check.m_foreign.cend(), [](const SqliteFile::SchemaObject& o) {
            return o.name.compare(TracksMigrator::kLedgerTable, Qt::CaseInsensitive) == 0;
        });
    check.m_status = TracksMigrator::statusOf(file, ledgerIsOurs);
    return check;
}

QStringList TracksFileCheck::foreignDescriptions() const {
    QStringList descriptions;
    for (const SqliteFile::SchemaObject& object : m_foreign)
        descriptions << object.description();
    return descriptions;
}

void TracksFileCheck::requireTracksFile() const {
    if (!m_status.missingTables.isEmpty()) {
        const QString table = m_status.missingTables.first();
        if (!m_foreign.isEmpty())
            throw Error(
                Error::Kind::Schema,
                QStringLiteral("%1 is not a tracks file: it has no table %2 and holds %3, which is not "
                               "Tidemark's; nothing in it was changed")
                    .arg(m_path, table, m_foreign.first().description()));
        throw Error(Error::Kind::Schema,
                    QStringLiteral(
                        "%1 has no table %2 of the tracks schema (run: tidemark-cli tracks init --sqlite %1)")
                        .arg(m_path, table));
    }
    TracksMigrator::requireKnownVersion(m_path, m_status);
    requireOwnObjects(QStringLiteral("the file is refused before anything in it runs"));
}

void TracksFileCheck::requireMigratable() const {
    TracksMigrator::requireKnownVersion(m_path, m_status);
    requireOwnObjects(
        QStringLiteral("tracks init makes a file of its own and adds nothing to another database"));
}

void TracksFileCheck::requireOwnObjects(const QString& what) const {
    if (m_foreign.isEmpty())
        return;
    const QString more = m_foreign.size() > 1
                             ? QStringLiteral(" (and %1 more object(s) of its own)").arg(m_foreign.size() - 1)
                             : QString();
    throw Error(Error::Kind::Refused,
                QStringLiteral("%1: %2 is not part of the tracks schema (neither Tidemark's migrations nor "
                               "SpatiaLite create it as it is)%3: %4; nothing in the file was changed")
                    .arg(m_path, m_foreign.first().description(), more, what));
}

} // namespace tidemark::tracks
