#include "csvrecordreader.h"

#include "archivereadlimits.h"
#include "error.h"

#include <cstring>

namespace tidemark::archive {

CsvRecordReader::CsvRecordReader(RecordSink sink) : m_sink(std::move(sink)) {}

void CsvRecordReader::fail(const char* what) const {
    throw Error(Error::Kind::Failed,
                QStringLiteral("CSV record %1: %2").arg(m_records + 1).arg(QLatin1String(what)));
}

void CsvRecordReader::checkRecordBytes(qint64 bytes) const {
    if (m_limits.maxRecordBytes <= 0 || bytes <= m_limits.maxRecordBytes)
        return;
    const qint64 row = m_records + 1 - m_limits.headerRecords;
    throw Error(Error::Kind::Failed,
                row > 0
                    ? QStringLiteral("a CSV record exceeds %1 at row %2")
                          .arg(capText(m_limits.maxRecordBytes))
                          .arg(row)
                    : QStringLiteral("the CSV header line exceeds %1").arg(capText(m_limits.maxRecordBytes)));
}

void CsvRecordReader::setLimits(const Limits& limits) {
    m_limits = limits;
    m_rowsFull = limits.maxRows >= 0 && m_records - limits.headerRecords >= limits.maxRows;
}

void CsvRecordReader::failRowsPastCap() const {
    throw Error(Error::Kind::Failed, QStringLiteral("the CSV holds more than %1 rows: row %2 starts")
                                         .arg(m_limits.maxRows)
                                         .arg(m_records + 1 - m_limits.headerRecords));
}

void CsvRecordReader::endField() {
    m_current.length = m_text.size() - m_current.start;
    m_fields.push_back(m_current);
    m_current = Field{m_text.size(), 0, false};
}

void CsvRecordReader::endRecord() {
    endField();
    m_base = m_text.constData();
    deliverRecord();
}

void CsvRecordReader::deliverRecord() {
    m_sink(*this);
    ++m_records;
    m_fields.clear();
    m_text.resize(0);
    m_current = Field{};
    m_recordStarted = false;
}

bool CsvRecordReader::splitPlainRecord(const char* start, const char* lineFeed) {
    if (std::memchr(start, '"', static_cast<size_t>(lineFeed - start)))
        return false;
    const char* fieldStart = start;
    for (const char* q = start; q < lineFeed; ++q) {
        if (*q == ',') {
            m_fields.push_back(Field{fieldStart - start, q - fieldStart, false});
            fieldStart = q + 1;
        } else if (*q == '\r') {
            m_fields.clear();
            return false;
        }
    }
    m_fields.push_back(Field{fieldStart - start, lineFeed - fieldStart, false});
    m_base = start;
    return true;
}

void CsvRecordReader::feed(const char* data, qint64 length) {
    const char* const end = data + length;
    if (m_rowsFull && length > 0)
        failRowsPastCap(); // the first byte of a record past the cap
    // The current record's bytes are m_recordBytes before this chunk and [recordStart, p) in it. They are
    // checked once a record, at its line feed, and once a chunk for the record still open at its end: a check
    // per field would cost the digest a sixth of its speed, and the record held stays within a chunk of the
    // cap.
    const char* recordStart = data;
    // The row cap is also checked once a record: after the last record allowed, the next byte starts one.
    const auto recordEnds = [&](const char* lineFeed, bool split) {
        checkRecordBytes(m_recordBytes + (lineFeed - recordStart));
        if (split)
            deliverRecord();
        else
            endRecord();
        m_recordBytes = 0;
        recordStart = lineFeed + 1;
        if (m_limits.maxRows >= 0 && m_records - m_limits.headerRecords >= m_limits.maxRows) {
            m_rowsFull = true;
            if (recordStart < end)
                failRowsPastCap();
        }
    };
    for (const char* p = data; p < end; ++p) {
        // Most records are plain: split them in place, without the byte-by-byte states below.
        if (m_state == State::FieldStart && !m_recordStarted) {
            const auto* lineFeed =
                static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p)));
            if (lineFeed && splitPlainRecord(p, lineFeed)) {
                recordEnds(lineFeed, true);
                p = lineFeed;
                continue;
            }
        }
        const char c = *p;
        switch (m_state) {
        case State::AfterCarriageReturn:
            if (c != '\n')
                fail("carriage return without a line feed");
            recordEnds(p, false);
            m_state = State::FieldStart;
            break;
        case State::FieldStart:
            m_recordStarted = true;
            if (c == '"') {
                m_current.quoted = true;
                m_state = State::Quoted;
                break;
            }
            m_state = State::Unquoted;
            [[fallthrough]];
        case State::Unquoted:
            if (c == ',') {
                endField();
                m_state = State::FieldStart;
            } else if (c == '\n') {
                recordEnds(p, false);
                m_state = State::FieldStart;
            } else if (c == '\r') {
                m_state = State::AfterCarriageReturn;
            } else if (c == '"') {
                fail("quote inside an unquoted field");
            } else {
                // Copy the run of plain bytes at once.
                const char* q = p + 1;
                while (q < end && *q != ',' && *q != '\n' && *q != '\r' && *q != '"')
                    ++q;
                m_text.append(p, q - p);
                p = q - 1;
            }
            break;
        case State::Quoted:
            if (c == '"') {
                m_state = State::QuoteInQuoted;
            } else {
                const char* q = p + 1;
                while (q < end && *q != '"')
                    ++q;
                m_text.append(p, q - p);
                p = q - 1;
            }
            break;
        case State::QuoteInQuoted:
            if (c == '"') {
                m_text.append('"');
                m_state = State::Quoted;
            } else if (c == ',') {
                endField();
                m_state = State::FieldStart;
            } else if (c == '\n') {
                recordEnds(p, false);
                m_state = State::FieldStart;
            } else if (c == '\r') {
                m_state = State::AfterCarriageReturn;
            } else {
                fail("text after a closing quote");
            }
            break;
        }
    }
    m_recordBytes += end - recordStart;
    checkRecordBytes(m_recordBytes);
}

void CsvRecordReader::finish() {
    if (m_state == State::Quoted)
        fail("the input ends inside a quoted field");
    if (m_recordStarted || m_state != State::FieldStart)
        fail("the input ends without a line feed");
}

} // namespace tidemark::archive
