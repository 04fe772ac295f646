#pragma once

#include "timestamp.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace tidemark {
class PgConnection;
}

namespace tidemark::archive {

// What makes a folder or an S3 prefix a Tidemark archive: the object `tidemark-archive.json` at its root,
// written once by `tidemark-cli archive init` (ArchiveInitJob) and never an archive object itself (the stores
// do not list it). Every other command opens an archive only through openArchiveStore, which refuses one
// without it: an unmounted NAS (an empty mount point) or a typo'd path is never written to.
//   format           "tidemark-archive"
//   version          1
//   id               a random UUID, the archive's name in reports
//   created_at       ISO-8601 UTC: the database server's clock when init was given a database, else the
//                    clock of the machine that ran it
//   created_by       {"os_user": NAME, "database": {"system_identifier": "…" or null, "name": "…"} or null}
//   adopted_objects  the objects that were there, verified against their manifests, when init ran
struct ArchiveMarker {
    static constexpr const char* kKey = "tidemark-archive.json";
    static constexpr const char* kFormat = "tidemark-archive";
    static constexpr int kVersion = 1;
    static constexpr qint64 kMaxBytes = 64 * 1024; // a marker is a few hundred bytes; read no more than this

    struct Database {
        QString systemIdentifier; // empty: the role may not read pg_control_system() (written as null)
        QString name;
        bool operator==(const Database&) const = default;
        // The database `db` is connected to: current_database() and, when the role may read it,
        // pg_control_system()'s identifier. Only a lost connection throws.
        static Database of(PgConnection& db);
    };

    QString id;
    Micros createdAt = 0;
    QString osUser;
    std::optional<Database> database;
    qint64 adoptedObjects = 0;

    // Indented JSON, keys in a fixed order.
    QByteArray toJson() const;
    // Throws Error(Refused) naming `where` (the archive as messages show it) for bytes that are not a marker
    // of a known version: not JSON, another format, a version other than 1, a missing or mistyped field.
    static ArchiveMarker parse(const QByteArray& json, const QString& where);

    bool operator==(const ArchiveMarker&) const = default;
};

} // namespace tidemark::archive
