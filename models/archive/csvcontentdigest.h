#pragma once

#include "controltotalscounter.h"
#include "csvrecordreader.h"
#include "sha256stream.h"

#include <QStringList>
#include <optional>

namespace tidemark::archive {

// What the manifest says about an archive's CSV, computed from the bytes as they stream in: the sha256 and
// size of the CSV, the header's columns, the data rows and their control totals. Used on export (fed from
// COPY) and on verification (fed from the decompressed object), so both sides count the same way.
class CsvContentDigest {
  public:
    CsvContentDigest();
    CsvContentDigest(const CsvContentDigest&) = delete;
    CsvContentDigest& operator=(const CsvContentDigest&) = delete;

    // Caps for outside bytes (CsvRecordReader::Limits): one record's bytes (0: none) and the data rows after
    // the header (-1: none). Before the first feed().
    void setLimits(qint64 maxRecordBytes, qint64 maxRows);
    // Throws Error(Failed) for CSV that is malformed, goes past a cap or whose rows do not fit the header.
    void feed(const char* data, qint64 length);
    void finish(); // throws when the CSV stops inside a record or has no header

    QString contentSha256() const { return m_hash.hex(); }
    qint64 contentBytes() const { return m_bytes; }
    QStringList columns() const { return m_columns; }
    qint64 rows() const { return m_counter ? m_counter->rows() : 0; }
    ControlTotals totals() const { return m_counter ? m_counter->totals() : ControlTotals{}; }

  private:
    void onRecord(const CsvRecordReader& record);

    Sha256Stream m_hash;
    qint64 m_bytes = 0;
    CsvRecordReader m_reader;
    QStringList m_columns;
    std::optional<ControlTotalsCounter> m_counter;
};

} // namespace tidemark::archive
