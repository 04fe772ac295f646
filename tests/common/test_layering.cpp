#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

// The link rules of the design: nothing under models/ includes or links Qt Widgets (or Gui widgets classes);
// only PgConnection includes libpq.
class TestLayering : public QObject {
    Q_OBJECT
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
};

QTEST_GUILESS_MAIN(TestLayering)
#include "test_layering.moc"
