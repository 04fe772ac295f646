#include "sourcescan.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>
#include <algorithm>

// The rules of the design that a file's text shows: what the layers include, link and name.
class TestLayering : public QObject {
    Q_OBJECT
  private:
    // The files under `folders` (of the source tree) whose text matches `pattern`, except those whose path
    // ends with one of `allowed`; fails when fewer than `atLeast` files were read (a folder moved away).
    static QStringList offenders(std::initializer_list<const char*> folders,
                                 const QRegularExpression& pattern, const QStringList& allowed = {},
                                 int atLeast = 10) {
        return tidemark::test::scanSources(folders, allowed, atLeast, [&](const QString& text) {
            return pattern.match(text).hasMatch()
                       ? QStringLiteral("matches %1").arg(pattern.pattern().left(40))
                       : QString();
        });
    }

  private slots:
    void modelsHaveNoWidgets() {
        const QRegularExpression forbidden(
            QStringLiteral(
                "^\\s*#\\s*include\\s*[<\"](QtWidgets/|QWidget|QApplication|QMainWindow|QDialog|QLabel)"
                "|Qt6?::Widgets"),
            QRegularExpression::MultilineOption);
        QDirIterator it(QStringLiteral(TIDEMARK_SOURCE_DIR "/models"), QDir::Files,
                        QDirIterator::Subdirectories);
        int scanned = 0;
        QStringList offenders;
        while (it.hasNext()) {
            const QString path = it.next();
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(f.readAll());
            ++scanned;
            if (forbidden.match(text).hasMatch())
                offenders << path;
        }
        QVERIFY2(scanned > 10, "the models folder was not found");
        QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join(QLatin1Char('\n'))));
    }

    // libpq is reached only through PgConnection: no other file includes libpq-fe.h.
    void libpqOnlyInPgConnection() {
        const QRegularExpression libpq(QStringLiteral("^\\s*#\\s*include\\s*[<\"]libpq-fe\\.h[>\"]"),
                                       QRegularExpression::MultilineOption);
        int scanned = 0;
        QStringList offenders;
        for (const char* folder : {"/models", "/ui", "/app", "/tests"}) {
            QDirIterator it(QStringLiteral(TIDEMARK_SOURCE_DIR) + QLatin1String(folder), {"*.h", "*.cpp"},
                            QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                if (path.endsWith(QLatin1String("/models/common/pgconnection.cpp")) ||
                    path.endsWith(QLatin1String("/models/common/pgconnection.h")))
                    continue;
                QFile f(path);
                QVERIFY(f.open(QIODevice::ReadOnly));
                ++scanned;
                if (libpq.match(QString::fromUtf8(f.readAll())).hasMatch())
                    offenders << path;
            }
        }
        QVERIFY2(scanned > 50, "the source folders were not found");
        QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join(QLatin1Char('\n'))));
    }

    // One task system: the console's work runs on the TaskManager's pool (models/common); no file of ui/ or
    // app/ keeps a thread pool of its own (the map renders on Qt's shared pool).
    void noThreadPoolOutsideTheTaskManager() {
        const QRegularExpression ownPool(QStringLiteral("\\bQThreadPool\\s+[A-Za-z_]\\w*\\s*[;{(]"));
        int scanned = 0;
        QStringList offenders;
        for (const char* folder : {"/models", "/ui", "/app"}) {
            QDirIterator it(QStringLiteral(TIDEMARK_SOURCE_DIR) + QLatin1String(folder), {"*.h", "*.cpp"},
                            QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                if (path.endsWith(QLatin1String("/models/common/taskmanager.h")))
                    continue;
                QFile f(path);
                QVERIFY(f.open(QIODevice::ReadOnly));
                ++scanned;
                if (ownPool.match(QString::fromUtf8(f.readAll())).hasMatch())
                    offenders << path;
            }
        }
        QVERIFY2(scanned > 50, "the source folders were not found");
        QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join(QLatin1Char('\n'))));
    }
    // One job per operation: the CLI runs jobs and includes no engine they wrap.
    void appIncludesNoEngine() {
        const QRegularExpression engine(
            QStringLiteral("^\\s*#\\s*include\\s*\"(thinninground|retentionjob|trackimporter|gpxfilebatch|"
                           "archiverestorer|archiveverifier|partitionswap|partitionexporter|tracksretention|"
                           "reconciliation)\\.h\""),
            QRegularExpression::MultilineOption);
        const QStringList found = offenders({"/app"}, engine);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    // Widgets show models and call datasets: no file of ui/ makes or starts a task.
    void widgetsStartNoTasks() {
        const QRegularExpression task(QStringLiteral("\\bTask<|\\bstart<|TaskManager::start"));
        const QStringList found = offenders({"/ui"}, task);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    // …nor makes a dataset (the Home included: its plan is the session's HomePlan), and in models/ every task
    // starts through the one run of DatasetBase (which clears its slot, drops stale results and cancels on
    // destruction); the workspace session's demo start is the one other, before any dataset has a source.
    void tasksStartOnlyThroughTheDatasetBase() {
        const QRegularExpression dataset(QStringLiteral(
            "\\bnew\\s+(\\w+::)*(HomePlan|PositionsDataset|KudosDataset|TracksDataset|DisputeCase)\\b"));
        QStringList found = offenders({"/ui"}, dataset);
        const QRegularExpression start(QStringLiteral("\\bstart<|TaskManager::start\\b"));
        found += offenders({"/models", "/app"}, start,
                           {QStringLiteral("/models/common/taskmanager.h"),
                            QStringLiteral("/models/workspace/dataset/datasetbase.h"),
                            QStringLiteral("/models/workspace/workspacesession.cpp")});
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    // The lower layers know no area: models/common and models/archive name no dataset's table in their
    // strings (the areas register their schemas with the migrator and hand the archive its datasets and
    // tiers).
    void lowerLayersNameNoDatasetTable() {
        const QRegularExpression table(QStringLiteral(
            "(QStringLiteral|QLatin1String|QByteArrayLiteral)\\s*\\(\\s*\"[^\"\\n]*\\b(mower_positions|"
            "mower_history|kudos_[a-z_]+|users|pipeline_runs|tracks)\\b"));
        const QStringList found = offenders({"/models/common", "/models/archive"}, table);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    // Settings are read once, by app/: nothing in models/ or ui/ reads the environment, but the secrets
    // reader (S3 credentials) and the private cluster (which passes the environment on to initdb and
    // postgres).
    void modelsReadNoEnvironment() {
        const QRegularExpression environment(
            QStringLiteral("qEnvironmentVariable|qgetenv|\\bgetenv\\b|QProcessEnvironment::systemEnvironment|"
                           "fromEnvironment\\("));
        const QStringList found = offenders({"/models", "/ui"}, environment,
                                            {QStringLiteral("/models/archive/s3credentials.cpp"),
                                             QStringLiteral("/models/archive/s3credentials.h"),
                                             QStringLiteral("/models/archive/archiveurl.cpp"),
                                             QStringLiteral("/models/common/pgcluster.cpp")});
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestLayering)
#include "test_layering.moc"
