#pragma once

#include "clicommand.h"

#include <QList>
#include <QTextStream>

namespace tidemark::cli {

// Finds the subcommand named by the leading words of the command line, parses its options and runs it.
// Maps tidemark::Error kinds to exit codes and prints one-line errors on stderr.
class CliRegistry {
  public:
    void add(CliCommand command);
    int dispatch(const QStringList& arguments);
    // Every option a command accepts except --help: the global ones, the common ones it asks for, its own.
    static QList<QCommandLineOption> optionsOf(const CliCommand& command);

  private:
    int printOverview(QTextStream& out, const QStringList& prefix) const;
    QList<CliCommand> m_commands;
};

} // namespace tidemark::cli
