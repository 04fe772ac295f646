#pragma once

#include "kudosdataset.h"
#include "kudostestdata.h"
#include "kudosworkbench.h"
#include "taskmanager.h"

#include <QSignalSpy>
#include <QSize>
#include <QString>

namespace tidemark::test {

// A kudos workbench as the console builds it: the one task manager, the kudos dataset, the workbench of
// `size`, shown, on a fresh copy of the swapped test database named `name` with `archiveUrl` (or none),
// loaded, its clock where the first partition's ranges are all eligible.
struct KudosWorkbenchFixture {
    TaskManager tasks;
    kudos::KudosDataset dataset{&tasks};
    ui::KudosWorkbench workbench{&dataset};
    QString conninfo;

    KudosWorkbenchFixture(const QString& name, const QString& archiveUrl, QSize size) {
        conninfo = swappedKudosDatabase(name);
        dataset.setClock([] { return kudosAllEligible(); }, true);
        dataset.setSettings(kudosTestSettings());
        workbench.resize(size);
        workbench.show();
        QSignalSpy loaded(&dataset, &kudos::KudosDataset::loaded);
        dataset.setConnection(conninfo, archiveUrl, name);
        if (!loaded.wait(120000))
            qFatal("the kudos dataset did not load");
    }
};

} // namespace tidemark::test
