#include "kudossqlstate.h"

#include "error.h"

namespace tidemark::kudos {

void KudosSqlState::rethrow(const Error& error, const QString& context) {
    if (!isKudosState(error.sqlState()))
        throw error;
    // PgConnection's message is "PostgreSQL <server>: ERROR:  <message>; HINT:  <hint>; CONTEXT:  <stack>";
    // the PL/pgSQL stack says nothing to an operator.
    QString message = error.message();
    const qsizetype contextAt = message.indexOf(QLatin1String("; CONTEXT:"));
    if (contextAt >= 0)
        message.truncate(contextAt);
    message.replace(QLatin1String("ERROR:  "), QString());
    message.replace(QLatin1String("HINT:  "), QLatin1String("hint: "));
    throw Error(Error::Kind::Refused, QStringLiteral("%1: %2").arg(context, message), error.sqlState());
}

} // namespace tidemark::kudos
