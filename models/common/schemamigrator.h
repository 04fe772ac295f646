#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace tidemark {

class PgConnection;

// One versioned migration script from resources/sql/<dataset>/NNNN_name.sql.
struct Migration {
    int version = 0;
    QString name;
    QString sql;
    QString checksum; // sha256 of the script, recorded when applied
    // "0002_track_density": the script's file name without .sql, as errors and reports name it.
    QString label() const { return QStringLiteral("%1_%2").arg(version, 4, 10, QLatin1Char('0')).arg(name); }
};

// What an area registers with the migrator: its dataset's name (the key of its migrations in
// tidemark_schema_migrations and their folder, resources/sql/<dataset>/) and the tables it must have once
// migrated. Each area has one (positionsSchema(), kudosSchema(), tracksSchema()); the migrator knows none.
struct DatasetSchema {
    QString dataset;
    QStringList requiredTables;
    QString scriptsFolder;          // the folder under resources/sql when it is not the dataset's name
    QStringList requiredExtensions; // extensions the scripts need (CREATE EXTENSION is the operator's)
    QString createCommand;          // what creates the tables when it is not schema migrate --dataset
    QString folder() const { return scriptsFolder.isEmpty() ? dataset : scriptsFolder; }
    QString command() const {
        return createCommand.isEmpty() ? QStringLiteral("tidemark-cli schema migrate --dataset ") + dataset
                                       : createCommand;
    }
};

struct SchemaStatus {
    QString dataset;
    int currentVersion = 0; // 0 = never migrated
    int latestVersion = 0;  // the newest this build knows
    QStringList applied;    // "0001 positions (2026-11-30T03:00:00Z)"
    QStringList missingTables;
    bool newerThanKnown() const { return currentVersion > latestVersion; }
};

// Applies and reports the migrations of one dataset on PostgreSQL, recorded in tidemark_schema_migrations.
class SchemaMigrator {
  public:
    SchemaMigrator(PgConnection& connection, DatasetSchema schema);

    // The scripts of resources/sql/<folder>/ in version order.
    static QList<Migration> migrations(const QString& folder);

    SchemaStatus status();
    // Applies what is missing, each migration in its own transaction with its record. Refuses (Error Refused)
    // a database whose recorded version is newer than this build knows, or whose applied script changed;
    // Error(Schema) for a database without a required extension, before anything is written.
    QList<Migration> migrate();
    // Throws Error(Schema) naming the first missing extension or table, with the command that fixes it.
    void requireSchema();
    // Error(Schema) naming the first required extension the database lacks and CREATE EXTENSION.
    void requireExtensions();

  private:
    void ensureLedger();
    PgConnection& m_connection;
    DatasetSchema m_schema;
};

} // namespace tidemark
