// Plan files and `tidemark-cli apply` end to end on real PostgreSQL: a plan sealed, read back, refused whole
// when altered, expired, made elsewhere or under other settings (nothing changed), applied exactly, applied
// again (every unit done), and a unit made stale after planning skipped and named while the others go on.
#include "agedtracksfile.h"
#include "archivefixtures.h"
#include "archivestore.h"
#include "clirunner.h"
#include "error.h"
#include "kudostestdata.h"
#include "pgconnection.h"
#include "planfile.h"
#include "spatialitedatabase.h"
#include "testpostgres.h"
#include "thinningtestdata.h"
#include "thrownkind.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace tidemark;
using test::runCli;

namespace {

QJsonObject parse(const test::CliRun& run) {
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

long long count(PgConnection& db, const QString& sql) {
    return db.exec(sql).toLong(0, 0);
}

long long rowsOf(PgConnection& db) {
    return count(db, QStringLiteral("SELECT count(*) FROM mower_positions"));
}

// A plan's `now`: three days after the random tracks began plus the detail window, as the round tests use.
QString planNow() {
    return formatIsoTimestamp(test::kRandomTracksBase + 3 * kMicrosPerDay + 90 * kMicrosPerDay);
}

QJsonObject unitsOf(const QJsonObject& plan) {
    return plan.value(QStringLiteral("positions")).toObject().value(QStringLiteral("units")).toObject();
}

} // namespace

class TestPlanApply : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString path(const QString& name) const { return m_dir.filePath(name); }

    // A fresh positions database holding `mowers` random tracks; its conninfo.
    static QString positionsDatabase(const QString& name, int mowers, std::uint32_t seed) {
        QString info;
        auto db = test::freshPositionsDatabase(name, &info);
        test::insertTracks(*db, test::someTracks(seed, mowers, 1200));
        db->exec(QStringLiteral("ANALYZE mower_positions"));
        return info;
    }

    // `plan --out FILE` of the positions database; the file's plan.
    QJsonObject makePlan(const QString& info, const QString& file, const QStringList& extra = {}) {
        const auto run = runCli(QStringList{QStringLiteral("plan"), QStringLiteral("--db-positions"), info,
                                            QStringLiteral("--now"), planNow(), QStringLiteral("--out"), file,
                                            QStringLiteral("--json")} +
                                extra);
        if (run.exitCode != 0 && run.exitCode != 1)
            qWarning("%s", qPrintable(run.err));
        const QJsonObject out = parse(run);
        if (!QFile::exists(file) || out.value(QStringLiteral("plan_file")).toString() != file)
            qWarning("no plan written: %s %s", qPrintable(run.out), qPrintable(run.err));
        return planfile::read(file);
    }

