#include "disputecase.h"

#include "archiveverifyjob.h"
#include "coveringobjectmodel.h"
#include "disputeloader.h"
#include "disputerowsloader.h"
#include "disputerowsmodel.h"
#include "kudosarchivelayout.h"
#include "kudosdataset.h"
#include "pgconnection.h"
#include "privatefiles.h"
#include "statementmodel.h"
#include "taskmanager.h"

#include <QCryptographicHash>
#include <QDir>
#include <QStandardPaths>
#include <unistd.h>

namespace tidemark::kudos {

namespace {

// The console's own disputes folder: created 0700 (its parents as the platform makes them) or, when an older
// version left it open to others, tightened to 0700 (never through a link).
void makePrivateFolder(const QString& folder) {
    QDir().mkpath(QFileInfo(folder).path());
    privatefiles::makeDir(folder);
    privatefiles::handOverDir(folder, ::geteuid(), ::getegid());
}
} // namespace

DisputeCase::DisputeCase(KudosDataset* dataset, QObject* parent)
    : QObject(parent), m_dataset(dataset), m_statement(new StatementModel(this)),
      m_objects(new CoveringObjectModel(this)), m_rows(new DisputeRowsModel(this)) {
    connect(m_dataset, &KudosDataset::connectionChanged, this, &DisputeCase::clear);
    if (m_dataset->tasks())
        connect(m_dataset->tasks(), &TaskManager::progressed, this,
                [this](int taskId, const TaskProgress& progress) {
                    if (taskId == 0)
                        return;
                    if (taskId == m_restoreTask)
                        emit restoreProgressed(progress);
                    else if (taskId == m_drillTask)
                        emit drillProgressed(progress);
                });
}

DisputeCase::~DisputeCase() {
    cancelRestore();
    cancelDrill();
}

void DisputeCase::clear() {
    ++m_generation;
    ++m_connection;
    cancelRestore();
    cancelDrill();
    m_findings = {};
    m_hasFindings = false;
    m_statement->setLines({});
    m_objects->setObjects({});
    m_objects->setRestoredKeys({});
    m_rows->clear();
    m_completedPrefix.clear();
    m_completed.clear();
    m_completedAll = false;
}

QString DisputeCase::restoreFile() const {
    if (!m_restoreFile.isEmpty())
        return m_restoreFile;
    const QByteArray tag =
        QCryptographicHash::hash(m_dataset->archiveUrl().toUtf8(), QCryptographicHash::Sha256)
            .toHex()
            .left(12);
    return QDir(disputesFolder()).filePath(QStringLiteral("kudos-%1.sqlite").arg(QString::fromLatin1(tag)));
}

QString DisputeCase::disputesFolder() {
    // ~/.local/share/Tidemark/disputes, beside the demo's folder (AppLocalDataLocation would add the
    // organisation and the application name, both "Tidemark": Tidemark/Tidemark/disputes).
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/Tidemark/disputes");
}

void DisputeCase::setRestoreFile(const QString& path) {
    m_restoreFile = path;
}

bool DisputeCase::canInvestigate(const std::function<void()>& validate) {
    try {
        validate();
    } catch (const Error& e) {
        emit loadFailed(e);
        return false;
    }
    if (!m_dataset->isConnected()) {
        emit loadFailed(Error(Error::Kind::Connection, tr("Connect to the kudos database first.")));
        return false;
    }
    return true;
}

void DisputeCase::investigate(const DisputeQuery& query) {
    if (!canInvestigate([&] { DisputeLoader::validate(query); }))
        return;
    startInvestigation(
        tr("Investigate user %1's kudos on %2").arg(query.userId).arg(m_dataset->displayName()),
        [loader = loader(), query](TaskFeedback& feedback) { return loader.load(query, feedback); });
}

void DisputeCase::investigate(const QString& user, Micros from, Micros to) {
    if (!canInvestigate([&] {
            DisputeLoader::validate({0, from, to});
            if (user.trimmed().isEmpty())
                throw Error(Error::Kind::Usage,
                            tr("Type the dispute's user: a user id, a username or an OAuth id."));
        }))
        return;
    startInvestigation(tr("Investigate user %1's kudos on %2").arg(user.trimmed(), m_dataset->displayName()),
                       [loader = loader(), user, from, to](TaskFeedback& feedback) {
                           return loader.load(user, from, to, feedback);
                       });
}

void DisputeCase::startInvestigation(const QString& title,
                                     std::function<DisputeFindings(TaskFeedback&)> work) {
    const int generation = ++m_generation;
    emit investigating();
    Task<DisputeFindings> task;
    task.title = title;
    task.work = std::move(work);
    task.summarize = [](const DisputeFindings& f) {
        return tr("%Ln statement line(s)", "", int(f.statement.size())) +
               tr(", %Ln archive object(s)", "", int(f.objects.size()));
    };
    m_dataset->tasks()->start<DisputeFindings>(
        std::move(task), this,
        [this, generation](const DisputeFindings& findings) {
            if (generation != m_generation)
                return;
            m_findings = findings;
            m_hasFindings = true;
            m_statement->setLines(findings.statement);
            m_objects->setObjects(findings.objects);
            emit investigated();
            loadRows();
        },
        [this, generation](const Error& error) {
            if (generation == m_generation)
                emit loadFailed(error);
        });
}

void DisputeCase::completeUsers(const QString& typed) {
    const QString prefix = typed.trimmed();
    const int completion = ++m_completion;
    if (prefix.isEmpty() || !m_dataset->isConnected()) {
        emit usersCompleted(prefix, {});
        return;
    }
    // Every completion of a longer prefix is among a whole list of a shorter one.
    if (m_completedAll && !m_completedPrefix.isEmpty() &&
        prefix.startsWith(m_completedPrefix, Qt::CaseInsensitive)) {
        std::vector<KudosUser> users;
        for (const KudosUser& user : m_completed)
            if (KudosUserLookup::matches(user, prefix))
                users.push_back(user);
        emit usersCompleted(prefix, users);
        return;
    }
    Task<std::vector<KudosUser>> task;
    task.title = tr("Find kudos users starting with %1").arg(prefix);
    task.work = [conninfo = m_dataset->conninfo(), prefix](TaskFeedback&) {
        auto db = PgConnection::open(conninfo, QStringLiteral("tidemark dispute"));
        return KudosUserLookup(*db).complete(prefix);
    };
    task.summarize = [](const std::vector<KudosUser>& users) {
        return tr("%Ln user(s)", "", int(users.size()));
    };
    const int connection = m_connection;
    m_dataset->tasks()->start<std::vector<KudosUser>>(
        std::move(task), this,
        [this, connection, completion, prefix](const std::vector<KudosUser>& users) {
            if (connection != m_connection)
                return;
            m_completedPrefix = prefix;
            m_completed = users;
            m_completedAll = users.size() < std::size_t(KudosUserLookup::kCompletionLimit);
            if (completion == m_completion)
                emit usersCompleted(prefix, users);
        },
        [](const Error&) {}); // a completion that failed offers nothing; Investigate names the problem
}

void DisputeCase::verify(const QString& key) {
    if (!m_objects->object(key))
        return;
    CoveringObjectModel::Verification checking;
    checking.check = CoveringObjectModel::Check::Checking;
    m_objects->setVerification(key, checking);
    archive::ArchiveVerifyRequest request;
    request.archiveUrl = m_dataset->archiveUrl();
    request.layout = kudosArchiveLayout();
    request.limits = m_readLimits;
    request.keys = {key};
    request.conninfo = m_dataset->conninfo(); // the job checks whether the partition is still online
    Task<archive::ArchiveVerifyReport> task;
    task.title = tr("Verify archive object %1").arg(key);
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) {
        return archive::ArchiveVerifyJob::run(request, feedback);
    };
    task.summarize = [](const archive::ArchiveVerifyReport& r) {
        if (r.cancelled)
            return tr("cancelled");
        return r.ok() ? tr("verified")
                      : tr("%Ln problem(s)", "",
                           int(r.objects.empty() ? 0 : r.objects.front().result.problems.size()));
    };
    const int generation = m_generation;
    const Micros checkedAt = m_dataset->now();
    m_dataset->tasks()->start<archive::ArchiveVerifyReport>(
        std::move(task), this,
        [this, generation, key, checkedAt](const archive::ArchiveVerifyReport& report) {
            if (generation != m_generation)
                return;
            CoveringObjectModel::Verification v;
            if (!report.objects.empty() && !report.objects.front().result.cancelled) {
                const archive::ArchiveObjectCheck& check = report.objects.front();
                v.check =
                    check.result.ok ? CoveringObjectModel::Check::Passed : CoveringObjectModel::Check::Failed;
                v.problems = check.result.problems;
                v.rows = check.result.rows;
                v.checkedAt = checkedAt;
                v.online = check.onlineChecked;
            }
            m_objects->setVerification(key, v);
            emit verified(key);
        },
        [this, generation, key](const Error& error) {
            if (generation != m_generation)
                return;
            CoveringObjectModel::Verification v;
            v.check = CoveringObjectModel::Check::Failed;
            v.problems = {error.message()};
            m_objects->setVerification(key, v);
            emit verified(key);
        });
}

