#pragma once

#include "workspacesettings.h"

#include <QHash>
#include <QString>

class QSettings;

namespace tidemark::app {

// Reads every setting once at start, for both executables, and validates it; what it returns is handed
// down as values (the datasets, the jobs and the CLI commands read no environment). The values come in
// layers, a later one winning: the process environment, then the console's configuration (the console only),
// then the command line. A bad value throws Error(Settings) naming the setting.
struct AppSettings {
    // Reads and validates every setting from the merged layers.
    static WorkspaceSettings read(const QHash<QString, QString>& values);

    // The process environment as a layer.
    static QHash<QString, QString> environment();
    // The [settings] group of the console's configuration file (QSettings: ~/.config/Tidemark/Tidemark.conf)
    // as a layer. A name there that no setting reads is refused (Error(Settings) naming it and the file), so
    // a misspelt setting does not silently keep its default.
    static QHash<QString, QString> consoleConfiguration(QSettings& configuration);
    // Refuses (Error(Settings) naming it and `where`) a name in `values` that no setting reads.
    static void requireKnown(const QHash<QString, QString>& values, const QString& where);
    // `layers` merged in order, a later layer winning.
    static QHash<QString, QString> merged(std::initializer_list<QHash<QString, QString>> layers);
};

} // namespace tidemark::app
