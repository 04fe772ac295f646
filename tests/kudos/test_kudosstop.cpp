#include "archivefixtures.h"
#include "clirunner.h"
#include "kudostestdata.h"
#include "metricsfilecheck.h"
#include "pgconnection.h"
#include "processidentity.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

using namespace tidemark;
using namespace tidemark::test;

// `tidemark-cli kudos retain` stopped by SIGTERM (systemd's stop), twice, and killed (SIGKILL) at chosen
// points of a real run against a swapped copy of the generated kudos data and a directory archive: the step
// in flight commits or rolls back whole, nothing is left in $TMPDIR or as a temporary object in the archive
// (a killed run's leftovers are removed by the next run), the exit is 75, and the runs that follow end with
// the catalog and the objects of an uninterrupted run.
class TestKudosStop : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_scratch; // the runs' TMPDIR

    QStringList retainArgs(const QString& db, const QString& archive) const {
        return {QStringLiteral("kudos"),
                QStringLiteral("retain"),
                QStringLiteral("--db"),
                db,
                QStringLiteral("--now"),
                formatIsoTimestamp(kudosAllEligible()),
                QStringLiteral("--archive"),
                QStringLiteral("file://") + archive,
                QStringLiteral("--allow-clock-ahead"),
                QStringLiteral("--metrics-file"),
                m_dir.filePath(QStringLiteral("retain.prom"))};
    }
    QHash<QString, QString> env() const { return {{QStringLiteral("TMPDIR"), m_scratch}}; }

    static QString preparedDatabase(const QString& name) {
        const QString db = swappedKudosDatabase(name);
        auto conn = openKudos(db);
        conn->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
        conn->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
        return db;
    }

    // An initialised archive folder (archive init).
    static QString newArchive(const QString& path) {
        initialisedArchiveFolder(path);
        return path;
    }

    // The catalog as a run leaves it: every range's state, rows, totals and object.
    static QStringList catalog(const QString& db) {
        auto conn = openKudos(db);
        const PgResult r = conn->exec(QStringLiteral(
            "SELECT concat_ws(' ', dataset, lo, hi, partition_name, kind, state, row_count, totals::text,"
            " archive_key, object_sha256, object_bytes) FROM kudos_retention_catalog ORDER BY dataset, lo"));
        QStringList rows;
        for (int i = 0; i < r.rows(); ++i)
            rows << r.text(i, 0);
        return rows;
    }

    // The archive's files, temporary ones included, relative to it; manifests by name only (they hold the
    // export's time), objects with their size.
    static QStringList archiveFiles(const QString& archive) {
        QStringList files;
        QDirIterator it(archive, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            it.next();
            const QString name = QDir(archive).relativeFilePath(it.filePath());
            if (name == QLatin1String("tidemark-archive.json"))
                continue; // each archive's own id
            files << (name.endsWith(QLatin1String(".csv.zst"))
                          ? QStringLiteral("%1 %2").arg(name).arg(it.fileInfo().size())
                          : name);
        }
        files.sort();
        return files;
    }

    static bool hasExportFolder(const QString& scratch) {
        return !QDir(scratch).entryList({QStringLiteral("tidemark-export-*")}, QDir::Dirs).isEmpty();
    }

    // Starts a run and freezes it (SIGSTOP) while an export's temporary files exist: the point a signal then
    // lands at. False when the run ended before any export was seen.
    bool stopDuringExport(CliProcess& cli) {
        if (!cli.waitUntil([&] { return hasExportFolder(m_scratch); }, 120000, 1))
            return false;
        cli.signal(SIGSTOP);
        return true;
    }

  private slots:
    void initTestCase() {
        m_scratch = m_dir.filePath(QStringLiteral("tmp"));
        QVERIFY(QDir().mkdir(m_scratch));
    }

    void stopsCleanlyAndTheNextRunsFinishAsOneRunWould() {
        const QString reference = preparedDatabase(QStringLiteral("kudosstop_ref"));
        const QString referenceArchive = newArchive(m_dir.filePath(QStringLiteral("reference")));
        const CliRun whole = runCli(retainArgs(reference, referenceArchive), env());
        QVERIFY2(whole.exitCode == 0, qPrintable(whole.err));

        const QString db = preparedDatabase(QStringLiteral("kudosstop"));
        const QString archive = newArchive(m_dir.filePath(QStringLiteral("archive")));
        const QStringList args = retainArgs(db, archive);

        // SIGTERM during an export: the export rolls back (no object), its files go, exit 75.
        {
            CliProcess cli(args, env());
            QVERIFY2(stopDuringExport(cli), "no export was seen");
            cli.signal(SIGTERM);
            cli.signal(SIGCONT);
            const CliRun run = cli.finish();
            qInfo("kudos retain, SIGTERM during an export: exit %d after %.0f ms", run.exitCode,
                  cli.stopMilliseconds());
            QVERIFY2(run.exitCode == 75, qPrintable(run.err + run.out));
            QVERIFY2(run.err.contains(QLatin1String("stopped by SIGTERM")), qPrintable(run.err));
            QVERIFY2(run.out.contains(QLatin1String("cancelled")), qPrintable(run.out));
            QCOMPARE(metricValue(readMetricsFile(m_dir.filePath(QStringLiteral("retain.prom"))),
                                 QStringLiteral("tidemark_kudos_retain_last_exit_code")),
                     75.0);
            QVERIFY2(QDir(m_scratch).isEmpty(), qPrintable(QDir(m_scratch).entryList().join(u' ')));
            QVERIFY2(archiveFiles(archive).filter(QStringLiteral(".tmp-")).isEmpty(),
                     qPrintable(archiveFiles(archive).join(u' ')));
        }
        // SIGTERM between steps, once another range moved on.
        {
            const auto watcher = openKudos(db); // one connection: a poll is a round trip, not a login
            const auto moved = [&] {
                return watcher
                    ->exec(QStringLiteral(
                        "SELECT count(*) FROM kudos_retention_catalog WHERE state <> 'pending'"))
                    .toLong(0, 0);
            };
            const long long before = moved();
            CliProcess cli(args, env());
            QVERIFY(cli.waitUntil([&] { return moved() > before; }));
            cli.signal(SIGSTOP); // held there, so that the run cannot end before the signal lands
            cli.signal(SIGTERM);
            cli.signal(SIGCONT);
            const CliRun run = cli.finish();
            qInfo("kudos retain, SIGTERM between steps: exit %d after %.0f ms", run.exitCode,
                  cli.stopMilliseconds());
            QVERIFY2(run.exitCode == 75, qPrintable(run.err + run.out));
            QVERIFY(QDir(m_scratch).isEmpty());
        }
        // Twice during an export: at once, the export's transaction rolled back by the server.
        {
            CliProcess cli(args, env());
            if (stopDuringExport(cli)) {
                cli.signal(SIGTERM);
                cli.signal(SIGTERM);
                cli.signal(SIGCONT);
                const CliRun run = cli.finish();
                qInfo("kudos retain, two SIGTERMs during an export: exit %d after %.0f ms", run.exitCode,
                      cli.stopMilliseconds());
                QVERIFY2(run.exitCode == 75, qPrintable(run.err + run.out));
                QVERIFY(QDir(m_scratch).isEmpty());
            }
        }
        // SIGKILL during an export: its files stay behind until the next run removes them.
        {
            CliProcess cli(args, env());
            if (stopDuringExport(cli)) {
                cli.signal(SIGKILL);
                cli.signal(SIGCONT);
                QCOMPARE(cli.finish().exitCode, -1);
                QVERIFY(hasExportFolder(m_scratch));
            }
        }
        // An upload's temporary file that a run killed while it published an object left (written here, since
        // the kill above rarely lands in those milliseconds): the next run removes it and says so.
        QProcess gone;
        gone.start(QStringLiteral("true"));
        QVERIFY(gone.waitForFinished());
        QDir().mkpath(archive + QStringLiteral("/currency/kudos_ledger"));
        const QString leftover =
            archive + QStringLiteral("/currency/kudos_ledger/.x.csv.zst.tmp-%1-%2-0123456789abcdef")
                          .arg(QString::fromLatin1(processidentity::bootId()))
                          .arg(gone.processId());
        QFile part(leftover);
        QVERIFY(part.open(QIODevice::WriteOnly));
        part.write("half an object");
        part.close();
        // The runs that follow finish the work: the same catalog and objects as one uninterrupted run.
        CliRun rest;
        QString warnings;
        for (int i = 0; i < 3; ++i) { // a killed run's backend may hold the job's lock for a moment (75)
            rest = runCli(args, env());
            warnings += rest.err;
            if (rest.exitCode != 75)
                break;
            QTest::qWait(500);
        }
        QVERIFY2(rest.exitCode == 0, qPrintable(rest.err + rest.out));
        QVERIFY(!QFileInfo::exists(leftover));
        QVERIFY2(warnings.contains(QLatin1String("removed 1 temporary file(s) that a killed upload left")),
                 qPrintable(warnings));
        QVERIFY2(QDir(m_scratch).isEmpty(), qPrintable(QDir(m_scratch).entryList().join(u' ')));
        QCOMPARE(catalog(db), catalog(reference));
        QCOMPARE(archiveFiles(archive), archiveFiles(referenceArchive));
    }
};

QTEST_GUILESS_MAIN(TestKudosStop)
#include "test_kudosstop.moc"