void DisputeCase::restore(const QStringList& keys) {
    if (keys.isEmpty() || m_restoreTask)
        return;
    const QString file = restoreFile();
    if (m_restoreFile.isEmpty()) {
        try {
            makePrivateFolder(QFileInfo(file).absolutePath());
        } catch (const Error& error) {
            emit restoreFailed(error);
            return;
        }
    }
    archive::ArchiveRestoreRequest request;
    request.archiveUrl = m_dataset->archiveUrl();
    request.layout = kudosArchiveLayout();
    request.limits = m_readLimits;
    request.keys = keys;
    request.target = archive::ArchiveRestoreRequest::Target::SqliteFile;
    request.sqliteFile = file;
    Task<archive::ArchiveRestoreReport> task;
    task.title = tr("Restore %Ln archive object(s) into %1", "", int(keys.size())).arg(file);
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) {
        return archive::ArchiveRestoreJob::run(request, feedback);
    };
    task.summarize = [](const archive::ArchiveRestoreReport& r) {
        return tr("%Ln row(s) restored", "", int(r.rows()));
    };
    const int generation = m_generation;
    m_restoreTask = m_dataset->tasks()->start<archive::ArchiveRestoreReport>(
        std::move(task), this,
        [this, generation](const archive::ArchiveRestoreReport& report) {
            m_restoreTask = 0;
            const int already = report.alreadyRestored();
            QString summary =
                report.cancelled
                    ? tr("Restore cancelled: %Ln object(s) restored before it (%1 row(s)); the object in "
                         "progress left the restore file as it was.",
                         "", int(report.restored.size()))
                          .arg(report.rows())
                    : tr("%Ln row(s) restored into %1", "", int(report.rows())).arg(restoreFile());
            if (already)
                summary += tr("; %Ln object(s) were already there", "", already);
            emit restored(report, summary);
            if (generation == m_generation && !report.restored.empty())
                loadRows();
        },
        [this](const Error& error) {
            m_restoreTask = 0;
            emit restoreFailed(error);
        });
}

