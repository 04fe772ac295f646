#include "disputecase.h"

#include "archiveverifyjob.h"
#include "coveringobjectmodel.h"
#include "disputeloader.h"
#include "disputerowsloader.h"
#include "disputerowsmodel.h"
#include "drillresultmodel.h"
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
    : DatasetBase(dataset->tasks(), parent), m_dataset(dataset), m_statement(new StatementModel(this)),
      m_objects(new CoveringObjectModel(this)), m_rows(new DisputeRowsModel(this)),
      m_drillResults(new DrillResultModel(this)) {
    // The case reads the kudos connection and its archive: another one is another source.
    connect(m_dataset, &KudosDataset::connectionChanged, this,
            [this] { changeSource(m_dataset->sourceName()); });
    connect(m_dataset, &KudosDataset::loaded, this, [this] {
        if (!m_hasFindings && !m_investigateSlot.busy())
            listArchive();
    });
}

void DisputeCase::taskProgressed(int taskId, const TaskProgress& progress) {
    if (holds(m_restoreSlot, taskId))
        emit restoreProgressed(progress);
    else if (holds(m_drillSlot, taskId))
        emit drillProgressed(progress);
}

void DisputeCase::clearModels() {
    ++m_investigation;
    m_findings = {};
    m_hasFindings = false;
    m_listing = Listing::None;
    m_archiveProblem.clear();
    m_statement->setLines({});
    m_objects->setObjects({});
    m_objects->setRestoredKeys({});
    m_verifications.clear();
    m_drillResults->clear();
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
        tr("Investigate user %1's kudos on %2").arg(query.userId).arg(m_dataset->sourceName()),
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
    startInvestigation(tr("Investigate user %1's kudos on %2").arg(user.trimmed(), m_dataset->sourceName()),
                       [loader = loader(), user, from, to](TaskFeedback& feedback) {
                           return loader.load(user, from, to, feedback);
                       });
}

