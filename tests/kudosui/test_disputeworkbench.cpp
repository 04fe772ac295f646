// The dispute workbench in a real (offscreen or Xvfb) window, on a copy of the swapped kudos test database
// whose first partition a real retention round archived to a directory and dropped: investigate a user's
// days, verify the covering objects (the manifest shown beside), restore them with progress, browse, filter
// and export the rows, cancel a restore, drill the objects (passed, then failed against a changed daily
// statement), refuse a corrupt object, and an unreachable archive.
#include "archivedrilljob.h"
#include "archivefixtures.h"
#include "archiveobjectpanel.h"
#include "archiveurl.h"
#include "coveringobjectmodel.h"
#include "disputecase.h"
#include "disputerowsmodel.h"
#include "disputeworkbench.h"
#include "drillchoicemenu.h"
#include "kudosdataset.h"
#include "kudostestdata.h"
#include "kudosuserlookup.h"
#include "kudosvalues.h"
#include "pgconnection.h"
#include "retentionjob.h"
#include "screenshots.h"
#include "statementmodel.h"
#include "taskmanager.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <sys/stat.h>

using namespace tidemark;
using tidemark::test::saveScreenshot;
using namespace tidemark::kudos;
using tidemark::ui::DisputeWorkbench;

namespace {

QDate dayOf(Micros t) {
    return QDateTime::fromMSecsSinceEpoch(t / 1000, QTimeZone::utc()).date();
}

} // namespace

