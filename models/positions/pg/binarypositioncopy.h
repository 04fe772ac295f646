#pragma once

#include "positionrow.h"

#include <QByteArray>
#include <QString>
#include <vector>

namespace tidemark::positions {

// Parses PostgreSQL's binary COPY format of columns() into PositionRows. Data may arrive in any chunks
// (the server sends one message per tuple, the header with the first); a tuple split across chunks waits for
// the rest. Throws Error(Failed) on a bad header, a wrong field count or length, a NULL key field, data
// after the trailer, or (finish) a stream that ended early.
class BinaryPositionCopy {
  public:
    explicit BinaryPositionCopy(std::vector<PositionRow>& rows);

    static QString columns();
    void feed(const char* data, int length);
    void finish() const;

  private:
    // Parses one tuple at p (at most end); returns its end, or nullptr when it is incomplete.
    const char* tuple(const char* p, const char* end);
    [[noreturn]] static void fail(const QString& what);

    std::vector<PositionRow>& m_rows;
    QByteArray m_pending;
    bool m_headerDone = false;
    bool m_trailerSeen = false;
};

} // namespace tidemark::positions
