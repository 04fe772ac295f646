#pragma once

#include "clicommand.h"

#include <QList>
#include <QString>

namespace tidemark::cli {

// The bash completion script of tidemark-cli, made from the registered commands: areas, subcommands, the
// options of each command, dataset and tier names after --dataset and --tier, files and folders after
// options whose value is one. `tidemark-cli completion bash` prints it.
class CliCompletion {
  public:
    explicit CliCompletion(const QList<CliCommand>& commands) : m_commands(commands) {}
    QString bashScript() const;

  private:
    const QList<CliCommand>& m_commands;
};

} // namespace tidemark::cli
