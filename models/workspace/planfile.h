#pragma once

#include "timestamp.h"

#include <QJsonObject>
#include <QString>

namespace tidemark {

class PgConnection;

// Who made a plan: the operating-system user and the database role it connected as ("" for none).
struct PlanAuthor {
    QString osUser;
    QString dbRole;
    // The user running this process, as the password database names its uid ("uid N" without an entry).
    static QString currentOsUser();
};

// A plan file (spec/operations.md, "Plans that are applied exactly"): the JSON of `plan --json` whose dataset
// sections carry their `target`, `settings`, `units` and `connection`, sealed with `created_at` (the server's
// clock), `expires_at`, `made_by` and `plan_sha256`, the SHA-256 of the compact JSON of everything else (its
// keys sorted, as QJsonObject keeps them): a file re-indented by hand is the same plan, a changed value is
// not.
namespace planfile {

inline constexpr int kDefaultExpiresHours = 24;
inline constexpr int kMaxExpiresHours = 168;
inline constexpr qint64 kMaxBytes = qint64(512) * 1024 * 1024; // a plan of tens of millions of units
inline constexpr int kFormatVersion = 1;

// The body sealed: format version, created_at, expires_at (createdAt + hours; hours must be 1..168, else
// Error(Usage)), made_by and plan_sha256.
QJsonObject seal(QJsonObject body, Micros createdAt, int expiresInHours, const PlanAuthor& author);
// The lowercase hex SHA-256 of a plan without its "plan_sha256" key.
QString digestOf(QJsonObject plan);
// Reads a plan file: at most kMaxBytes, a JSON object of a known format version. Error(Usage) for a file
// that cannot be read or is not a plan; Error(Refused) for a plan whose plan_sha256 does not match its
// content ("altered").
QJsonObject read(const QString& path);
// The same checks on a plan's bytes (`where` names them in messages): Error(Refused) for anything but a
// sealed, unaltered plan of a known format.
QJsonObject parse(const QByteArray& bytes, const QString& where);
// Writes `plan` (indented) to `path` atomically: a temporary file beside it, renamed over it.
void write(const QJsonObject& plan, const QString& path);

Micros createdAt(const QJsonObject& plan);
Micros expiresAt(const QJsonObject& plan);
QString sha256(const QJsonObject& plan);

// A connection string without its password (the plan keeps where it was made, never a secret): libpq's
// keywords as key='value' pairs; "" stays "".
QString conninfoWithoutSecrets(const QString& conninfo);

// The identity of a PostgreSQL database: {"kind": "postgresql", "system_identifier" (pg_control_system()),
// "database"}. A restored copy of a base backup shares the cluster's identifier; the name tells databases of
// one cluster apart.
QJsonObject postgresTarget(PgConnection& db);
// Why `current` is not the target `planned` names ("" when it is): each identity key of the plan must be
// equal; "path" (where a file was) is not an identity, a copied file keeps its store id.
QString targetDifference(const QJsonObject& planned, const QJsonObject& current);
// Why `current` settings differ from those of the plan ("" when equal): the first key that differs, both
// values.
QString settingsDifference(const QJsonObject& planned, const QJsonObject& current);

} // namespace planfile
} // namespace tidemark
