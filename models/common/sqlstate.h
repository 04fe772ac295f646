#pragma once

#include <QByteArray>

namespace tidemark {

// The PostgreSQL SQLSTATEs Tidemark reacts to (Appendix A of the PostgreSQL manual), named in one place.
// Error::sqlState() carries the server's code; compare it with these, never with a literal.
struct SqlState {
    static constexpr const char* kLockNotAvailable = "55P03"; // lock_timeout, NOWAIT
    static constexpr const char* kDeadlockDetected = "40P01";
    static constexpr const char* kSerializationFailure = "40001";
    static constexpr const char* kQueryCanceled = "57014"; // statement_timeout, pg_cancel_backend
    static constexpr const char* kCheckViolation = "23514";
    static constexpr const char* kUndefinedTable = "42P01";
    static constexpr const char* kUndefinedColumn = "42703";
    static constexpr const char* kUndefinedFunction = "42883";

    // A lock another session holds: the transaction can be retried once it is released.
    static bool isLockConflict(const QByteArray& state) {
        return state == kLockNotAvailable || state == kDeadlockDetected;
    }
    // Class 22: a value the statement cannot compute with (e.g. a NaN coordinate, an out-of-range time).
    static bool isDataException(const QByteArray& state) { return state.startsWith("22"); }
    // A missing table, column or function: the database's schema is not what Tidemark expects.
    static bool isSchemaMismatch(const QByteArray& state) {
        return state == kUndefinedTable || state == kUndefinedColumn || state == kUndefinedFunction;
    }
};

} // namespace tidemark