    static test::CliRun apply(const QString& file, const QStringList& extra = {},
                              const QHash<QString, QString>& env = {}) {
        return runCli(QStringList{QStringLiteral("apply"), file, QStringLiteral("--ignore-window"),
                                  QStringLiteral("--json")} +
                          extra,
                      env);
    }

  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The seal: a re-indented file is the same plan, a changed value is refused as altered, a file that is
    // not a plan is refused, and the expiry stays within a week.
    void planFileSeal() {
        const QJsonObject body{
            {QStringLiteral("positions"),
             QJsonObject{{QStringLiteral("units"), QJsonObject{{QStringLiteral("slices"), QJsonArray{}}}}}}};
        const QJsonObject sealed =
            planfile::seal(body, parseIsoTimestamp(QStringLiteral("2026-12-01T00:00:00Z")), 24,
                           PlanAuthor{QStringLiteral("ops"), QStringLiteral("tidemark")});
        QCOMPARE(sealed.value(QStringLiteral("expires_at")).toString(),
                 QStringLiteral("2026-12-02T00:00:00Z"));
        QCOMPARE(planfile::sha256(sealed).size(), 64);
        const QString file = path(QStringLiteral("sealed.json"));
        planfile::write(sealed, file);
        QCOMPARE(planfile::read(file), sealed);

        QFile compact(file);
        QVERIFY(compact.open(QIODevice::WriteOnly | QIODevice::Truncate));
        compact.write(QJsonDocument(sealed).toJson(QJsonDocument::Compact));
        compact.close();
        QCOMPARE(planfile::read(file), sealed);

        QJsonObject altered = sealed;
        altered.insert(QStringLiteral("expires_at"), QStringLiteral("2026-12-09T00:00:00Z"));
        planfile::write(altered, file);
        QCOMPARE(test::thrownKind([&] { planfile::read(file); }), Error::Kind::Refused);

        QFile garbage(file);
        QVERIFY(garbage.open(QIODevice::WriteOnly | QIODevice::Truncate));
        garbage.write("{\"format\": 1, \"plan");
        garbage.close();
        QCOMPARE(test::thrownKind([&] { planfile::read(file); }), Error::Kind::Refused);
        QCOMPARE(test::thrownKind([&] { planfile::read(path(QStringLiteral("missing.json"))); }),
                 Error::Kind::Usage);
        QCOMPARE(test::thrownKind([&] { planfile::seal(body, 0, 0, {}); }), Error::Kind::Usage);
        QCOMPARE(test::thrownKind([&] { planfile::seal(body, 0, 169, {}); }), Error::Kind::Usage);

        QCOMPARE(
            planfile::conninfoWithoutSecrets(QStringLiteral("host=db port=5432 password=s3cret dbname=x")),
            QStringLiteral("dbname='x' host='db' port='5432'"));
        QVERIFY(!planfile::conninfoWithoutSecrets(QStringLiteral("postgresql://u:pw@db/x"))
                     .contains(QStringLiteral("pw")));
        QVERIFY(planfile::targetDifference(QJsonObject{{QStringLiteral("store_id"), QStringLiteral("a")},
                                                       {QStringLiteral("path"), QStringLiteral("/x")}},
                                           QJsonObject{{QStringLiteral("store_id"), QStringLiteral("a")},
                                                       {QStringLiteral("path"), QStringLiteral("/y")}})
                    .isEmpty());
        QVERIFY(planfile::targetDifference(QJsonObject{{QStringLiteral("store_id"), QStringLiteral("a")}},
                                           QJsonObject{{QStringLiteral("store_id"), QStringLiteral("b")}})
                    .contains(QStringLiteral("store_id")));
    }

    // plan --out, then apply: exactly the plan's rows go (the slices' rows_deleted), the history records the
    // plan's sha256, and a second apply finds every unit done.
    void applyExactlyThenDone() {
        const QString info = positionsDatabase(QStringLiteral("plan_apply"), 4, 451);
        auto db = PgConnection::open(info);
        const long long before = rowsOf(*db);
        const QString file = path(QStringLiteral("apply.json"));
        const QJsonObject plan = makePlan(info, file);
        QVERIFY(!plan.value(QStringLiteral("positions"))
                     .toObject()
                     .value(QStringLiteral("connection"))
                     .toString()
                     .contains(QStringLiteral("password")));
        const QJsonArray slices = unitsOf(plan).value(QStringLiteral("slices")).toArray();
        QVERIFY(slices.size() > 4);
        long long planned = 0;
        for (const QJsonValue& s : slices)
            planned += s.toObject().value(QStringLiteral("rows_deleted")).toInteger();
        QVERIFY(planned > 0);
        QCOMPARE(plan.value(QStringLiteral("positions"))
                     .toObject()
                     .value(QStringLiteral("rows_to_thin"))
                     .toInteger(),
                 planned);

        const auto first = apply(file);
        QVERIFY2(first.exitCode == 0, qPrintable(first.out + first.err));
        const QJsonObject report = parse(first);
        QCOMPARE(report.value(QStringLiteral("plan_sha256")).toString(), planfile::sha256(plan));
        const QJsonObject positions = report.value(QStringLiteral("positions")).toObject();
        QCOMPARE(
            positions.value(QStringLiteral("counts")).toObject().value(QStringLiteral("applied")).toInteger(),
            positions.value(QStringLiteral("units")).toArray().size());
        QCOMPARE(rowsOf(*db), before - planned);

        const auto second = apply(file);
        QVERIFY2(second.exitCode == 0, qPrintable(second.out + second.err));
        const QJsonObject again = parse(second).value(QStringLiteral("positions")).toObject();
        QCOMPARE(
            again.value(QStringLiteral("counts")).toObject().value(QStringLiteral("applied")).toInteger(), 0);
        QVERIFY(again.value(QStringLiteral("counts")).toObject().value(QStringLiteral("done")).toInteger() >
                0);
        QCOMPARE(rowsOf(*db), before - planned);
    }

