#pragma once

#include <QByteArray>
#include <QString>
#include <stdexcept>

namespace tidemark {

// One error type for the whole model layer. The kind decides the CLI's exit code and the console's wording;
// the message is one line that says what failed and where, never a secret.
class Error : public std::runtime_error {
  public:
    enum class Kind {
        Usage,      // bad command line
        Settings,   // a setting with a bad value; the message names it
        Connection, // a server or file that cannot be reached
        Schema,     // a database without (or with a newer) schema
        Refused,    // the operation was refused to protect data
        Failed,     // anything else that went wrong while working
        Cancelled,  // the operator (or a shutdown) cancelled the task
    };

    Error(Kind kind, const QString& message, const QByteArray& sqlState = {})
        : std::runtime_error(message.toStdString()), m_kind(kind), m_sqlState(sqlState) {}

    Kind kind() const { return m_kind; }
    QString message() const { return QString::fromStdString(what()); }
    // The server's SQLSTATE (e.g. "42P01") when PostgreSQL reported the error, else empty.
    const QByteArray& sqlState() const { return m_sqlState; }

  private:
    Kind m_kind;
    QByteArray m_sqlState;
};

} // namespace tidemark
