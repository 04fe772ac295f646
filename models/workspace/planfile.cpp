#include "planfile.h"

#include "error.h"
#include "pgconnection.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QStringList>

#include <pwd.h>
#include <unistd.h>
#include <vector>

namespace tidemark {

QString PlanAuthor::currentOsUser() {
    // The password database, not USER or LOGNAME: models read no environment, and a name there cannot be
    // set by whoever starts the process.
    const uid_t uid = ::getuid();
    struct passwd entry {};
    struct passwd* found = nullptr;
    std::vector<char> buffer(16384);
    if (::getpwuid_r(uid, &entry, buffer.data(), buffer.size(), &found) == 0 && found && found->pw_name)
        return QString::fromLocal8Bit(found->pw_name);
    return QStringLiteral("uid %1").arg(uid);
}

namespace planfile {

namespace {

const QString kSha = QStringLiteral("plan_sha256");

Micros timestampOf(const QJsonObject& plan, const QString& key) {
    const QJsonValue v = plan.value(key);
    Micros t = 0;
    if (!v.isString() || !tryParseIsoTimestamp(v.toString(), &t))
        throw Error(Error::Kind::Refused,
                    QStringLiteral("not a Tidemark plan: \"%1\" is missing or not an instant").arg(key));
    return t;
}

QString compact(const QJsonValue& v) {
    if (v.isObject())
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    if (v.isArray())
        return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    if (v.isString())
        return QLatin1Char('"') + v.toString() + QLatin1Char('"');
    if (v.isUndefined())
        return QStringLiteral("(none)");
    return QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

} // namespace

QString digestOf(QJsonObject plan) {
    plan.remove(kSha);
    const QByteArray bytes = QJsonDocument(plan).toJson(QJsonDocument::Compact);
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

QJsonObject seal(QJsonObject body, Micros createdAt, int expiresInHours, const PlanAuthor& author) {
    if (expiresInHours < 1 || expiresInHours > kMaxExpiresHours)
        throw Error(Error::Kind::Usage, QStringLiteral("--expires-in must be 1 to %1 hours, not %2")
                                            .arg(kMaxExpiresHours)
                                            .arg(expiresInHours));
    body.insert(QStringLiteral("format"), kFormatVersion);
    body.insert(QStringLiteral("created_at"), formatIsoTimestamp(createdAt));
    body.insert(QStringLiteral("expires_at"),
                formatIsoTimestamp(createdAt + Micros(expiresInHours) * 3600 * 1000000));
    body.insert(QStringLiteral("made_by"), QJsonObject{{QStringLiteral("os_user"), author.osUser},
                                                       {QStringLiteral("db_role"), author.dbRole}});
    body.insert(kSha, digestOf(body));
    return body;
}

QJsonObject read(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw Error(Error::Kind::Usage,
                    QStringLiteral("cannot read the plan %1: %2").arg(path, file.errorString()));
    if (file.size() > kMaxBytes)
        throw Error(Error::Kind::Usage, QStringLiteral("%1 is not a Tidemark plan: %2 bytes, more than %3")
                                            .arg(path)
                                            .arg(file.size())
                                            .arg(kMaxBytes));
    const QByteArray bytes = file.read(kMaxBytes + 1);
    if (bytes.size() > kMaxBytes)
        throw Error(Error::Kind::Usage,
                    QStringLiteral("%1 is not a Tidemark plan: more than %2 bytes").arg(path).arg(kMaxBytes));
    return parse(bytes, path);
}

QJsonObject parse(const QByteArray& bytes, const QString& where) {
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (doc.isNull() || !doc.isObject())
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("%1 is not a Tidemark plan: %2")
                .arg(where, doc.isNull() ? parseError.errorString() : QStringLiteral("not a JSON object")));
    const QJsonObject plan = doc.object();
    if (plan.value(QStringLiteral("format")).toInt(-1) != kFormatVersion || !plan.value(kSha).isString())
        throw Error(Error::Kind::Refused,
                    QStringLiteral("%1 is not a Tidemark plan of format %2 (made by plan --out FILE)")
                        .arg(where)
                        .arg(kFormatVersion));
    const QString recorded = plan.value(kSha).toString();
    const QString actual = digestOf(plan);
    if (recorded != actual)
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("the plan %1 was altered: its content's sha256 is %2, not the %3 it was sealed "
                           "with; nothing was applied")
                .arg(where, actual, recorded));
    createdAt(plan);
    expiresAt(plan);
    return plan;
}

void write(const QJsonObject& plan, const QString& path) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot write the plan %1: %2").arg(path, file.errorString()));
    file.write(QJsonDocument(plan).toJson(QJsonDocument::Indented));
    if (!file.commit())
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot write the plan %1: %2").arg(path, file.errorString()));
}

Micros createdAt(const QJsonObject& plan) {
    return timestampOf(plan, QStringLiteral("created_at"));
}

Micros expiresAt(const QJsonObject& plan) {
    return timestampOf(plan, QStringLiteral("expires_at"));
}

QString sha256(const QJsonObject& plan) {
    return plan.value(kSha).toString();
}

QString conninfoWithoutSecrets(const QString& conninfo) {
    if (conninfo.isEmpty())
        return {};
    QStringList parts;
    for (const auto& [key, value] : PgConnection::parseConninfo(conninfo)) {
        if (key == QLatin1String("password"))
            continue;
        QString quoted = value;
        quoted.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
            .replace(QLatin1Char('\''), QLatin1String("\\'"));
        parts << QStringLiteral("%1='%2'").arg(key, quoted);
    }
    return parts.join(QLatin1Char(' '));
}

QJsonObject postgresTarget(PgConnection& db) {
    const PgResult r = db.exec(
        QStringLiteral("SELECT system_identifier::text, current_database() FROM pg_control_system()"));
    return {{QStringLiteral("kind"), QStringLiteral("postgresql")},
            {QStringLiteral("system_identifier"), r.text(0, 0)},
            {QStringLiteral("database"), r.text(0, 1)}};
}

QString targetDifference(const QJsonObject& planned, const QJsonObject& current) {
    for (auto it = planned.begin(); it != planned.end(); ++it) {
        if (it.key() == QLatin1String("path"))
            continue;
        const QJsonValue now = current.value(it.key());
        if (now != it.value())
            return QStringLiteral("its %1 is %2, the plan's %3")
                .arg(it.key(), compact(now), compact(it.value()));
    }
    return {};
}

QString settingsDifference(const QJsonObject& planned, const QJsonObject& current) {
    QStringList keys = planned.keys() + current.keys();
    keys.removeDuplicates();
    keys.sort();
    for (const QString& key : keys)
        if (planned.value(key) != current.value(key))
            return QStringLiteral("%1 is %2 now, %3 in the plan")
                .arg(key, compact(current.value(key)), compact(planned.value(key)));
    return {};
}

} // namespace planfile
} // namespace tidemark
