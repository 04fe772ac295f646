#include "tracksschemareference.h"

#include "spatialitedatabase.h"
#include "tracksmigrator.h"

namespace tidemark::tracks {

TracksSchemaReference::TracksSchemaReference() {
    auto db = SpatialiteDatabase::openInMemory();
    const auto take = [&] {
        for (const SqliteFile::SchemaObject& object : db->file().schemaObjects())
            m_objects.insert(object);
    };
    take();
    // After each migration: a file at an older version holds the objects as they were then.
    TracksMigrator(*db).migrate([&](const Migration&) { take(); });
    db->exec(QStringLiteral("ANALYZE"));
    take();
}

const TracksSchemaReference& TracksSchemaReference::instance() {
    static const TracksSchemaReference reference;
    return reference;
}

QList<SqliteFile::SchemaObject> TracksSchemaReference::foreignObjectsOf(SqliteFile& file) const {
    QList<SqliteFile::SchemaObject> foreign;
    for (const SqliteFile::SchemaObject& object : file.schemaObjects())
        if (!contains(object))
            foreign.append(object);
    return foreign;
}

} // namespace tidemark::tracks
