#pragma once

#include <QByteArray>
#include <QString>

namespace tidemark {
class Error;
}

namespace tidemark::kudos {

// The SQLSTATEs that the kudos SQL functions raise on purpose (class KD, resources/sql/kudos/
// 0003_kudos_functions.sql), and their translation into Tidemark's one error type.
struct KudosSqlState {
    static constexpr const char* kKeyConflict = "KD001";        // key used for another transfer
    static constexpr const char* kTransferRefused = "KD002";    // bad amount, self transfer, unknown user
    static constexpr const char* kInsufficientKudos = "KD003";  // payer's balance below the amount
    static constexpr const char* kSnapshotExpired = "KD010";    // snapshot older than the key lifetime
    static constexpr const char* kSnapshotGeneration = "KD011"; // snapshot under an older generation
    static constexpr const char* kSnapshotUnknown = "KD012";    // no such snapshot, or user not in it

    static bool isKudosState(const QByteArray& sqlState) { return sqlState.startsWith("KD"); }
    // An error a kudos function raised on purpose becomes Error(Refused), "<context>: <the function's
    // message and hint>"; any other error is rethrown unchanged.
    [[noreturn]] static void rethrow(const Error& error, const QString& context);
};

} // namespace tidemark::kudos
