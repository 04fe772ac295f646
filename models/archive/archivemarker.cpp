#include "archivemarker.h"

#include "error.h"
#include "pgconnection.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QUuid>
#include <cmath>

namespace tidemark::archive {

namespace {

[[noreturn]] void refuse(const QString& where, const QString& why) {
    throw Error(Error::Kind::Refused,
                QStringLiteral("the archive marker %1 of %2 cannot be used: %3; it is written only by "
                               "tidemark-cli archive init")
                    .arg(QLatin1String(ArchiveMarker::kKey), where, why));
}

QString requiredText(const QJsonObject& o, const QString& name, const QString& where) {
    const QJsonValue v = o.value(name);
    if (!v.isString() || v.toString().isEmpty())
        refuse(where, QStringLiteral("%1 is missing or not a text").arg(name));
    return v.toString();
}

} // namespace

QByteArray ArchiveMarker::toJson() const {
    QJsonValue db;
    if (database)
        db = QJsonObject{{QStringLiteral("name"), database->name},
                         {QStringLiteral("system_identifier"), database->systemIdentifier.isEmpty()
                                                                   ? QJsonValue()
                                                                   : QJsonValue(database->systemIdentifier)}};
    const QJsonObject o{{QStringLiteral("format"), QLatin1String(kFormat)},
                        {QStringLiteral("version"), kVersion},
                        {QStringLiteral("id"), id},
                        {QStringLiteral("created_at"), formatIsoTimestamp(createdAt)},
                        {QStringLiteral("created_by"),
                         QJsonObject{{QStringLiteral("os_user"), osUser}, {QStringLiteral("database"), db}}},
                        {QStringLiteral("adopted_objects"), double(adoptedObjects)}};
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

ArchiveMarker ArchiveMarker::parse(const QByteArray& json, const QString& where) {
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        refuse(where,
               QStringLiteral("it is not a JSON object (%1)")
                   .arg(error.error != QJsonParseError::NoError ? error.errorString()
                                                                : QStringLiteral("another JSON value")));
    const QJsonObject o = doc.object();
    if (o.value(QStringLiteral("format")) != QJsonValue(QLatin1String(kFormat)))
        refuse(where, QStringLiteral("its format is not \"%1\"").arg(QLatin1String(kFormat)));
    const QJsonValue version = o.value(QStringLiteral("version"));
    if (!version.isDouble())
        refuse(where, QStringLiteral("its version is missing or not a number"));
    if (version.toDouble() != kVersion)
        refuse(where, QStringLiteral("its version %1 is not %2, the version this Tidemark reads")
                          .arg(version.toDouble())
                          .arg(kVersion));
    ArchiveMarker m;
    m.id = requiredText(o, QStringLiteral("id"), where);
    if (QUuid::fromString(m.id).isNull())
        refuse(where, QStringLiteral("its id '%1' is not a UUID").arg(m.id));
    if (!tryParseIsoTimestamp(requiredText(o, QStringLiteral("created_at"), where), &m.createdAt))
        refuse(where, QStringLiteral("its created_at is not an ISO-8601 instant"));
    const QJsonValue by = o.value(QStringLiteral("created_by"));
    if (!by.isObject())
        refuse(where, QStringLiteral("created_by is missing or not an object"));
    m.osUser = by.toObject().value(QStringLiteral("os_user")).toString();
    const QJsonValue db = by.toObject().value(QStringLiteral("database"));
    if (db.isObject()) {
        const QJsonValue system = db.toObject().value(QStringLiteral("system_identifier"));
        if (!system.isString() && !system.isNull())
            refuse(where, QStringLiteral("created_by.database.system_identifier is not a text or null"));
        m.database = Database{system.toString(), requiredText(db.toObject(), QStringLiteral("name"), where)};
    } else if (!db.isNull() && !db.isUndefined()) {
        refuse(where, QStringLiteral("created_by.database is not an object or null"));
    }
    const QJsonValue adopted = o.value(QStringLiteral("adopted_objects"));
    const double count = adopted.toDouble(-1);
    if (!adopted.isDouble() || count < 0 || count != std::floor(count) || count > 1e15)
        refuse(where, QStringLiteral("adopted_objects is missing or not a count"));
    m.adoptedObjects = qint64(count);
    return m;
}

ArchiveMarker::Database ArchiveMarker::Database::of(PgConnection& db) {
    Database database;
    database.name = db.exec(QStringLiteral("SELECT current_database()")).text(0, 0);
    try {
        database.systemIdentifier =
            db.exec(QStringLiteral("SELECT system_identifier::text FROM pg_control_system()")).text(0, 0);
    } catch (const Error& e) {
        if (e.kind() == Error::Kind::Connection)
            throw;
        // A role that may not read it: the marker says null.
    }
    return database;
}

} // namespace tidemark::archive
