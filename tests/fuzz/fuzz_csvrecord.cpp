// The archive's CSV record reader on any bytes, fed whole and fed in chunks (the first byte sets their size):
// both give the same records and the same verdict, and a refusal is a tidemark::Error.
#include "csvrecordreader.h"
#include "error.h"

#include <QStringList>
#include <cstdint>
#include <cstdlib>

using namespace tidemark;
using namespace tidemark::archive;

namespace {

struct Outcome {
    QList<QByteArray> records; // fields joined, NULL marked
    bool failed = false;
    bool operator==(const Outcome&) const = default;
};

Outcome read(const char* data, qsizetype size, qsizetype chunk) {
    Outcome outcome;
    CsvRecordReader reader([&](const CsvRecordReader& record) {
        QByteArray text;
        for (int i = 0; i < record.fieldCount(); ++i)
            text += (record.isNull(i) ? QByteArray("\\N") : record.field(i).toByteArray()) + '\x1f';
        outcome.records.append(text);
    });
    try {
        for (qsizetype at = 0; at < size; at += chunk)
            reader.feed(data + at, std::min(chunk, size - at));
        reader.finish();
    } catch (const Error&) {
        outcome.failed = true;
    }
    return outcome;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1)
        return 0;
    const qsizetype chunk = 1 + data[0] % 64;
    const char* csv = reinterpret_cast<const char*>(data + 1);
    const qsizetype length = static_cast<qsizetype>(size - 1);
    if (!(read(csv, length, chunk) == read(csv, length, length > 0 ? length : 1)))
        std::abort();
    return 0;
}