void DisputeCase::cancelRestore() {
    if (m_restoreTask && m_dataset->tasks())
        m_dataset->tasks()->cancel(m_restoreTask);
}

DisputeLoader DisputeCase::loader() const {
    return DisputeLoader(m_dataset->conninfo(), m_dataset->archiveUrl(),
                         m_dataset->settings().drillMaxAgeDays);
}

void DisputeCase::drill(const QStringList& keys) {
    if (m_drillTask)
        return;
    if (!m_dataset->isConnected()) {
        emit drillFailed(Error(Error::Kind::Connection, tr("Connect to the kudos database first.")));
        return;
    }
    ArchiveDrillRequest request;
    request.conninfo = m_dataset->conninfo();
    request.archiveUrl = m_dataset->archiveUrl();
    request.settings = m_dataset->settings();
    request.settings.archiveReadLimits = m_readLimits; // as verify and restore read the objects
    request.keys = keys;
    request.sample = ArchiveDrillRequest::kDefaultSample;
    Task<ArchiveDrillReport> task;
    task.title =
        keys.isEmpty()
            ? tr("Drill a sample of %Ln archive object(s) of %1", "", ArchiveDrillRequest::kDefaultSample)
                  .arg(m_dataset->displayName())
            : tr("Drill %Ln archive object(s) of %1", "", int(keys.size())).arg(m_dataset->displayName());
    task.pausable = true;
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) { return ArchiveDrillJob::run(request, feedback); };
    task.summarize = [](const ArchiveDrillReport& r) {
        return r.failed() ? tr("%Ln object(s) failed", "", r.failed()) : tr("%Ln passed", "", r.passed());
    };
    const int connection = m_connection;
    m_drillTask = m_dataset->tasks()->start<ArchiveDrillReport>(
        std::move(task), this,
        [this, connection](const ArchiveDrillReport& report) {
            m_drillTask = 0;
            if (connection == m_connection)
                for (const ArchiveDrillResult& result : report.results)
                    m_objects->setDrill(result.record.archiveKey, result.record);
            emit drilled(report, drillSummary(report));
            if (connection == m_connection)
                loadDrills();
        },
        [this, connection](const Error& error) {
            m_drillTask = 0;
            emit drillFailed(error);
            if (connection == m_connection)
                loadDrills();
        });
}

