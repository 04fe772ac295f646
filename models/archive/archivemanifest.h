#pragma once

#include "archivelayout.h"
#include "controltotalscounter.h"
#include "timestamp.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>

namespace tidemark::archive {

// The manifest beside each archive object (<key>.manifest.json), schema_version 2 (1 is still read):
//   format            "tidemark-archive"
//   schema_version    2; version 1 is the same without content_bytes
//   dataset           the table: one of the layout's datasets (e.g. kudos_ledger)
//   tier              one of the layout's tiers (e.g. currency)
//   partition         the relation the rows were read from (a partition, or the table itself)
//   created_from/to   the exported range [from, to) of `created`, ISO-8601 UTC ("...Z")
//   row_count         data rows in the CSV (the header line not counted)
//   columns           the CSV header, in order
//   totals            per key (see ControlTotals): {"balance_sum": "12.30", "escrow_sum": "0.00", "rows": 3};
//                     sums are exact decimal strings with two decimals
//   content_sha256    hex sha256 of the uncompressed CSV, content_bytes its size (version 2)
//   object_sha256     hex sha256 of the compressed object, object_bytes its size
//   compression       "zstd", compression_level the level it was written with
//   exported_at       ISO-8601 UTC, exporter e.g. "tidemark 0.1.0"
struct ArchiveManifest {
    static constexpr const char* kFormat = "tidemark-archive";
    static constexpr int kSchemaVersion = 2;
    static constexpr int kOldestSchemaVersion = 1; // without content_bytes

    QString format = QString::fromLatin1(kFormat);
    int schemaVersion = kSchemaVersion;
    QString dataset;
    QString tier;
    QString partition;
    Micros createdFrom = 0;
    Micros createdTo = 0;
    qint64 rowCount = 0;
    QStringList columns;
    ControlTotals totals;
    QString contentSha256;
    std::optional<qint64> contentBytes; // empty only in a schema_version 1 manifest
    QString objectSha256;
    qint64 objectBytes = 0;
    QString compression = QStringLiteral("zstd");
    int compressionLevel = 3;
    Micros exportedAt = 0;
    QString exporter;

    // Indented JSON with the keys in a fixed (sorted) order; the same manifest always gives the same bytes.
    QByteArray toJson() const;
    // Validates every field: presence, type, known values (a dataset and a tier of `layout`), 64-digit
    // lower-case hex digests, ISO UTC instants, created_from < created_to, totals that add up to row_count,
    // content_bytes in version 2 (and never in version 1). Throws Error(Failed) naming the field (and for a
    // dataset or tier outside the layout what the layout expects), or Error(Refused) naming an unknown
    // schema_version. Reads plain bytes (the stores read at most ArchiveStore::readAll's 16 MiB of a
    // manifest).
    static ArchiveManifest parse(const QByteArray& json, const ArchiveLayout& layout);

    bool operator==(const ArchiveManifest&) const = default;
};

// The exporter's name and version for the manifest's `exporter` field.
QString archiveExporterName();

} // namespace tidemark::archive
