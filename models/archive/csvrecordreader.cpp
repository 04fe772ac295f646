#include "csvrecordreader.h"

#include "error.h"

namespace tidemark::archive {

CsvRecordReader::CsvRecordReader(RecordSink sink) : m_sink(std::move(sink)) {}

void CsvRecordReader::fail(const char* what) const {
    throw Error(Error::Kind::Failed,
                QStringLiteral("CSV record %1: %2").arg(m_records + 1).arg(QLatin1String(what)));
}

void CsvRecordReader::endField() {
    m_current.length = m_text.size() - m_current.start;
    m_fields.push_back(m_current);
    m_current = Field{m_text.size(), 0, false};
}

void CsvRecordReader::endRecord() {
    endField();
    m_sink(*this);
    ++m_records;
    m_fields.clear();
    m_text.resize(0);
    m_current = Field{};
    m_recordStarted = false;
}

void CsvRecordReader::feed(const char* data, qint64 length) {
    const char* const end = data + length;
    for (const char* p = data; p < end; ++p) {
        const char c = *p;
        switch (m_state) {
        case State::AfterCarriageReturn:
            if (c != '\n')
                fail("carriage return without a line feed");
            endRecord();
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
                endRecord();
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
                endRecord();
                m_state = State::FieldStart;
            } else if (c == '\r') {
                m_state = State::AfterCarriageReturn;
            } else {
                fail("text after a closing quote");
            }
            break;
        }
    }
}

void CsvRecordReader::finish() {
    if (m_state == State::Quoted)
        fail("the input ends inside a quoted field");
    if (m_recordStarted || m_state != State::FieldStart)
        fail("the input ends without a line feed");
}

} // namespace tidemark::archive
