#include "archivemanifest.h"

#include "cents.h"
#include "error.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#ifndef TIDEMARK_VERSION
#define TIDEMARK_VERSION "0"
#endif

namespace tidemark::archive {

QString archiveExporterName() {
    return QStringLiteral("tidemark " TIDEMARK_VERSION);
}

namespace {

// JSON numbers are doubles: integers are exact up to 2^53.
constexpr double kMaxExactInteger = 9007199254740992.0;

QJsonObject totalsToJson(const ControlTotals& totals) {
    QJsonObject object;
    for (auto it = totals.begin(); it != totals.end(); ++it)
        object.insert(it.key(), QJsonObject{{QStringLiteral("balance_sum"), formatCents(it->balanceCents)},
                                            {QStringLiteral("escrow_sum"), formatCents(it->escrowCents)},
                                            {QStringLiteral("rows"), static_cast<double>(it->rows)}});
    return object;
}

[[noreturn]] void bad(const QString& field, const QString& why) {
    throw Error(Error::Kind::Failed, QStringLiteral("archive manifest: %1 %2").arg(field, why));
}

class FieldReader {
  public:
    explicit FieldReader(const QJsonObject& object, QString prefix = {})
        : m_object(object), m_prefix(std::move(prefix)) {}

    QJsonValue value(const QString& field) const {
        const QJsonValue v = m_object.value(field);
        if (v.isUndefined())
            bad(m_prefix + field, QStringLiteral("is missing"));
        return v;
    }
    QString string(const QString& field) const {
        const QJsonValue v = value(field);
        if (!v.isString())
            bad(field, QStringLiteral("is not a string"));
        return v.toString();
    }
    QString nonEmpty(const QString& field) const {
        const QString s = string(field);
        if (s.trimmed().isEmpty())
            bad(field, QStringLiteral("is empty"));
        return s;
    }
    qint64 count(const QString& field, const QJsonValue& v) const {
        if (!v.isDouble())
            bad(field, QStringLiteral("is not a number"));
        const double d = v.toDouble();
        if (d < 0 || d > kMaxExactInteger || d != static_cast<double>(static_cast<qint64>(d)))
            bad(field, QStringLiteral("is not a whole number >= 0: %1").arg(d, 0, 'g', 17));
        return static_cast<qint64>(d);
    }
    qint64 count(const QString& field) const { return count(field, value(field)); }
    QString sha256(const QString& field) const {
        static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
        const QString s = string(field);
        if (!hex.match(s).hasMatch())
            bad(field, QStringLiteral("is not 64 lower-case hex digits: '%1'").arg(s.left(80)));
        return s;
    }
    Micros instant(const QString& field) const {
        const QString s = string(field);
        if (!s.endsWith(QLatin1Char('Z')) || !s.contains(QLatin1Char('T')))
            bad(field, QStringLiteral("is not an ISO-8601 UTC instant (YYYY-MM-DDTHH:MM:SSZ): '%1'").arg(s));
        Micros t = 0;
        if (!tryParseIsoTimestamp(s, &t))
            bad(field, isoTimestampProblem(s));
        return t;
    }

