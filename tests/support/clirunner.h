#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

namespace tidemark::test {

// What one run of the built tidemark-cli returned.
struct CliRun {
    int exitCode = -1; // -1: it did not finish within the timeout
    QString out;
    QString err;
};

// Runs TIDEMARK_BINARY_DIR/app/cli/tidemark-cli with `args`, the environment plus `env`, up to `timeoutMs`.
CliRun runCli(const QStringList& args, const QHash<QString, QString>& env = {}, int timeoutMs = 120000);

} // namespace tidemark::test
