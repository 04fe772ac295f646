#include "csvrecordreader.h"

#include "archivereadlimits.h"
#include "error.h"

#include <cstring>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

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

void CsvRecordReader::growFields() {
    m_fields.resize(m_fields.size() * 2 + 16);
}

void CsvRecordReader::endField() {
    m_current.length = m_text.size() - m_current.start;
    addField(m_current);
    m_current = Field{m_text.size(), 0, false};
}

void CsvRecordReader::endRecord() {
    endField();
    deliverRecord();
}

void CsvRecordReader::deliverRecord() {
    m_sink(*this);
    ++m_records;
    m_fieldCount = 0;
    m_text.resize(0);
    m_current = Field{};
    m_recordStarted = false;
}

namespace {

// The first ',', '"' or '\r' in [p, end), else end: sixteen bytes at a time where SSE2 is there (x86-64),
// since splitting records is most of the archive digest's time.
const char* nextSpecial(const char* p, const char* end) {
#ifdef __SSE2__
    const __m128i comma = _mm_set1_epi8(','), quote = _mm_set1_epi8('"'),
                  carriageReturn = _mm_set1_epi8('\r');
    for (; end - p >= 16; p += 16) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const int mask = _mm_movemask_epi8(
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, comma), _mm_cmpeq_epi8(bytes, quote)),
                         _mm_cmpeq_epi8(bytes, carriageReturn)));
        if (mask != 0)
            return p + __builtin_ctz(static_cast<unsigned>(mask));
    }
#endif
    for (; p < end; ++p)
        if (*p == ',' || *p == '"' || *p == '\r')
            return p;
    return end;
}

} // namespace

bool CsvRecordReader::splitRecord(const char* start, const char* lineFeed) {
    const auto giveUp = [this] {
        m_fieldCount = 0;
        m_text.resize(0);
        return false;
    };
    for (const char* p = start;;) { // at the start of a field
        if (p < lineFeed && *p == '"') {
            const char* open = p + 1;
            const char* close = open;
            bool doubled = false;
            for (;;) {
                close =
                    static_cast<const char*>(std::memchr(close, '"', static_cast<size_t>(lineFeed - close)));
                if (!close)
                    return giveUp(); // the field goes on past this line feed
                if (close + 1 < lineFeed && close[1] == '"') {
                    doubled = true;
                    close += 2;
                    continue;
                }
                break;
            }
            if (doubled) { // every quote in [open, close) is the first of a doubled pair
                const qsizetype at = m_text.size();
                for (const char* run = open; run < close;) {
                    const auto* quote =
                        static_cast<const char*>(std::memchr(run, '"', static_cast<size_t>(close - run)));
                    const char* runEnd = quote ? quote + 1 : close;
                    m_text.append(run, runEnd - run);
                    run = quote ? quote + 2 : close;
                }
                addField(Field{at, m_text.size() - at, true, true});
            } else {
                addField(Field{open - start, close - open, true, false});
            }
            p = close + 1;
            if (p == lineFeed)
                break;
            if (*p != ',')
                return giveUp(); // text after the closing quote: the states name it
            ++p;
            continue;
        }
        const char* q = nextSpecial(p, lineFeed);
        if (q < lineFeed && *q != ',')
            return giveUp(); // a quote inside an unquoted field, or a carriage return
        addField(Field{p - start, q - p, false, false});
        if (q == lineFeed)
            break;
        p = q + 1;
    }
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
        // Records that lie whole in the chunk are split in place, without the byte-by-byte states below.
        if (m_state == State::FieldStart && !m_recordStarted) {
            const auto* lineFeed =
                static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p)));
            if (lineFeed && splitRecord(p, lineFeed)) {
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