class TestDisputeWorkbench : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_conninfo;
    int m_user = 0;
    QDate m_first, m_last;
    TaskManager m_tasks;
    KudosDataset m_dataset{&m_tasks};
    DisputeCase m_case{&m_dataset};
    DisputeWorkbench* m_workbench = nullptr;

    QString archiveUrl() const {
        return QStringLiteral("file://") + m_dir.filePath(QStringLiteral("archive"));
    }
    CoveringObjectModel* objects() const { return m_case.objects(); }

    QString drillText(int row) const {
        return objects()->index(row, CoveringObjectModel::DrillColumn).data().toString();
    }

    // Clicks Drill…, chooses the selected objects in its menu and waits for the drill and the drills'
    // reload after it.
    std::optional<ArchiveDrillReport> clickDrill() {
        QSignalSpy drilled(&m_case, &DisputeCase::drilled);
        QSignalSpy reloaded(&m_case, &DisputeCase::drillsLoaded);
        QTest::mouseClick(m_workbench->drillButton(), Qt::LeftButton);
        ui::DrillChoiceMenu* menu = m_workbench->drillMenu();
        if (!QTest::qWaitFor([&] { return menu->isVisible(); }))
            return std::nullopt;
        QAction* selected = menu->action(ui::DrillChoiceMenu::Choice::Selected);
        QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(selected).center());
        if (!m_case.isDrilling() || m_workbench->drillButton()->isEnabled() ||
            !m_workbench->cancelButton()->isEnabled())
            return std::nullopt;
        if (!drilled.wait(120000) || !(reloaded.size() > 0 || reloaded.wait(60000)))
            return std::nullopt;
        return drilled.first().first().value<ArchiveDrillReport>();
    }

    bool investigate() {
        QSignalSpy rows(m_workbench, &DisputeWorkbench::rowsShown);
        m_workbench->investigate();
        return rows.wait(60000);
    }

  private slots:
    void initTestCase() {
        m_conninfo = test::swappedKudosDatabase(QStringLiteral("kudosui_disputes"));
        auto db = test::openKudos(m_conninfo);
        db->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
        db->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
        const Micros week2 = test::kudosEnd() - 14 * kMicrosPerDay;
        m_user =
            int(db->exec(QStringLiteral("SELECT user_id FROM kudos_ledger WHERE created >= $1::timestamp "
                                        "AND user_id > 0 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1"),
                         {utcParam(week2)})
                    .toLong(0, 0));
        auto store = test::openInitialisedArchive(m_dir.filePath(QStringLiteral("archive")));
        QVERIFY(RetentionJob(*db, store.get(), test::kudosTestSettings(), test::kudosRehearsal())
                    .run(test::kudosAllEligible())
                    .alerts.empty());
        db->exec(QStringLiteral(
                     "INSERT INTO kudos_ledger (created, event_id, entry_type, user_id, escrow, amount, "
                     "applied) VALUES ($1::timestamp, gen_random_uuid(), 'TRANSFER_IN', $2, false, "
                     "'12.34', true)"),
                 {utcParam(test::kudosBoundary() + 3 * kMicrosPerHour), m_user});

        m_dataset.setClock([] { return test::kudosAllEligible(); }, true);
        m_dataset.setSettings(test::kudosTestSettings());
        QSignalSpy loaded(&m_dataset, &KudosDataset::loaded);
        m_dataset.setConnection(m_conninfo, archiveUrl(), QStringLiteral("kudosui_disputes"));
        QVERIFY(loaded.wait(60000));
        m_case.setRestoreFile(m_dir.filePath(QStringLiteral("restore.sqlite")));
        m_workbench = new DisputeWorkbench(&m_case);
        m_workbench->resize(1600, 1000);
        m_workbench->show();
        m_first = dayOf(week2);
        m_last = dayOf(test::kudosBoundary());
        m_workbench->setQuery(m_user, m_first, m_last);
    }

    void cleanupTestCase() { delete m_workbench; }

    // Before any investigation the list holds every ledger object of the archive (the catalog's), without
    // the user's columns, and says so; an investigation narrows it to the days' objects and says whose.
    void listsTheArchiveBeforeAnInvestigation() {
        const int ledgerObjects =
            int(test::openKudos(m_conninfo)
                    ->exec(QStringLiteral("SELECT count(DISTINCT archive_key) FROM kudos_retention_catalog "
                                          "WHERE archive_key IS NOT NULL AND dataset = $1"),
                           {datasetName(RetentionDataset::Currency)})
                    .toLong(0, 0));
        QVERIFY(ledgerObjects > 3);
        QVERIFY(!m_case.hasFindings());
        QTRY_COMPARE_WITH_TIMEOUT(m_workbench->objectTable()->model()->rowCount(), ledgerObjects, 60000);
        QCOMPARE(m_case.listing(), DisputeCase::Listing::Archive);
        QVERIFY2(m_workbench->objectsCaptionText().contains(
                     QStringLiteral("All %1 archive objects").arg(ledgerObjects)),
                 qPrintable(m_workbench->objectsCaptionText()));
        QVERIFY(m_workbench->objectTable()->isColumnHidden(CoveringObjectModel::UserRowsColumn));
        QVERIFY2(m_workbench->objectPanel()->text().contains(QStringLiteral("Content sha256")),
                 qPrintable(m_workbench->objectPanel()->text()));
        QVERIFY(!saveScreenshot(m_workbench, QStringLiteral("dispute-archive-listed.png")).isEmpty());

        QVERIFY(investigate());
        QCOMPARE(m_case.listing(), DisputeCase::Listing::Investigation);
        QVERIFY(m_workbench->objectTable()->model()->rowCount() < ledgerObjects);
        QVERIFY2(m_workbench->objectsCaptionText().contains(
                     QStringLiteral("The %1 archive objects that cover")
                         .arg(m_workbench->objectTable()->model()->rowCount())) &&
                     m_workbench->objectsCaptionText().contains(QString::number(m_user)),
                 qPrintable(m_workbench->objectsCaptionText()));
        QVERIFY(!m_workbench->objectTable()->isColumnHidden(CoveringObjectModel::UserRowsColumn));
    }

    void investigateShowsTheStatementAndTheObjects() {
        QVERIFY(investigate());
        QVERIFY(m_case.hasFindings());
        QVERIFY(m_workbench->statementTable()->model()->rowCount() > 5);
        // The two archived weeks and the empty one before the boundary; the online day in the statement.
        QCOMPARE(m_workbench->objectTable()->model()->rowCount(), 3);
        const std::vector<StatementLine>& lines = m_case.statement()->lines();
        QVERIFY(lines.front().archived);
        QVERIFY(!lines.back().archived);
        QVERIFY2(m_workbench->summaryText().contains(QStringLiteral("3 archive object")),
                 qPrintable(m_workbench->summaryText()));
        QVERIFY2(m_workbench->statementTotalsText().contains(QStringLiteral("Spendable")),
                 qPrintable(m_workbench->statementTotalsText()));
        // Before a restore only the online row is there.
        QCOMPARE(m_workbench->rowTable()->model()->rowCount(), 1);
        // The first object is selected and its manifest shown.
        QVERIFY2(m_workbench->objectPanel()->text().contains(QStringLiteral("Content sha256")),
                 qPrintable(m_workbench->objectPanel()->text()));
        QVERIFY(!saveScreenshot(m_workbench, QStringLiteral("dispute-investigated.png")).isEmpty());
    }

    // The user field takes the id, the username, the OAuth id (and the alias username#id): each resolves to
    // the same users row in the model layer (one query) and through the workbench; an unknown or ambiguous
    // name is refused naming what was typed; typing a prefix of the username offers the user.
    void theUserFieldTakesAnIdAUsernameOrAnOAuthId() {
        auto db = test::openKudos(m_conninfo);
        const PgResult row =
            db->exec(QStringLiteral("SELECT username, oauth_id FROM users WHERE id = $1"), {m_user});
        QCOMPARE(row.rows(), 1);
        const QString username = row.text(0, 0), oauthId = row.text(0, 1);
        QVERIFY(!username.isEmpty() && !oauthId.isEmpty() && username != oauthId);
        QCOMPARE(db->exec(QStringLiteral("SELECT count(*) FROM users WHERE username = $1"), {username})
                     .toLong(0, 0),
                 1LL);
        const KudosUserLookup lookup(*db);
        const KudosUser expected{m_user, username, oauthId};
        QCOMPARE(lookup.resolve(QString::number(m_user)), expected);
        QCOMPARE(lookup.resolve(username), expected);
        QCOMPARE(lookup.resolve(QStringLiteral("  %1 ").arg(oauthId)), expected);
        QCOMPARE(lookup.resolve(expected.alias()), expected);
        const auto refusal = [&](const QString& typed) {
            try {
                lookup.resolve(typed);
            } catch (const Error& e) {
                return e.kind() == Error::Kind::Usage ? e.message()
                                                      : QStringLiteral("kind %1").arg(int(e.kind()));
            }
            return QStringLiteral("resolved");
        };
        QString message = refusal(QStringLiteral("nobody-by-this-name"));
        QVERIFY2(message.contains(QStringLiteral("“nobody-by-this-name”")) &&
                     message.contains(QStringLiteral("no kudos user")),
                 qPrintable(message));
        message = refusal(QStringLiteral("2147483648"));
        QVERIFY2(message.contains(QStringLiteral("no kudos user has the id 2147483648")),
                 qPrintable(message));
        message = refusal(QStringLiteral("someone-else#%1").arg(m_user));
        QVERIFY2(message.contains(QStringLiteral("“someone-else#%1”").arg(m_user)) &&
                     message.contains(QStringLiteral("user %1 is “%2”").arg(m_user).arg(username)),
                 qPrintable(message));
        // A second user of that name (usernames are not unique): the name is refused, both aliases listed;
        // each alias and id still picks its own.
        const int twin = int(db->exec(QStringLiteral("INSERT INTO users (oauth_id, username) VALUES "
                                                     "('kudosui-twin', $1) RETURNING id"),
                                      {username})
                                 .toLong(0, 0));
        auto dropTwin =
            qScopeGuard([&] { db->exec(QStringLiteral("DELETE FROM users WHERE id = $1"), {twin}); });
        message = refusal(username);
        QVERIFY2(message.contains(QStringLiteral("more than one")) && message.contains(expected.alias()) &&
                     message.contains(QStringLiteral("%1#%2").arg(username).arg(twin)),
                 qPrintable(message));
        QCOMPARE(lookup.resolve(expected.alias()), expected);
        QCOMPARE(lookup.resolve(QString::number(twin)).oauthId, QStringLiteral("kudosui-twin"));
        // The completions of a prefix of the username hold the user (at most 50, by username).
        const std::vector<KudosUser> completions = lookup.complete(username.left(3).toUpper());
        QVERIFY(!completions.empty() && completions.size() <= std::size_t(KudosUserLookup::kCompletionLimit));
        QVERIFY(std::find(completions.cbegin(), completions.cend(), expected) != completions.cend());
        db->exec(QStringLiteral("DELETE FROM users WHERE id = $1"), {twin});
        dropTwin.dismiss();
        QCOMPARE(lookup.resolve(username), expected);

        // Through the workbench: an unknown name is refused naming it, the statement of the last one kept.
        const auto restoreQuery = qScopeGuard([&] { m_workbench->setQuery(m_user, m_first, m_last); });
        const int lines = m_workbench->statementTable()->model()->rowCount();
        QSignalSpy failed(&m_case, &DisputeCase::loadFailed);
        m_workbench->setQuery(QStringLiteral("nobody-by-this-name"), m_first, m_last);
        m_workbench->investigate();
        QVERIFY(failed.wait(30000));
        QVERIFY2(m_workbench->summaryText().contains(QStringLiteral("nobody-by-this-name")),
                 qPrintable(m_workbench->summaryText()));
        QCOMPARE(m_workbench->statementTable()->model()->rowCount(), lines);
        // The OAuth id and the username investigate the same user as the id did.
        for (const QString& typed : {oauthId, username}) {
            m_workbench->setQuery(typed, m_first, m_last);
            QVERIFY(investigate());
            QCOMPARE(m_case.findings().query.userId, m_user);
            QCOMPARE(m_workbench->statementTable()->model()->rowCount(), lines);
            QVERIFY2(m_workbench->summaryText().contains(QStringLiteral("User %1:").arg(expected.alias())),
                     qPrintable(m_workbench->summaryText()));
        }

        // Typing a prefix of the username: the completer offers the user, and choosing it puts its alias in.
        QLineEdit* field = m_workbench->userField();
        field->clear();
        m_workbench->activateWindow(); // the popup shows for the field with the focus
        QVERIFY(QTest::qWaitForWindowActive(m_workbench));
        field->setFocus();
        QTRY_VERIFY(field->hasFocus());
        QTest::keyClicks(field, username.left(4));
        QAbstractItemModel* offered = m_workbench->userCompleter()->model();
        const auto offeredRow = [&] {
            for (int r = 0; r < offered->rowCount(); ++r)
                if (offered->index(r, 0).data(Qt::UserRole).toString() == expected.alias())
                    return r;
            return -1;
        };
        QTRY_VERIFY_WITH_TIMEOUT(offeredRow() >= 0, 30000);
        QCOMPARE(offered->index(offeredRow(), 0).data().toString(), expected.label());
        QTRY_VERIFY(m_workbench->userCompleter()->popup()->isVisible());
        QVERIFY(!saveScreenshot(m_workbench, QStringLiteral("dispute-user-field.png")).isEmpty());
        QVERIFY(!saveScreenshot(m_workbench->userCompleter()->popup(),
                                QStringLiteral("dispute-user-completion.png"))
                     .isEmpty());
        // Below the field, as wide as its lines.
        QAbstractItemView* popup = m_workbench->userCompleter()->popup();
        const QPoint below = field->mapToGlobal(QPoint(0, field->height()));
        QVERIFY2(std::abs(popup->geometry().left() - below.x()) <= 2 &&
                     std::abs(popup->geometry().top() - below.y()) <= 4,
                 qPrintable(QStringLiteral("%1,%2 vs %3,%4")
                                .arg(popup->geometry().left())
                                .arg(popup->geometry().top())
                                .arg(below.x())
                                .arg(below.y())));
        QVERIFY(popup->width() >= field->width());
        // Choosing the user's line puts its alias in the field.
        popup->setCurrentIndex(popup->model()->index(offeredRow(), 0));
        QTest::keyClick(popup, Qt::Key_Tab); // chooses without Investigate (Return would investigate too)
        QTRY_COMPARE(field->text(), expected.alias());
        m_workbench->userCompleter()->popup()->hide();
        m_workbench->setQuery(m_user, m_first, m_last);
        QVERIFY(investigate());
        QCOMPARE(m_case.findings().query.userId, m_user);
    }

    void verifyEveryObject() {
        m_workbench->objectTable()->clearSelection();
        m_workbench->verifySelected();
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (const CoveringObject& o : objects()->objects())
                    if (objects()->verification(o.key).check != CoveringObjectModel::Check::Passed)
                        return false;
                return true;
            }(),
            60000);
        m_workbench->selectObject(1);
        QVERIFY2(m_workbench->objectPanel()->text().contains(QStringLiteral("Verified")),
                 qPrintable(m_workbench->objectPanel()->text()));
    }

    void restoreShowsProgressAndTheRows() {
        m_workbench->objectTable()->clearSelection();
        QSignalSpy finished(m_workbench, &DisputeWorkbench::restoreFinished);
        QSignalSpy rows(m_workbench, &DisputeWorkbench::rowsShown);
        m_workbench->restoreSelected();
        QVERIFY(m_case.isRestoring());
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY(rows.wait(60000));
        QCOMPARE(m_workbench->restoreProgress()->value(), m_workbench->restoreProgress()->maximum());
        qint64 userRows = 0;
        for (const CoveringObject& o : objects()->objects()) {
            userRows += o.user.rows;
            QCOMPARE(objects()->isRestored(o.key), o.user.rows > 0);
        }
        QCOMPARE(qint64(m_workbench->rowTable()->model()->rowCount()), userRows + 1);
        QVERIFY2(m_workbench->rowTotalsText().contains(QStringLiteral("1 online")),
                 qPrintable(m_workbench->rowTotalsText()));
        m_workbench->selectObject(1);
        QVERIFY(!saveScreenshot(m_workbench, QStringLiteral("dispute-restored.png")).isEmpty());
    }

    void filterAndExport() {
        const int all = m_workbench->rowTable()->model()->rowCount();
        m_workbench->rowFilter()->setText(QStringLiteral("12.34"));
        QVERIFY(m_workbench->rowTable()->model()->rowCount() >= 1);
        QVERIFY(m_workbench->rowTable()->model()->rowCount() < all);
        m_workbench->rowFilter()->clear();
        QCOMPARE(m_workbench->rowTable()->model()->rowCount(), all);
        const QString csv = m_dir.filePath(QStringLiteral("rows.csv"));
        QVERIFY(m_workbench->exportRows(csv));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll().count('\n'), all + 1);
        QVERIFY(!m_workbench->exportRows(m_dir.filePath(QStringLiteral("no/such/folder/rows.csv"))));
        QVERIFY(m_workbench->rowTotalsText().contains(QStringLiteral("cannot write")));
    }

    void aCancelledRestoreLeavesNoFile() {
        const QString other = m_dir.filePath(QStringLiteral("cancelled.sqlite"));
        m_case.setRestoreFile(other);
        QSignalSpy finished(m_workbench, &DisputeWorkbench::restoreFinished);
        m_workbench->objectTable()->clearSelection();
        m_workbench->restoreSelected();
        m_workbench->cancelRestore();
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY2(m_workbench->restoreStatusText().contains(QStringLiteral("cancelled")),
                 qPrintable(m_workbench->restoreStatusText()));
        QVERIFY(!QFile::exists(other));
        m_case.setRestoreFile(m_dir.filePath(QStringLiteral("restore.sqlite")));
    }

    // The default restore file is in the console's own disputes folder: one an older version left 0755 is
    // made 0700 by the restore, and the file is 0600.
    void theDefaultRestoreFileIsPrivate() {
        qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("xdg"))));
        m_case.setRestoreFile(QString());
        const QString file = m_case.restoreFile();
        // The README's folder: ~/.local/share/Tidemark/disputes (the XDG data home's), not Tidemark/Tidemark.
        const QString folder = QFileInfo(file).absolutePath();
        QCOMPARE(folder, m_dir.filePath(QStringLiteral("xdg/Tidemark/disputes")));
        QCOMPARE(DisputeCase::disputesFolder(), folder);
        QVERIFY2(QFileInfo(file).fileName().startsWith(QStringLiteral("kudos-")), qPrintable(file));
        QVERIFY(QDir().mkpath(folder));
        QCOMPARE(::chmod(QFile::encodeName(folder).constData(), 0755), 0);
        QSignalSpy finished(&m_case, &DisputeCase::restored);
        QSignalSpy failed(&m_case, &DisputeCase::restoreFailed);
        QSignalSpy loaded(&m_case, &DisputeCase::rowsLoaded);
        m_case.restore({objects()->objects()[0].key});
        QTRY_VERIFY_WITH_TIMEOUT(finished.size() + failed.size() > 0, 60000);
        QVERIFY(failed.isEmpty());
        QVERIFY(!finished.first().first().value<archive::ArchiveRestoreReport>().cancelled);
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(),
                                 60000); // the reload may be done while the restore is awaited
        const auto mode = [](const QString& path) {
            struct stat st {};
            return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? (st.st_mode & 07777) : 07777u;
        };
        QCOMPARE(mode(folder), 0700u);
        QCOMPARE(mode(file), 0600u);
        qunsetenv("XDG_DATA_HOME");
        m_case.setRestoreFile(m_dir.filePath(QStringLiteral("restore.sqlite")));
        m_case.loadRows();
        QVERIFY(loaded.wait(60000));
    }

    // Before any drill every listed object says never; drilling them all records a passed drill of each
    // (column, coverage, kudos_archive_drills). A daily statement line of a drilled day changed behind the
    // archive's back: that object's drill fails, and the panel names the user and the day.
    void drillShowsWhenEachObjectWasProven() {
        auto db = test::openKudos(m_conninfo);
        const int listed = objects()->rowCount();
        QVERIFY(listed > 0);
        const int catalog =
            int(db->exec(QStringLiteral("SELECT count(DISTINCT archive_key) FROM "
                                        "kudos_retention_catalog WHERE archive_key IS NOT NULL"))
                    .toLong(0, 0));
        QVERIFY2(m_workbench->coverageText().contains(QStringLiteral("Drills: 0 of %1").arg(catalog)),
                 qPrintable(m_workbench->coverageText()));
        QVERIFY2(m_workbench->coverageText().contains(QStringLiteral("%1 not proven").arg(catalog)),
                 qPrintable(m_workbench->coverageText()));
        for (int row = 0; row < listed; ++row)
            QCOMPARE(drillText(row), QStringLiteral("never"));
        QVERIFY(m_workbench->drillButton()->toolTip().contains(QStringLiteral("sample of 10")));

        m_workbench->objectTable()->selectAll();
        const std::optional<ArchiveDrillReport> all = clickDrill();
        QVERIFY(all);
        QVERIFY2(all->ok(), qPrintable(m_workbench->restoreStatusText()));
        QCOMPARE(int(all->results.size()), listed);
        QVERIFY2(m_workbench->restoreStatusText().contains(QStringLiteral("all passed")),
                 qPrintable(m_workbench->restoreStatusText()));
        for (int row = 0; row < listed; ++row) {
            QVERIFY2(drillText(row).startsWith(QStringLiteral("passed 20")), qPrintable(drillText(row)));
            QCOMPARE(objects()
                         ->index(row, CoveringObjectModel::DrillColumn)
                         .data(CoveringObjectModel::ToneRole)
                         .toInt(),
                     int(CoveringObjectModel::Tone::Good));
            const QString key = objects()->objects()[std::size_t(row)].key;
            QCOMPARE(
                db->exec(QStringLiteral("SELECT count(*) FROM kudos_archive_drills WHERE archive_key = $1 "
                                        "AND result = 'passed'"),
                         {key})
                    .toLong(0, 0),
                1LL);
        }
        QVERIFY2(
            m_workbench->coverageText().contains(QStringLiteral("Drills: %1 of %2").arg(listed).arg(catalog)),
            qPrintable(m_workbench->coverageText()));
        QVERIFY2(m_workbench->coverageText().contains(QStringLiteral("last passed 20")),
                 qPrintable(m_workbench->coverageText()));
        QCOMPARE(m_case.drillCoverage().provenWithin, listed);
        QCOMPARE(m_workbench->restoreProgress()->value(), m_workbench->restoreProgress()->maximum());

        // One of the user's daily statement lines in an object with the user's rows, one cent off.
        int victim = -1;
        for (int row = 0; row < listed && victim < 0; ++row)
            if (objects()->objects()[std::size_t(row)].user.rows > 0)
                victim = row;
        QVERIFY(victim >= 0);
        const CoveringObject object = objects()->objects()[std::size_t(victim)];
        const test::StatementLineOffByACent offLine(*db, m_user, object.manifest->createdFrom,
                                                    object.manifest->createdTo);

        m_workbench->selectObject(victim);
        const std::optional<ArchiveDrillReport> one = clickDrill();
        QVERIFY(one);
        QCOMPARE(int(one->results.size()), 1);
        QCOMPARE(one->failed(), 1);
        QVERIFY2(drillText(victim).startsWith(QStringLiteral("failed 20")), qPrintable(drillText(victim)));
        const QModelIndex cell = objects()->index(victim, CoveringObjectModel::DrillColumn);
        QCOMPARE(cell.data(CoveringObjectModel::ToneRole).toInt(), int(CoveringObjectModel::Tone::Bad));
        QVERIFY2(cell.data(Qt::ToolTipRole).toString().contains(offLine.day()),
                 qPrintable(cell.data(Qt::ToolTipRole).toString()));
        for (int row = 0; row < listed; ++row)
            if (row != victim)
                QVERIFY2(drillText(row).startsWith(QStringLiteral("passed 20")), qPrintable(drillText(row)));
        const QString panel = m_workbench->objectPanel()->text();
        QVERIFY2(panel.contains(QStringLiteral("Last drill FAILED")), qPrintable(panel));
        QVERIFY2(panel.contains(QStringLiteral("user %1 ").arg(m_user)) && panel.contains(offLine.day()),
                 qPrintable(panel));
        QVERIFY2(m_workbench->restoreStatusText().contains(object.key),
                 qPrintable(m_workbench->restoreStatusText()));
        QCOMPARE(
            db->exec(QStringLiteral("SELECT result FROM kudos_archive_drills WHERE archive_key = $1 ORDER BY "
                                    "drilled_at DESC, id DESC LIMIT 1"),
                     {object.key})
                .text(0, 0),
            QStringLiteral("failed"));
        // A failed latest drill un-proves its object, whatever passed before.
        QTRY_VERIFY2_WITH_TIMEOUT(m_workbench->coverageText().contains(
                                      QStringLiteral("Drills: %1 of %2").arg(listed - 1).arg(catalog)),
                                  qPrintable(m_workbench->coverageText()), 30000);
        QVERIFY(!saveScreenshot(m_workbench, QStringLiteral("disputes-drill.png")).isEmpty());
    }

    // A flipped byte: verification fails with the problems beside the manifest, the restore is refused and
    // the rows stay as they were.
    void aCorruptObjectIsRefused() {
        const CoveringObject& victim = objects()->objects()[1];
        test::flipMiddleByte(m_dir.filePath(QStringLiteral("archive/") + victim.key));

        const int rowsBefore = m_workbench->rowTable()->model()->rowCount();
        m_case.setRestoreFile(m_dir.filePath(QStringLiteral("second.sqlite")));
        m_workbench->selectObject(1);
        m_workbench->verifySelected();
        QTRY_COMPARE_WITH_TIMEOUT(objects()->verification(victim.key).check,
                                  CoveringObjectModel::Check::Failed, 60000);
        QVERIFY2(m_workbench->objectPanel()->text().contains(QStringLiteral("FAILED")),
                 qPrintable(m_workbench->objectPanel()->text()));
        QVERIFY2(m_workbench->objectPanel()->text().contains(QStringLiteral("sha256 differs")),
                 qPrintable(m_workbench->objectPanel()->text()));
        QSignalSpy finished(m_workbench, &DisputeWorkbench::restoreFinished);
        QSignalSpy reread(m_workbench, &DisputeWorkbench::rowsShown);
        m_workbench->restoreSelected();
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY2(m_workbench->restoreStatusText().contains(QStringLiteral("failed verification")),
                 qPrintable(m_workbench->restoreStatusText()));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("second.sqlite"))));
        // The rows are read again from the restore file (what a failure left in it), and the line names the
        // objects holding the user's rows that are not there.
        QVERIFY(reread.size() > 0 || reread.wait(60000));
        QVERIFY2(m_workbench->restoreStatusText().contains(QStringLiteral("Not restored")) &&
                     m_workbench->restoreStatusText().contains(victim.key.section(QLatin1Char('/'), -1)),
                 qPrintable(m_workbench->restoreStatusText()));
        // The earlier restore file is as it was.
        m_case.setRestoreFile(m_dir.filePath(QStringLiteral("restore.sqlite")));
        QSignalSpy rows(m_workbench, &DisputeWorkbench::rowsShown);
        m_case.loadRows();
        QVERIFY(rows.wait(60000));
        QCOMPARE(m_workbench->rowTable()->model()->rowCount(), rowsBefore);
        QVERIFY(!saveScreenshot(m_workbench, QStringLiteral("dispute-verification-failed.png")).isEmpty());
    }

    void anUnreachableArchiveStillShowsTheStatement() {
        const QString plainFile = m_dir.filePath(QStringLiteral("not-a-folder"));
        QFile file(plainFile);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QSignalSpy loaded(&m_dataset, &KudosDataset::loaded);
        m_dataset.setConnection(m_conninfo, QStringLiteral("file://") + plainFile,
                                QStringLiteral("kudosui_disputes"));
        QVERIFY(loaded.wait(60000));
        // The new source cleared the investigation; its archive cannot be listed, and the list says why.
        QCOMPARE(m_case.listing(), DisputeCase::Listing::None);
        QTRY_VERIFY2_WITH_TIMEOUT(
            m_workbench->objectsCaptionText().contains(QStringLiteral("could not be listed")),
            qPrintable(m_workbench->objectsCaptionText()), 60000);
        QCOMPARE(m_workbench->objectTable()->model()->rowCount(), 0);
        QVERIFY(investigate());
        QVERIFY(m_workbench->statementTable()->model()->rowCount() > 5);
        QCOMPARE(m_workbench->objectTable()->model()->rowCount(), 0);
        QVERIFY2(m_workbench->summaryText().contains(QStringLiteral("could not be read")),
                 qPrintable(m_workbench->summaryText()));
    }
};

QTEST_MAIN(TestDisputeWorkbench)
#include "test_disputeworkbench.moc"
