#include "clicontext.h"
#include "cliregistry.h"

#include "error.h"
#include "kudosschema.h"
#include "pgconnection.h"
#include "positionsschema.h"
#include "schemamigrator.h"
#include "tracksschema.h"

#include <QJsonArray>

namespace tidemark::cli {

namespace {

const QCommandLineOption kDatasetOption(QStringLiteral("dataset"),
                                        QStringLiteral("positions, kudos or tracks (its PostGIS store)."),
                                        QStringLiteral("NAME"));

// The PostgreSQL datasets' schemas, by the name --dataset gives (tracks: its PostGIS store; a tracks file is
// migrated by `tracks init --sqlite`).
DatasetSchema postgresSchema(CliContext& ctx) {
    const QString dataset = ctx.required(QStringLiteral("dataset"));
    if (dataset == positions::positionsSchema().dataset)
        return positions::positionsSchema();
    if (dataset == kudos::kudosSchema().dataset)
        return kudos::kudosSchema();
    if (dataset == tracks::tracksPostgisSchema().dataset)
        return tracks::tracksPostgisSchema();
    throw Error(Error::Kind::Usage, QStringLiteral("unknown dataset \"%1\" (expected one of: %2)")
                                        .arg(dataset, schemaDatasetNames().join(QStringLiteral(", "))));
}

QJsonObject statusJson(const SchemaStatus& s) {
    return {{QStringLiteral("dataset"), s.dataset},
            {QStringLiteral("version"), s.currentVersion},
            {QStringLiteral("latest"), s.latestVersion},
            {QStringLiteral("applied"), QJsonArray::fromStringList(s.applied)},
            {QStringLiteral("missing_tables"), QJsonArray::fromStringList(s.missingTables)}};
}

QString statusText(const SchemaStatus& s, const QString& where) {
    QString text = QStringLiteral("%1 schema on %2: version %3 of %4")
                       .arg(s.dataset, where)
                       .arg(s.currentVersion)
                       .arg(s.latestVersion);
    if (s.newerThanKnown())
        text += QStringLiteral(" (newer than this Tidemark knows)");
    for (const QString& a : s.applied)
        text += QStringLiteral("\n  applied %1").arg(a);
    if (!s.missingTables.isEmpty())
        text += QStringLiteral("\n  missing tables: %1").arg(s.missingTables.join(QStringLiteral(", ")));
    return text;
}

int runMigrate(CliContext& ctx) {
    const DatasetSchema schema = postgresSchema(ctx);
    const QString& dataset = schema.dataset;
    auto db = PgConnection::open(ctx.dbConninfo(), QStringLiteral("tidemark-cli schema"));
    SchemaMigrator migrator(*db, schema);
    const QList<Migration> applied = migrator.migrate();
    const SchemaStatus s = migrator.status();
    QStringList names;
    for (const Migration& m : applied)
        names << m.label();
    QJsonObject json = statusJson(s);
    json.insert(QStringLiteral("applied_now"), QJsonArray::fromStringList(names));
    ctx.print(
        json,
        names.isEmpty()
            ? QStringLiteral("%1 schema on %2 is up to date (version %3)")
                  .arg(dataset, db->describe())
                  .arg(s.currentVersion)
            : QStringLiteral("applied to %1: %2").arg(db->describe(), names.join(QStringLiteral(", "))));
    return ExitDone;
}

int runStatus(CliContext& ctx) {
    const DatasetSchema schema = postgresSchema(ctx);
    auto db = PgConnection::open(ctx.dbConninfo(), QStringLiteral("tidemark-cli schema"));
    SchemaMigrator migrator(*db, schema);
    const SchemaStatus s = migrator.status();
    ctx.print(statusJson(s), statusText(s, db->describe()));
    if (s.newerThanKnown())
        return ExitRefused;
    return s.missingTables.isEmpty() ? ExitDone : ExitFailed;
}

} // namespace

QStringList schemaDatasetNames() {
    return {positions::positionsSchema().dataset, kudos::kudosSchema().dataset,
            tracks::tracksSchema().dataset};
}

void registerSchemaCommands(CliRegistry& registry) {
    registry.add({{QStringLiteral("schema"), QStringLiteral("migrate")},
                  QStringLiteral("Apply the versioned migrations of a dataset (idempotent)."),
                  {kDatasetOption},
                  {CommonOption::Db},
                  {},
                  runMigrate});
    registry.add({{QStringLiteral("schema"), QStringLiteral("status")},
                  QStringLiteral("Report the schema version of a dataset and any missing table."),
                  {kDatasetOption},
                  {CommonOption::Db},
                  {},
                  runStatus});
}

} // namespace tidemark::cli
