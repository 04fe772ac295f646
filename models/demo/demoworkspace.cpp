#include "demoworkspace.h"

#include "common/error.h"

#include <QDir>
#include <QProcessEnvironment>
#include <QStandardPaths>

namespace tidemark::demo {

QString DemoWorkspace::defaultRoot() {
    const QString env = QProcessEnvironment::systemEnvironment().value(QStringLiteral("TIDEMARK_DEMO_DIR"));
    if (!env.isEmpty())
        return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/demo");
}

DemoWorkspace::DemoWorkspace(QString root) : m_root(QDir(root).absolutePath()) {}

void DemoWorkspace::up(quint64 seed, Micros now, JobControl* control) { up(seed, now, UpOptions{}, control); }
void DemoWorkspace::up(quint64, Micros, const UpOptions&, JobControl*) {
    throw Error(Error::Kind::Failed, QStringLiteral("demo workspace: not implemented yet"));
}
DemoWorkspace::Status DemoWorkspace::status() const { return {}; }
void DemoWorkspace::down() {}
void DemoWorkspace::purge() {}
QString DemoWorkspace::positionsConninfo() const { return {}; }
QString DemoWorkspace::kudosConninfo() const { return {}; }
QString DemoWorkspace::tracksPath() const { return QDir(m_root).filePath(QStringLiteral("gps_tracks.sqlite")); }
QString DemoWorkspace::archiveUrl() const { return QStringLiteral("file://") + QDir(m_root).filePath(QStringLiteral("archive")); }

} // namespace tidemark::demo
