#pragma once

#include <QByteArray>
#include <QStringList>

namespace tidemark::archive {

// One CSV record as PostgreSQL's COPY … (FORMAT csv) writes it, so that CsvRecordReader reads it back: a
// null QString is an empty unquoted field (NULL); an empty string and any field holding ',', '"', '\r' or
// '\n' are quoted with '"' doubled inside. Ends with '\n'.
QByteArray csvRecord(const QStringList& fields);

} // namespace tidemark::archive
