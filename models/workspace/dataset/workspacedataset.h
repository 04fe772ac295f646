#pragma once

namespace tidemark {

// The console's three datasets, in the order the workspace, its docks and the home show them.
enum class WorkspaceDataset { Positions, Kudos, Tracks };
inline constexpr WorkspaceDataset kWorkspaceDatasets[] = {WorkspaceDataset::Positions,
                                                          WorkspaceDataset::Kudos, WorkspaceDataset::Tracks};

} // namespace tidemark