QString DisputeCase::drillSummary(const ArchiveDrillReport& report) {
    const int drilled = int(report.results.size());
    QString summary;
    if (report.cancelled)
        summary = tr("Drill cancelled at %1: %Ln object(s) drilled before it", "", drilled)
                      .arg(report.stoppedAt.isEmpty() ? tr("the start") : report.stoppedAt);
    else if (report.planned == 0)
        summary = tr("Nothing to drill: the catalog records no archive object");
    else
        summary = tr("%Ln object(s) drilled", "", drilled);
    if (drilled > 0)
        summary += report.failed() == 0
                       ? tr(": all passed (%Ln row(s) restored and compared)", "", int(report.rows()))
                       : tr(": %1 passed, %2 FAILED").arg(report.passed()).arg(report.failed());
    for (const ArchiveDrillResult& result : report.results) {
        if (result.record.passed)
            continue;
        const QStringList problems = result.record.problemMessages();
        summary += QStringLiteral("; ") + result.record.archiveKey +
                   (problems.isEmpty() ? QString() : QStringLiteral(": ") + problems.first());
    }
    for (const QString& warning : report.warnings)
        summary += QStringLiteral("; ") + warning;
    return summary + QLatin1Char('.');
}

void DisputeCase::cancelDrill() {
    if (m_drillTask && m_dataset->tasks())
        m_dataset->tasks()->cancel(m_drillTask);
}

void DisputeCase::pauseDrill() {
    if (m_drillTask)
        m_dataset->tasks()->pause(m_drillTask);
}

void DisputeCase::resumeDrill() {
    if (m_drillTask)
        m_dataset->tasks()->resume(m_drillTask);
}

void DisputeCase::loadDrills() {
    if (!m_dataset->isConnected())
        return;
    Task<DisputeDrills> task;
    task.title = tr("Read the restore drills of %1").arg(m_dataset->displayName());
    task.work = [loader = loader()](TaskFeedback& feedback) { return loader.loadDrills(feedback); };
    task.summarize = [](const DisputeDrills& drills) {
        return tr("%1 of %Ln object(s) proven", "", drills.coverage.objects)
            .arg(drills.coverage.provenWithin);
    };
    const int connection = m_connection;
    m_dataset->tasks()->start<DisputeDrills>(
        std::move(task), this,
        [this, connection](const DisputeDrills& drills) {
            if (connection == m_connection)
                showDrills(drills);
        },
        [this, connection](const Error& error) {
            if (connection == m_connection)
                emit loadFailed(error);
        });
}

void DisputeCase::showDrills(const DisputeDrills& drills) {
    for (const CoveringObject& object : m_objects->objects()) {
        const auto last = drills.last.find(object.key);
        if (last != drills.last.end())
            m_objects->setDrill(object.key, last->second);
    }
    for (CoveringObject& object : m_findings.objects) {
        const auto last = drills.last.find(object.key);
        if (last != drills.last.end())
            object.lastDrill = last->second;
    }
    m_findings.drillCoverage = drills.coverage;
    emit drillsLoaded();
}

void DisputeCase::loadRows() {
    if (!m_hasFindings)
        return;
    Task<DisputeRows> task;
    task.title = tr("Read user %1's kudos rows").arg(m_findings.query.userId);
    task.work = [loader = DisputeRowsLoader(restoreFile(), m_dataset->conninfo()),
                 query = m_findings.query](TaskFeedback& feedback) { return loader.load(query, feedback); };
    task.summarize = [](const DisputeRows& rows) { return tr("%Ln row(s)", "", int(rows.rows.size())); };
    const int generation = m_generation;
    m_dataset->tasks()->start<DisputeRows>(
        std::move(task), this,
        [this, generation](const DisputeRows& rows) {
            if (generation != m_generation)
                return;
            m_objects->setRestoredKeys(QSet<QString>(rows.restoredKeys.cbegin(), rows.restoredKeys.cend()));
            m_rows->setRows(rows);
            emit rowsLoaded();
        },
        [this, generation](const Error& error) {
            if (generation == m_generation)
                emit loadFailed(error);
        });
}

qint64 DisputeCase::exportCsv(const QString& path) const {
    return m_rows->writeCsv(path);
}

} // namespace tidemark::kudos
