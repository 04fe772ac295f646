#include "csvcontentdigest.h"

#include "error.h"

namespace tidemark::archive {

CsvContentDigest::CsvContentDigest() : m_reader([this](const CsvRecordReader& r) { onRecord(r); }) {}

void CsvContentDigest::onRecord(const CsvRecordReader& record) {
    if (m_counter) {
        m_counter->add(record);
        return;
    }
    for (int i = 0; i < record.fieldCount(); ++i)
        m_columns.append(QString::fromUtf8(record.field(i)));
    m_counter.emplace(m_columns);
}

void CsvContentDigest::setLimits(qint64 maxRecordBytes, qint64 maxRows) {
    m_reader.setLimits({maxRecordBytes, maxRows, 1});
}

void CsvContentDigest::feed(const char* data, qint64 length) {
    m_hash.add(data, length);
    m_bytes += length;
    m_reader.feed(data, length);
}

void CsvContentDigest::finish() {
    m_reader.finish();
    if (!m_counter)
        throw Error(Error::Kind::Failed, QStringLiteral("the CSV has no header line"));
}

} // namespace tidemark::archive
