#pragma once

#include "workspacesession.h"

#include <QString>
#include <QWidget>
#include <optional>

// The console's dataset workbenches by their objectName, for the main window's parts (its commands, its docks
// and its saved layout).
namespace tidemark::ui::workbenchnames {

inline constexpr WorkspaceSession::Dataset kDatasets[] = {WorkspaceSession::Dataset::Positions,
                                                          WorkspaceSession::Dataset::Kudos,
                                                          WorkspaceSession::Dataset::Tracks};

// The dataset a workbench shows (a tab inserted later, such as the home, shows none).
inline std::optional<WorkspaceSession::Dataset> datasetOf(const QWidget* workbench) {
    const QString name = workbench ? workbench->objectName() : QString();
    if (name == QLatin1String("positionsWorkbench"))
        return WorkspaceSession::Dataset::Positions;
    if (name == QLatin1String("kudosWorkbench") || name == QLatin1String("disputeWorkbench"))
        return WorkspaceSession::Dataset::Kudos; // the disputes are read on the kudos connection and its
                                                 // archive
    if (name == QLatin1String("tracksWorkbench"))
        return WorkspaceSession::Dataset::Tracks;
    return std::nullopt;
}

inline QString workbenchOf(WorkspaceSession::Dataset dataset) {
    switch (dataset) {
    case WorkspaceSession::Dataset::Positions:
        return QStringLiteral("positionsWorkbench");
    case WorkspaceSession::Dataset::Kudos:
        return QStringLiteral("kudosWorkbench");
    case WorkspaceSession::Dataset::Tracks:
        return QStringLiteral("tracksWorkbench");
    }
    return {};
}

} // namespace tidemark::ui::workbenchnames
