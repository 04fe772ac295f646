#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <functional>
#include <vector>

namespace tidemark::archive {

// Splits PostgreSQL's CSV (COPY ... FORMAT csv) into records as the bytes stream in, in chunks cut anywhere:
// fields separated by ',', quoted with '"' (a doubled '"' inside), a quoted field may hold newlines, each
// record ends with '\n'. An unquoted empty field is NULL. Malformed input throws Error(Failed). A record is
// held whole while it is read, so for outside bytes setLimits() caps it and the number of records: going past
// a cap throws Error(Failed) as soon as it is seen (a record too long at its line feed, or at the end of the
// chunk it is still open in, so that at most one chunk past the cap is held; a record too many at its first
// byte).
class CsvRecordReader {
  public:
    using RecordSink = std::function<void(const CsvRecordReader&)>;
    struct Limits {
        qint64 maxRecordBytes = 0; // a record's bytes before its line feed (quotes, commas); 0: no cap
        qint64 maxRows = -1;       // records after the header records; -1: no cap
        int headerRecords = 0;     // records before the rows (the messages count rows after them)
    };
    explicit CsvRecordReader(RecordSink sink);

    void setLimits(const Limits& limits);

    void feed(const char* data, qint64 length);
    // The end of the input: throws when it stops inside a record.
    void finish();

    // The current record, valid inside the sink only.
    int fieldCount() const { return static_cast<int>(m_fieldCount); }
    QByteArrayView field(int i) const {
        const Field& f = m_fields[i];
        return QByteArrayView((f.inText ? m_text.constData() : m_base) + f.start, f.length);
    }
    bool isNull(int i) const { return !m_fields[i].quoted && m_fields[i].length == 0; }
    qint64 records() const { return m_records; } // complete records so far

  private:
    enum class State { FieldStart, Unquoted, Quoted, QuoteInQuoted, AfterCarriageReturn };
    struct Field {
        qsizetype start = 0; // in m_text, or from m_base
        qsizetype length = 0;
        bool quoted = false;
        bool inText = true;
    };
    // m_fields keeps its elements between records (only m_fieldCount is reset): a record's fields are
    // stored into kept slots (push_back, not inlined, showed in the digest's profile at 11 fields a row).
    void addField(const Field& field) {
        if (m_fieldCount == m_fields.size())
            growFields();
        m_fields[m_fieldCount++] = field;
    }
    void growFields(); // out of line, so that addField is inlined
    void endField();
    void endRecord();
    void deliverRecord();
    // A record that lies whole in the chunk, up to its line feed, its quoted fields closed before it and no
    // carriage return outside them: its fields are delivered as views into the chunk, not copied, but for a
    // quoted field with a doubled quote (unescaped into m_text). False (nothing kept) for any other record,
    // which the states below read byte by byte.
    bool splitRecord(const char* start, const char* lineFeed);
    [[noreturn]] void fail(const char* what) const;
    void checkRecordBytes(qint64 bytes) const;
    [[noreturn]] void failRowsPastCap() const;

    RecordSink m_sink;
    State m_state = State::FieldStart;
    QByteArray m_text;
    const char* m_base = nullptr; // what the starts of fields not in m_text count from: a record's chunk
    std::vector<Field> m_fields;
    std::size_t m_fieldCount = 0;
    Field m_current;
    qint64 m_records = 0;
    bool m_recordStarted = false;
    Limits m_limits;
    qint64 m_recordBytes = 0; // of the current record, in the chunks before this one
    bool m_rowsFull = false;  // the rows reached maxRows: any further byte starts a record too many
};

} // namespace tidemark::archive