    // A row written into one slice's context after planning: that slice is stale and untouched (the row and
    // its neighbours stay), the other mowers' slices are applied, and apply exits 1 naming it.
    void staleSliceIsSkippedAndNamed() {
        const QString info = positionsDatabase(QStringLiteral("plan_stale"), 3, 452);
        auto db = PgConnection::open(info);
        const QString file = path(QStringLiteral("stale.json"));
        const QJsonObject plan = makePlan(info, file);
        const QJsonObject first = unitsOf(plan).value(QStringLiteral("slices")).toArray().first().toObject();
        const QString mower = first.value(QStringLiteral("mower_id")).toString();
        const Micros from = parseIsoTimestamp(first.value(QStringLiteral("from")).toString());
        const Micros to = parseIsoTimestamp(first.value(QStringLiteral("to")).toString());
        db->exec(
            QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on) "
                           "VALUES ($1::uuid, $2::timestamptz + interval '0.5 seconds', 52.1, 4.3, true)"),
            {mower, formatIsoTimestamp(from + (to - from) / 2)});
        const QString inSlice = QStringLiteral("SELECT count(*) FROM mower_positions WHERE mower_id = '%1' "
                                               "AND observed_at >= '%2' AND observed_at < '%3'")
                                    .arg(mower, formatIsoTimestamp(from), formatIsoTimestamp(to));
        const long long rowsInSlice = count(*db, inSlice);

        const auto run = apply(file);
        QCOMPARE(run.exitCode, 1);
        const QJsonObject positions = parse(run).value(QStringLiteral("positions")).toObject();
        int stale = 0, applied = 0;
        for (const QJsonValue& v : positions.value(QStringLiteral("units")).toArray()) {
            const QJsonObject u = v.toObject();
            const QString outcome = u.value(QStringLiteral("outcome")).toString();
            if (outcome == QLatin1String("stale")) {
                ++stale;
                QCOMPARE(u.value(QStringLiteral("mower_id")).toString(), mower);
                QCOMPARE(u.value(QStringLiteral("from")).toString(),
                         first.value(QStringLiteral("from")).toString());
                QVERIFY(!u.value(QStringLiteral("detail")).toString().isEmpty());
            } else if (outcome == QLatin1String("applied")) {
                ++applied;
                QVERIFY(u.value(QStringLiteral("mower_id")).toString() != mower);
            }
        }
        QCOMPARE(stale, 1);
        QVERIFY(applied > 0);
        QCOMPARE(count(*db, inSlice), rowsInSlice);
        QVERIFY2(run.err.isEmpty() || !run.err.contains(QStringLiteral("error")), qPrintable(run.err));
        const auto text = runCli({QStringLiteral("apply"), file, QStringLiteral("--ignore-window")});
        QVERIFY2(text.out.contains(QStringLiteral("stale, untouched: mower %1").arg(mower)),
                 qPrintable(text.out));
    }

    // Refused whole, nothing changed: an altered plan, an expired one, one applied to another database, one
    // applied under other settings.
    void refusedWhole() {
        const QString info = positionsDatabase(QStringLiteral("plan_refused"), 2, 453);
        const QString other = positionsDatabase(QStringLiteral("plan_other"), 2, 453);
        auto db = PgConnection::open(info);
        auto otherDb = PgConnection::open(other);
        const long long before = rowsOf(*db), otherBefore = rowsOf(*otherDb);
        const QString file = path(QStringLiteral("refused.json"));
        const QJsonObject plan = makePlan(info, file);

        const auto foreign = apply(file, {QStringLiteral("--db-positions"), other});
        QCOMPARE(foreign.exitCode, 3);
        QVERIFY2(
            parse(foreign).value(QStringLiteral("refused")).toString().contains(QStringLiteral("another")),
            qPrintable(foreign.out));

        const auto settings = apply(
            file, {},
            {{QStringLiteral("MOWDECK_TELEMETRY_POSITIONS_THIN_ACTIVE_SECONDS"), QStringLiteral("60")}});
        QCOMPARE(settings.exitCode, 3);
        QVERIFY2(parse(settings)
                     .value(QStringLiteral("refused"))
                     .toString()
                     .contains(QStringLiteral("other settings")),
                 qPrintable(settings.out + settings.err));

        QJsonObject body = plan;
        body.remove(QStringLiteral("plan_sha256"));
        const QString expiredFile = path(QStringLiteral("expired.json"));
        planfile::write(planfile::seal(body, nowMicros() - 3 * 3600 * kMicrosPerSecond, 1, {}), expiredFile);
        const auto expired = apply(expiredFile);
        QCOMPARE(expired.exitCode, 3);
        QVERIFY2(
            parse(expired).value(QStringLiteral("refused")).toString().contains(QStringLiteral("expired")),
            qPrintable(expired.out));

        QJsonObject altered = plan;
        QJsonObject positions = altered.value(QStringLiteral("positions")).toObject();
        QJsonObject units = positions.value(QStringLiteral("units")).toObject();
        QJsonArray slices = units.value(QStringLiteral("slices")).toArray();
        slices.removeLast();
        units.insert(QStringLiteral("slices"), slices);
        positions.insert(QStringLiteral("units"), units);
        altered.insert(QStringLiteral("positions"), positions);
        const QString alteredFile = path(QStringLiteral("altered.json"));
        planfile::write(altered, alteredFile);
        const auto alteredRun = apply(alteredFile);
        QCOMPARE(alteredRun.exitCode, 3);
        QVERIFY2(alteredRun.err.contains(QStringLiteral("altered")), qPrintable(alteredRun.err));

        QCOMPARE(rowsOf(*db), before);
        QCOMPARE(rowsOf(*otherDb), otherBefore);
        QCOMPARE(count(*db, QStringLiteral("SELECT count(*) FROM mower_positions_thinning")), 0);
    }

    // An apply killed half-way (SIGKILL while one mower's slice waits for a lock) and run again: what the
    // first committed is done, the rest applied, and the table ends as one apply would have left it.
    void killedHalfWayThenRunAgain() {
        const QString info = positionsDatabase(QStringLiteral("plan_killed"), 3, 456);
        auto db = PgConnection::open(info);
        const long long before = rowsOf(*db);
        const QString file = path(QStringLiteral("killed.json"));
        const QJsonObject plan = makePlan(info, file);
        const QJsonArray slices = unitsOf(plan).value(QStringLiteral("slices")).toArray();
        long long planned = 0;
        for (const QJsonValue& v : slices)
            planned += v.toObject().value(QStringLiteral("rows_deleted")).toInteger();
        // The last mower the apply takes is held by another transaction's row locks.
        const QString last = slices.last().toObject().value(QStringLiteral("mower_id")).toString();
        auto locker = PgConnection::open(info);
        locker->exec(QStringLiteral("BEGIN"));
        locker->exec(QStringLiteral("SELECT 1 FROM mower_positions WHERE mower_id = $1::uuid FOR UPDATE"),
                     {last});
        test::CliProcess cli(
            {QStringLiteral("apply"), file, QStringLiteral("--ignore-window"), QStringLiteral("--json")},
            {{QStringLiteral("TIDEMARK_POSITIONS_LOCK_TIMEOUT_SECONDS"), QStringLiteral("120")}});
        QVERIFY(cli.waitUntil([&] {
            return count(*db, QStringLiteral(
                                  "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                  "AND wait_event_type = 'Lock'")) > 0;
        }));
        const long long watermarks =
            count(*db, QStringLiteral("SELECT count(*) FROM mower_positions_thinning"));
        QVERIFY(watermarks >= 1);
        cli.signal(SIGKILL);
        cli.finish();
        locker->exec(QStringLiteral("ROLLBACK"));

        const auto again = apply(file);
        QVERIFY2(again.exitCode == 0, qPrintable(again.out + again.err));
        const QJsonObject counts = parse(again)
                                       .value(QStringLiteral("positions"))
                                       .toObject()
                                       .value(QStringLiteral("counts"))
                                       .toObject();
        QVERIFY(counts.value(QStringLiteral("done")).toInteger() >= 1);
        QVERIFY(counts.value(QStringLiteral("applied")).toInteger() >= 1);
        QCOMPARE(counts.value(QStringLiteral("done")).toInteger() +
                     counts.value(QStringLiteral("applied")).toInteger(),
                 slices.size() + (unitsOf(plan).value(QStringLiteral("age_delete")).isObject() ? 1 : 0));
        QCOMPARE(rowsOf(*db), before - planned);
    }

    // What became eligible after the plan is not touched: a mower whose rows arrive after planning keeps
    // them all, and the planned mowers' watermarks stop at their last planned slice.
    void newlyEligibleUntouched() {
        const QString info = positionsDatabase(QStringLiteral("plan_newer"), 2, 454);
        auto db = PgConnection::open(info);
        const QString file = path(QStringLiteral("newer.json"));
        makePlan(info, file);
        test::insertTracks(*db, test::someTracks(999, 1, 1200));
        const QString newMower = QStringLiteral(
            "SELECT count(*) FROM mower_positions WHERE mower_id NOT IN (SELECT DISTINCT mower_id FROM "
            "mower_positions_thinning)");
        const auto run = apply(file);
        QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
        QCOMPARE(count(*db, QStringLiteral("SELECT count(DISTINCT mower_id) FROM mower_positions_thinning")),
                 2);
        QVERIFY(count(*db, newMower) > 0);
    }

    // Tracks: apply deletes the plan's ids; the same plan is refused on another file (another store id) with
    // nothing deleted there.
    void tracksPlanThenApply() {
        const QString file = test::agedTracksFile(path(QStringLiteral("aged.sqlite")), nowMicros());
        const QString other = test::agedTracksFile(path(QStringLiteral("other.sqlite")), nowMicros());
        const QString planFile = path(QStringLiteral("tracks.json"));
        const auto made = runCli({QStringLiteral("plan"), QStringLiteral("--sqlite"), file,
                                  QStringLiteral("--out"), planFile, QStringLiteral("--json")});
        QVERIFY2(made.exitCode == 0 || made.exitCode == 1, qPrintable(made.err));
        const QJsonObject plan = planfile::read(planFile);
        const QJsonObject tracks = plan.value(QStringLiteral("tracks")).toObject();
        QCOMPARE(tracks.value(QStringLiteral("target")).toObject().value(QStringLiteral("kind")).toString(),
                 QStringLiteral("sqlite"));
        const QJsonArray ids =
            tracks.value(QStringLiteral("units")).toObject().value(QStringLiteral("delete_ids")).toArray();
        QCOMPARE(ids.size(), 10);

        const auto foreign = apply(planFile, {QStringLiteral("--sqlite"), other});
        QCOMPARE(foreign.exitCode, 3);
        QVERIFY2(
            parse(foreign).value(QStringLiteral("refused")).toString().contains(QStringLiteral("store_id")),
            qPrintable(foreign.out));
        const auto status = [](const QString& f) {
            return parse(runCli({QStringLiteral("tracks"), QStringLiteral("status"),
                                 QStringLiteral("--sqlite"), f, QStringLiteral("--json")}));
        };
        QVERIFY2(QJsonDocument(status(other)).toJson().contains("\"tracks\": 20") ||
                     status(other).value(QStringLiteral("tracks")).toInteger() == 20,
                 QJsonDocument(status(other)).toJson().constData());

        const auto run = apply(planFile);
        QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
        const QJsonObject report = parse(run).value(QStringLiteral("tracks")).toObject();
        QCOMPARE(
            report.value(QStringLiteral("counts")).toObject().value(QStringLiteral("applied")).toInteger(),
            10);
        QCOMPARE(status(file).value(QStringLiteral("tracks")).toInteger(), 10);
    }

    // A tracks file made before store ids is still planned, but its tracks are left out of a plan to apply,
    // with an alert that says how to give it an id; the other datasets' units are written.
    void aStoreWithoutIdIsLeftOutOfThePlan() {
        const QString file = test::agedTracksFile(path(QStringLiteral("noid.sqlite")), nowMicros());
        {
            auto db = tracks::SpatialiteDatabase::open(file);
            db->exec(QStringLiteral("DROP TABLE tracks_store"));
            db->exec(QStringLiteral("DROP TABLE tracks_retention_runs"));
            db->exec(QStringLiteral("DELETE FROM tidemark_schema_migrations WHERE version = 3"));
        }
        const QString info = positionsDatabase(QStringLiteral("plan_noid"), 1, 455);
        const QString planFile = path(QStringLiteral("noid.json"));
        const auto made = runCli({QStringLiteral("plan"), QStringLiteral("--sqlite"), file,
                                  QStringLiteral("--db-positions"), info, QStringLiteral("--out"), planFile,
                                  QStringLiteral("--json")});
        QCOMPARE(made.exitCode, 1);
        const QJsonObject plan = planfile::read(planFile);
        const QJsonObject tracks = plan.value(QStringLiteral("tracks")).toObject();
        QVERIFY(tracks.value(QStringLiteral("error")).toString().isEmpty());
        QVERIFY(!tracks.contains(QStringLiteral("units")));
        QCOMPARE(tracks.value(QStringLiteral("tracks_to_delete")).toArray().size(), 10);
        QVERIFY(plan.value(QStringLiteral("positions")).toObject().contains(QStringLiteral("units")));
        QVERIFY2(QJsonDocument(plan.value(QStringLiteral("alerts")).toArray())
                     .toJson()
                     .contains("run tracks init"),
                 qPrintable(made.out));
    }

    // Kudos on a rehearsal clock: a plan made at a `now` ahead of the server's is not applied by the server's
    // clock (every action stale, nothing changed) unless apply is given --allow-clock-ahead too; then every
    // action of the plan is applied, one for one, in its order.
    void kudosPlanAppliesByTheServersClock() {
        const QString info = test::swappedKudosDatabase(QStringLiteral("plan_kudos"));
        QTemporaryDir archiveDir;
        test::directoryArchive(archiveDir);
        const QString archive = QStringLiteral("file://") + archiveDir.path();
        const QString planFile = path(QStringLiteral("kudos.json"));
        const auto made =
            runCli({QStringLiteral("plan"), QStringLiteral("--db-kudos"), info, QStringLiteral("--archive"),
                    archive, QStringLiteral("--now"), formatIsoTimestamp(test::kudosAllEligible()),
                    QStringLiteral("--allow-clock-ahead"), QStringLiteral("--out"), planFile,
                    QStringLiteral("--json")});
        QVERIFY2(made.exitCode == 0 || made.exitCode == 1, qPrintable(made.out + made.err));
        const QJsonArray actions = planfile::read(planFile)
                                       .value(QStringLiteral("kudos"))
                                       .toObject()
                                       .value(QStringLiteral("units"))
                                       .toObject()
                                       .value(QStringLiteral("actions"))
                                       .toArray();
        QVERIFY2(actions.size() > 2, qPrintable(made.out));
        auto db = test::openKudos(info);
        const QString catalog =
            QStringLiteral("SELECT string_agg(partition_name || state, ',' ORDER BY "
                           "partition_name, lo) FROM kudos_retention_catalog WHERE state <> 'pending'");
        const QString before = db->exec(catalog).text(0, 0);

        const auto byServer = apply(planFile);
        QCOMPARE(byServer.exitCode, 1);
        const QJsonObject stale = parse(byServer).value(QStringLiteral("kudos")).toObject();
        QCOMPARE(
            stale.value(QStringLiteral("counts")).toObject().value(QStringLiteral("stale")).toInteger() +
                stale.value(QStringLiteral("counts")).toObject().value(QStringLiteral("left")).toInteger(),
            actions.size());
        QCOMPARE(db->exec(catalog).text(0, 0), before);

        const auto ahead = apply(planFile, {QStringLiteral("--allow-clock-ahead")});
        QVERIFY2(ahead.exitCode == 0, qPrintable(ahead.out + ahead.err));
        const QJsonArray done =
            parse(ahead).value(QStringLiteral("kudos")).toObject().value(QStringLiteral("units")).toArray();
        QCOMPARE(done.size(), actions.size());
        for (int i = 0; i < done.size(); ++i) {
            QJsonObject u = done[i].toObject();
            QCOMPARE(u.value(QStringLiteral("outcome")).toString(), QStringLiteral("applied"));
            u.remove(QStringLiteral("outcome"));
            u.remove(QStringLiteral("detail"));
            QCOMPARE(u, actions[i].toObject());
        }
    }
};

QTEST_GUILESS_MAIN(TestPlanApply)
#include "test_planapply.moc"
