#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <functional>
#include <vector>

namespace tidemark::archive {

// Splits PostgreSQL's CSV (COPY ... FORMAT csv) into records as the bytes stream in, in chunks cut anywhere:
// fields separated by ',', quoted with '"' (a doubled '"' inside), a quoted field may hold newlines, each
// record ends with '\n'. An unquoted empty field is NULL. Malformed input throws Error(Failed).
class CsvRecordReader {
  public:
    using RecordSink = std::function<void(const CsvRecordReader&)>;
    explicit CsvRecordReader(RecordSink sink);

    void feed(const char* data, qint64 length);
    // The end of the input: throws when it stops inside a record.
    void finish();

    // The current record, valid inside the sink only.
    int fieldCount() const { return static_cast<int>(m_fields.size()); }
    QByteArrayView field(int i) const {
        return QByteArrayView(m_text.constData() + m_fields[i].start, m_fields[i].length);
    }
    bool isNull(int i) const { return !m_fields[i].quoted && m_fields[i].length == 0; }
    qint64 records() const { return m_records; } // complete records so far

  private:
    enum class State { FieldStart, Unquoted, Quoted, QuoteInQuoted, AfterCarriageReturn };
    struct Field {
        qsizetype start = 0;
        qsizetype length = 0;
        bool quoted = false;
    };
    void endField();
    void endRecord();
    [[noreturn]] void fail(const char* what) const;

    RecordSink m_sink;
    State m_state = State::FieldStart;
    QByteArray m_text;
    std::vector<Field> m_fields;
    Field m_current;
    qint64 m_records = 0;
    bool m_recordStarted = false;
};

} // namespace tidemark::archive
