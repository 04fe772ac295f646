#pragma once

#include "clicommand.h"

#include <QList>
#include <QString>

namespace tidemark::cli {

// The manual page tidemark-cli(1) in roff, made from the registered commands and their options, so that it
// says what the program accepts. `tidemark-cli help --man` prints it; the build installs it.
class CliManual {
  public:
    explicit CliManual(const QList<CliCommand>& commands) : m_commands(commands) {}
    QString roff(const QString& version) const;
    // The environment a command reads besides its options: its area's settings and those behind its
    // connection options.
    static QStringList settingsReadBy(const CliCommand& command);

  private:
    const QList<CliCommand>& m_commands;
};

} // namespace tidemark::cli