void DisputeCase::startInvestigation(const QString& title,
                                     std::function<DisputeFindings(TaskFeedback&)> work) {
    const int investigation = ++m_investigation;
    cancel(m_archiveSlot); // the investigation's objects replace the archive's
    emit investigating();
    Task<DisputeFindings> task;
    task.title = title;
    task.work = std::move(work);
    task.summarize = [](const DisputeFindings& f) {
        return tr("%Ln statement line(s)", "", int(f.statement.size())) +
               tr(", %Ln archive object(s)", "", int(f.objects.size()));
    };
    run<DisputeFindings>(
        std::move(task), m_investigateSlot,
        [this, investigation](const DisputeFindings& findings) {
            if (investigation != m_investigation)
                return;
            m_findings = findings;
            m_hasFindings = true;
            m_listing = Listing::Investigation;
            m_archiveProblem = findings.archiveProblem;
            m_statement->setLines(findings.statement);
            showObjects(findings.objects);
            emit investigated();
            loadRows();
        },
        [this, investigation](const Error& error) {
            if (investigation == m_investigation)
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
    run<std::vector<KudosUser>>(
        std::move(task), m_completionSlot,
        [this, completion, prefix](const std::vector<KudosUser>& users) {
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
    setVerification(key, checking);
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
    const int investigation = m_investigation;
    const Micros checkedAt = m_dataset->now();
    run<archive::ArchiveVerifyReport>(
        std::move(task),
        [this, investigation, key, checkedAt](const archive::ArchiveVerifyReport& report) {
            if (investigation != m_investigation)
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
            setVerification(key, v);
            emit verified(key);
        },
        [this, investigation, key](const Error& error) {
            if (investigation != m_investigation)
                return;
            CoveringObjectModel::Verification v;
            v.check = CoveringObjectModel::Check::Failed;
            v.problems = {error.message()};
            setVerification(key, v);
            emit verified(key);
        });
}

void DisputeCase::restore(const QStringList& keys) {
    if (keys.isEmpty() || m_restoreSlot.busy())
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
    const int investigation = m_investigation;
    run<archive::ArchiveRestoreReport>(
        std::move(task), m_restoreSlot,
        [this, investigation](const archive::ArchiveRestoreReport& report) {
            recordRestoreVerifications(report);
            // The objects holding the user's rows left out, unless another investigation came since.
            const QStringList notThere = investigation == m_investigation ? notRestoredKeys() : QStringList();
            emit restored(report, restoreSummary(report, notThere));
            if (investigation == m_investigation && !report.restored.empty())
                loadRows();
        },
        [this, investigation](const Error& error) {
            emit restoreFailed(error);
            if (investigation == m_investigation)
                loadRows(); // the objects before the failed one are committed
        });
}

// "2 object(s) restored into FILE (12 row(s)): A, B. Not restored, though they hold the user's rows: C."
// `notThere`: the objects holding the user's rows that were not in the restore file before it.
QString DisputeCase::restoreSummary(const archive::ArchiveRestoreReport& report,
                                    const QStringList& notThere) const {
    QStringList restoredKeys;
    for (const archive::RestoreResult& result : report.restored)
        restoredKeys.append(result.objectKey);
    QString summary;
    if (report.cancelled) {
        summary =
            tr("Restore cancelled: %Ln object(s) restored before it (%1 row(s)); the object in progress "
               "left the restore file as it was.",
               "", int(report.restored.size()))
                .arg(report.rows());
        if (!restoredKeys.isEmpty())
            summary += tr(" Restored: %1.").arg(objectNames(restoredKeys));
    } else {
        summary = tr("%Ln object(s) restored into %1", "", int(restoredKeys.size())).arg(restoreFile()) +
                  tr(" (%Ln row(s))", "", int(report.rows())) + QStringLiteral(": ") +
                  objectNames(restoredKeys) + QLatin1Char('.');
    }
    if (const int already = report.alreadyRestored())
        summary += tr(" %Ln of them were already there.", "", already);
    QStringList left;
    for (const QString& key : notThere)
        if (!restoredKeys.contains(key))
            left.append(key);
    if (!left.isEmpty())
        summary += tr(" Not restored, though they hold the user's rows: %1.").arg(objectNames(left));
    return summary;
}

void DisputeCase::recordRestoreVerifications(const archive::ArchiveRestoreReport& report) {
    for (const archive::RestoreResult& result : report.restored) {
        CoveringObjectModel::Verification v;
        v.check = CoveringObjectModel::Check::Passed;
        v.by = CoveringObjectModel::Checker::Restore;
        v.rows = result.manifest.rowCount;
        v.checkedAt = result.verifiedAt;
        setVerification(result.objectKey, v);
    }
}

void DisputeCase::recordDrillVerifications(const ArchiveDrillReport& report) {
    for (const ArchiveDrillResult& result : report.results) {
        if (!result.verified)
            continue; // it did not get to read the object back
        CoveringObjectModel::Verification v;
        v.check = *result.verified ? CoveringObjectModel::Check::Passed : CoveringObjectModel::Check::Failed;
        v.by = CoveringObjectModel::Checker::Drill;
        v.rows = result.record.rows;
        v.checkedAt = result.record.drilledAt;
        if (!*result.verified)
            v.problems = result.record.problemMessages();
        setVerification(result.record.archiveKey, v);
    }
}

void DisputeCase::setVerification(const QString& key, const CoveringObjectModel::Verification& verification) {
    m_verifications.insert(key, verification);
    if (m_objects->object(key))
        m_objects->setVerification(key, verification);
    emit verificationChanged(key);
}

QStringList DisputeCase::holdingKeys() const {
    QStringList keys;
    for (const CoveringObject& object : m_objects->objects())
        if (object.manifest && object.user.rows > 0)
            keys.append(object.key);
    return keys;
}

QStringList DisputeCase::notRestoredKeys() const {
    QStringList keys;
    for (const QString& key : holdingKeys())
        if (!m_objects->isRestored(key))
            keys.append(key);
    return keys;
}

QString DisputeCase::objectNames(const QStringList& keys) {
    QStringList names;
    for (const QString& key : keys)
        names.append(key.section(QLatin1Char('/'), -1));
    return names.join(QStringLiteral(", "));
}

void DisputeCase::cancelRestore() {
    cancel(m_restoreSlot);
}

DisputeLoader DisputeCase::loader() const {
    return DisputeLoader(m_dataset->conninfo(), m_dataset->archiveUrl(),
                         m_dataset->settings().drillMaxAgeDays);
}

void DisputeCase::drill(const QStringList& keys) {
    drillObjects(keys, drillSample());
}

void DisputeCase::drillAll() {
    drillObjects({}, ArchiveDrillRequest::kAllObjects);
}

void DisputeCase::drillObjects(const QStringList& keys, int sample) {
    if (m_drillSlot.busy())
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
    request.sample = sample;
    Task<ArchiveDrillReport> task;
    task.title =
        !keys.isEmpty()
            ? tr("Drill %Ln archive object(s) of %1", "", int(keys.size())).arg(m_dataset->sourceName())
        : sample < 0
            ? tr("Drill every archive object of %1").arg(m_dataset->sourceName())
            : tr("Drill a sample of %Ln archive object(s) of %1", "", sample).arg(m_dataset->sourceName());
    task.pausable = true;
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) { return ArchiveDrillJob::run(request, feedback); };
    task.summarize = [](const ArchiveDrillReport& r) {
        return r.failed() ? tr("%Ln object(s) failed", "", r.failed()) : tr("%Ln passed", "", r.passed());
    };
    run<ArchiveDrillReport>(
        std::move(task), m_drillSlot,
        [this](const ArchiveDrillReport& report) {
            for (const ArchiveDrillResult& result : report.results)
                m_objects->setDrill(result.record.archiveKey, result.record);
            m_drillResults->setResults(report.results);
            recordDrillVerifications(report);
            emit drilled(report, drillSummary(report));
            loadDrills();
        },
        [this](const Error& error) {
            emit drillFailed(error);
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
    cancel(m_drillSlot);
}

void DisputeCase::pauseDrill() {
    pause(m_drillSlot);
}

void DisputeCase::resumeDrill() {
    resume(m_drillSlot);
}

void DisputeCase::loadDrills() {
    if (!m_dataset->isConnected())
        return;
    Task<DisputeDrills> task;
    task.title = tr("Read the restore drills of %1").arg(m_dataset->sourceName());
    task.work = [loader = loader()](TaskFeedback& feedback) { return loader.loadDrills(feedback); };
    task.summarize = [](const DisputeDrills& drills) {
        return tr("%1 of %Ln object(s) proven", "", drills.coverage.objects)
            .arg(drills.coverage.provenWithin);
    };
    run<DisputeDrills>(
        std::move(task), m_drillsSlot, [this](const DisputeDrills& drills) { showDrills(drills); },
        [this](const Error& error) { emit loadFailed(error); });
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
    // Rows read for an investigation that a newer one (perhaps of another user) replaced are dropped.
    const int investigation = m_investigation;
    run<DisputeRows>(
        std::move(task), m_rowsSlot,
        [this, investigation](const DisputeRows& rows) {
            if (investigation != m_investigation)
                return;
            m_objects->setRestoredKeys(QSet<QString>(rows.restoredKeys.cbegin(), rows.restoredKeys.cend()));
            m_rows->setRows(rows);
            emit rowsLoaded();
        },
        [this, investigation](const Error& error) {
            if (investigation == m_investigation)
                emit loadFailed(error);
        });
}

qint64 DisputeCase::exportCsv(const QString& path) const {
    return m_rows->writeCsv(path);
}

} // namespace tidemark::kudos