  private:
    [[noreturn]] void bad(const QString& field, const QString& why) const {
        tidemark::archive::bad(m_prefix + field, why);
    }
    const QJsonObject& m_object;
    QString m_prefix;
};

const QStringList& knownFields() {
    static const QStringList fields{
        QStringLiteral("format"),       QStringLiteral("schema_version"), QStringLiteral("dataset"),
        QStringLiteral("tier"),         QStringLiteral("partition"),      QStringLiteral("created_from"),
        QStringLiteral("created_to"),   QStringLiteral("row_count"),      QStringLiteral("columns"),
        QStringLiteral("totals"),       QStringLiteral("content_sha256"), QStringLiteral("object_sha256"),
        QStringLiteral("object_bytes"), QStringLiteral("compression"),    QStringLiteral("compression_level"),
        QStringLiteral("exported_at"),  QStringLiteral("exporter")};
    return fields;
}

// The fields a manifest of `version` may hold.
bool isFieldOf(const QString& field, qint64 version) {
    if (field == QLatin1String("content_bytes"))
        return version >= 2;
    return knownFields().contains(field);
}

} // namespace

QByteArray ArchiveManifest::toJson() const {
    QJsonObject o;
    o.insert(QStringLiteral("format"), format);
    o.insert(QStringLiteral("schema_version"), schemaVersion);
    o.insert(QStringLiteral("dataset"), dataset);
    o.insert(QStringLiteral("tier"), tier);
    o.insert(QStringLiteral("partition"), partition);
    o.insert(QStringLiteral("created_from"), formatIsoTimestamp(createdFrom));
    o.insert(QStringLiteral("created_to"), formatIsoTimestamp(createdTo));
    o.insert(QStringLiteral("row_count"), static_cast<double>(rowCount));
    o.insert(QStringLiteral("columns"), QJsonArray::fromStringList(columns));
    o.insert(QStringLiteral("totals"), totalsToJson(totals));
    o.insert(QStringLiteral("content_sha256"), contentSha256);
    if (contentBytes)
        o.insert(QStringLiteral("content_bytes"), static_cast<double>(*contentBytes));
    o.insert(QStringLiteral("object_sha256"), objectSha256);
    o.insert(QStringLiteral("object_bytes"), static_cast<double>(objectBytes));
    o.insert(QStringLiteral("compression"), compression);
    o.insert(QStringLiteral("compression_level"), compressionLevel);
    o.insert(QStringLiteral("exported_at"), formatIsoTimestamp(exportedAt));
    o.insert(QStringLiteral("exporter"), exporter);
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

ArchiveManifest ArchiveManifest::parse(const QByteArray& json, const ArchiveLayout& layout) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        throw Error(Error::Kind::Failed, QStringLiteral("archive manifest is not JSON: %1 at offset %2")
                                             .arg(error.errorString())
                                             .arg(error.offset));
    if (!document.isObject())
        throw Error(Error::Kind::Failed, QStringLiteral("archive manifest is not a JSON object"));
    const QJsonObject object = document.object();
    const FieldReader read(object);
    ArchiveManifest m;

    m.format = read.string(QStringLiteral("format"));
    if (m.format != QLatin1String(kFormat))
        bad(QStringLiteral("format"),
            QStringLiteral("is '%1', expected '%2'").arg(m.format, QLatin1String(kFormat)));
    const QJsonValue version = read.value(QStringLiteral("schema_version"));
    const qint64 schemaVersion = read.count(QStringLiteral("schema_version"), version);
    if (schemaVersion < kOldestSchemaVersion || schemaVersion > kSchemaVersion)
        throw Error(Error::Kind::Refused,
                    QStringLiteral("archive manifest: schema_version %1 is not known to this build (it reads "
                                   "%2 to %3)")
                        .arg(schemaVersion)
                        .arg(kOldestSchemaVersion)
                        .arg(kSchemaVersion));
    m.schemaVersion = static_cast<int>(schemaVersion);
    for (const QString& key : object.keys())
        if (!isFieldOf(key, schemaVersion))
            bad(key, QStringLiteral("is not a field of schema_version %1").arg(schemaVersion));

    m.dataset = read.string(QStringLiteral("dataset"));
    if (!layout.hasDataset(m.dataset))
        bad(QStringLiteral("dataset"),
            QStringLiteral("is '%1', expected %2").arg(m.dataset, layout.expectedDatasets()));
    m.tier = read.string(QStringLiteral("tier"));
    if (!layout.hasTier(m.tier))
        bad(QStringLiteral("tier"),
            QStringLiteral("is '%1', expected %2").arg(m.tier, layout.expectedTiers()));
    m.partition = read.nonEmpty(QStringLiteral("partition"));
    m.createdFrom = read.instant(QStringLiteral("created_from"));
    m.createdTo = read.instant(QStringLiteral("created_to"));
    if (m.createdFrom >= m.createdTo)
        bad(QStringLiteral("created_from"), QStringLiteral("is not before created_to"));
    m.rowCount = read.count(QStringLiteral("row_count"));

    const QJsonValue columns = read.value(QStringLiteral("columns"));
    if (!columns.isArray() || columns.toArray().isEmpty())
        bad(QStringLiteral("columns"), QStringLiteral("is not a non-empty list"));
    for (const QJsonValue& c : columns.toArray()) {
        if (!c.isString() || c.toString().isEmpty())
            bad(QStringLiteral("columns"), QStringLiteral("holds an entry that is not a column name"));
        if (m.columns.contains(c.toString()))
            bad(QStringLiteral("columns"), QStringLiteral("names %1 twice").arg(c.toString()));
        m.columns.append(c.toString());
    }

    const QJsonValue totals = read.value(QStringLiteral("totals"));
    if (!totals.isObject())
        bad(QStringLiteral("totals"), QStringLiteral("is not an object"));
    qint64 totalRows = 0;
    const QJsonObject totalsObject = totals.toObject();
    for (auto it = totalsObject.begin(); it != totalsObject.end(); ++it) {
        const QString field = QStringLiteral("totals.%1").arg(it.key());
        if (!it.value().isObject())
            bad(field, QStringLiteral("is not an object"));
        const QJsonObject entry = it.value().toObject();
        const FieldReader entryRead(entry, field + QLatin1Char('.'));
        ControlTotal total;
        for (const char* sumName : {"balance_sum", "escrow_sum"}) {
            const QString sumField = field + QLatin1Char('.') + QLatin1String(sumName);
            const QString text = entryRead.string(QLatin1String(sumName));
            const auto cents = parseCents(text.toLatin1());
            if (!cents || text.contains(QLatin1Char('+')))
                bad(sumField, QStringLiteral("is not an exact decimal amount: '%1'").arg(text));
            (qstrcmp(sumName, "balance_sum") == 0 ? total.balanceCents : total.escrowCents) = *cents;
        }
        total.rows = entryRead.count(QStringLiteral("rows"));
        if (total.rows == 0)
            bad(field + QStringLiteral(".rows"), QStringLiteral("is 0"));
        if (entry.size() != 3)
            bad(field, QStringLiteral("has fields other than balance_sum, escrow_sum and rows"));
        totalRows += total.rows;
        m.totals.insert(it.key(), total);
    }
    if (totalRows != m.rowCount)
        bad(QStringLiteral("totals"),
            QStringLiteral("count %1 rows, row_count says %2").arg(totalRows).arg(m.rowCount));

    m.contentSha256 = read.sha256(QStringLiteral("content_sha256"));
    if (schemaVersion >= 2) {
        m.contentBytes = read.count(QStringLiteral("content_bytes"));
        // At least the header line; a header with one column name and its line feed is two bytes.
        if (*m.contentBytes < 2)
            bad(QStringLiteral("content_bytes"),
                QStringLiteral("is %1, less than a header line").arg(*m.contentBytes));
    }
    m.objectSha256 = read.sha256(QStringLiteral("object_sha256"));
    m.objectBytes = read.count(QStringLiteral("object_bytes"));
    if (m.objectBytes == 0)
        bad(QStringLiteral("object_bytes"), QStringLiteral("is 0"));
    m.compression = read.string(QStringLiteral("compression"));
    if (m.compression != QLatin1String("zstd"))
        bad(QStringLiteral("compression"), QStringLiteral("is '%1', expected zstd").arg(m.compression));
    const qint64 level = read.count(QStringLiteral("compression_level"));
    if (level < 1 || level > 22)
        bad(QStringLiteral("compression_level"), QStringLiteral("is %1, expected 1-22").arg(level));
    m.compressionLevel = static_cast<int>(level);
    m.exportedAt = read.instant(QStringLiteral("exported_at"));
    m.exporter = read.nonEmpty(QStringLiteral("exporter"));
    return m;
}

} // namespace tidemark::archive
