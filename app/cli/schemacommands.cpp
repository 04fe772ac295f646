#include "clicontext.h"
#include "cliregistry.h"

#include "error.h"
#include "kudosschema.h"
#include "pgconnection.h"
#include "positionslayout.h"
#include "positionsschema.h"
#include "schemamigrator.h"
#include "tracksschema.h"

#include <QJsonArray>

namespace tidemark::cli {

namespace {

const QCommandLineOption kDatasetOption(QStringLiteral("dataset"),
                                        QStringLiteral("positions, kudos or tracks (its PostGIS store)."),
                                        QStringLiteral("NAME"));

const QCommandLineOption kDistributedOption(
    QStringLiteral("distributed"),
    QStringLiteral("positions on a Citus coordinator: the tables distributed by mower_id and colocated."));

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
    const bool distribute = ctx.isSet(QStringLiteral("distributed"));
    if (distribute && dataset != positions::positionsSchema().dataset)
        throw Error(Error::Kind::Usage, QStringLiteral("--distributed is for the positions dataset only"));
    auto db = PgConnection::open(ctx.dbConninfo(), QStringLiteral("tidemark-cli schema"));
    if (distribute)
        positions::PositionsLayout::requireCitus(*db); // before anything is written
    SchemaMigrator migrator(*db, schema);
    const QList<Migration> applied = migrator.migrate();
    const SchemaStatus s = migrator.status();
    QStringList names;
    for (const Migration& m : applied)
        names << m.label();
    QJsonObject json = statusJson(s);
    json.insert(QStringLiteral("applied_now"), QJsonArray::fromStringList(names));
    QString text =
        names.isEmpty()
            ? QStringLiteral("%1 schema on %2 is up to date (version %3)")
                  .arg(dataset, db->describe())
                  .arg(s.currentVersion)
            : QStringLiteral("applied to %1: %2").arg(db->describe(), names.join(QStringLiteral(", ")));
    if (distribute) {
        const QStringList now = positions::PositionsLayout::distribute(*db);
        json.insert(QStringLiteral("distributed_now"), QJsonArray::fromStringList(now));
        if (!now.isEmpty())
            text += QStringLiteral("\ndistributed by mower_id: %1").arg(now.join(QStringLiteral(", ")));
    }
    if (dataset == positions::positionsSchema().dataset) {
        const positions::PositionsLayout layout = positions::PositionsLayout::of(*db);
        json.insert(QStringLiteral("layout"), layout.describe());
        text += QStringLiteral("\nlayout: %1").arg(layout.describe());
        layout.require(db->describe());
    }
    ctx.print(json, text);
    return ExitDone;
}

int runStatus(CliContext& ctx) {
    const DatasetSchema schema = postgresSchema(ctx);
    auto db = PgConnection::open(ctx.dbConninfo(), QStringLiteral("tidemark-cli schema"));
    SchemaMigrator migrator(*db, schema);
    const SchemaStatus s = migrator.status();
    QJsonObject json = statusJson(s);
    QString text = statusText(s, db->describe());
    if (schema.dataset == positions::positionsSchema().dataset && s.missingTables.isEmpty() &&
        s.currentVersion > 0) {
        const positions::PositionsLayout layout = positions::PositionsLayout::of(*db);
        json.insert(QStringLiteral("layout"), layout.describe());
        json.insert(QStringLiteral("layout_problems"), QJsonArray::fromStringList(layout.problems));
        text += QStringLiteral("\n  layout: %1").arg(layout.describe());
        for (const QString& p : layout.problems)
            text += QStringLiteral("\n  layout differs: %1").arg(p);
        if (!layout.problems.isEmpty()) {
            ctx.print(json, text);
            return ExitFailed;
        }
    }
    ctx.print(json, text);
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
                  {kDatasetOption, kDistributedOption},
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
