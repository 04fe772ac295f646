#include "disputecase.h"

#include "archiveurl.h"
#include "archiveverifier.h"
#include "coveringobjectmodel.h"
#include "disputeloader.h"
#include "disputerowsloader.h"
#include "disputerowsmodel.h"
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
// Runs `work` for unit `index` of `count` with its progress scaled into that unit's share.
template <typename Work>
auto asUnit(TaskFeedback& feedback, int index, int count, const QString& label, Work&& work) {
    const TaskFeedback::Sink outer = feedback.sink();
    feedback.setSink([&outer, index, count, &label](const TaskProgress& inner) {
        if (!outer)
            return;
        TaskProgress p = TaskProgress::share((index + std::max(0.0, inner.fraction())) / count,
                                             QStringLiteral("%1 · %2").arg(label, inner.stage));
        p.rows = inner.rows;
        p.bytes = inner.bytes;
        outer(p);
    });
    struct Restore {
        TaskFeedback& feedback;
        TaskFeedback::Sink sink;
        ~Restore() { feedback.setSink(sink); }
    } restore{feedback, outer};
    return work();
}

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
}

DisputeCase::~DisputeCase() {
    cancelRestore();
}

void DisputeCase::clear() {
    ++m_generation;
    cancelRestore();
    m_findings = {};
    m_hasFindings = false;
    m_statement->setLines({});
    m_objects->setObjects({});
    m_objects->setRestoredKeys({});
    m_rows->clear();
}

QString DisputeCase::restoreFile() const {
    if (!m_restoreFile.isEmpty())
        return m_restoreFile;
    const QByteArray tag =
        QCryptographicHash::hash(m_dataset->archiveUrl().toUtf8(), QCryptographicHash::Sha256)
            .toHex()
            .left(12);
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation))
        .filePath(QStringLiteral("disputes/kudos-%1.sqlite").arg(QString::fromLatin1(tag)));
}

void DisputeCase::setRestoreFile(const QString& path) {
    m_restoreFile = path;
}

void DisputeCase::investigate(const DisputeQuery& query) {
    try {
        DisputeLoader::validate(query);
    } catch (const Error& e) {
        emit failed(e.message());
        return;
    }
    if (!m_dataset->isConnected()) {
        emit failed(tr("Connect to the kudos database first."));
        return;
    }
    const int generation = ++m_generation;
    emit investigating();
    Task<DisputeFindings> task;
    task.title = tr("Investigate user %1's kudos on %2").arg(query.userId).arg(m_dataset->displayName());
    task.work = [loader = DisputeLoader(m_dataset->conninfo(), m_dataset->archiveUrl()),
                 query](TaskFeedback& feedback) { return loader.load(query, &feedback); };
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
                emit failed(error.message());
        });
}

void DisputeCase::verify(const QString& key) {
    const CoveringObject* object = m_objects->object(key);
    if (!object)
        return;
    CoveringObjectModel::Verification checking;
    checking.check = CoveringObjectModel::Check::Checking;
    m_objects->setVerification(key, checking);
    Task<CoveringObjectModel::Verification> task;
    task.title = tr("Verify archive object %1").arg(key);
    task.work = [url = m_dataset->archiveUrl(), conninfo = m_dataset->conninfo(), key, limits = m_readLimits,
                 online = object->partitionOnline, checkedAt = m_dataset->now()](TaskFeedback& feedback) {
        auto store = archive::openArchiveStore(url);
        std::unique_ptr<PgConnection> db;
        if (online)
            db = PgConnection::open(conninfo, QStringLiteral("tidemark dispute verify"));
        const archive::VerifyResult r =
            archive::ArchiveVerifier(*store, limits).verify(key, db.get(), &feedback);
        CoveringObjectModel::Verification v;
        v.check = r.ok ? CoveringObjectModel::Check::Passed : CoveringObjectModel::Check::Failed;
        v.problems = r.problems;
        v.checkedAt = checkedAt;
        v.online = online;
        return v;
    };
    task.summarize = [](const CoveringObjectModel::Verification& v) {
        return v.check == CoveringObjectModel::Check::Passed
                   ? tr("verified")
                   : tr("%Ln problem(s)", "", int(v.problems.size()));
    };
    const int generation = m_generation;
    m_dataset->tasks()->start<CoveringObjectModel::Verification>(
        std::move(task), this,
        [this, generation, key](const CoveringObjectModel::Verification& v) {
            if (generation != m_generation)
                return;
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
            emit restoreFinished(false, error.message());
            return;
        }
    }
    Task<std::vector<archive::RestoreResult>> task;
    task.title = tr("Restore %Ln archive object(s) into %1", "", int(keys.size())).arg(file);
    task.work = [url = m_dataset->archiveUrl(), keys, file, limits = m_readLimits](TaskFeedback& feedback) {
        auto store = archive::openArchiveStore(url);
        archive::ArchiveRestorer restorer(*store, limits);
        std::vector<archive::RestoreResult> results;
        for (int i = 0; i < keys.size(); ++i) {
            if (!feedback.checkpoint())
                throw Error(Error::Kind::Cancelled, QStringLiteral("restore cancelled"));
            const QString label = QStringLiteral("%1/%2").arg(i + 1).arg(keys.size());
            results.push_back(asUnit(feedback, i, int(keys.size()), label, [&] {
                return restorer.restoreIntoSqlite(keys.at(i), file, &feedback);
            }));
        }
        return results;
    };
    task.summarize = [](const std::vector<archive::RestoreResult>& results) {
        qint64 rows = 0;
        for (const archive::RestoreResult& r : results)
            rows += r.rows;
        return tr("%Ln row(s) restored", "", int(rows));
    };
    const int generation = m_generation;
    m_restoreTask = m_dataset->tasks()->start<std::vector<archive::RestoreResult>>(
        std::move(task), this,
        [this, generation](const std::vector<archive::RestoreResult>& results) {
            m_restoreTask = 0;
            m_lastRestore = results;
            qint64 rows = 0;
            int already = 0;
            for (const archive::RestoreResult& r : results) {
                rows += r.rows;
                already += r.alreadyRestored ? 1 : 0;
            }
            emit restoreFinished(
                true, tr("%Ln row(s) restored into %1", "", int(rows)).arg(restoreFile()) +
                          (already ? tr("; %Ln object(s) were already there", "", already) : QString()));
            if (generation == m_generation)
                loadRows();
        },
        [this](const Error& error) {
            m_restoreTask = 0;
            emit restoreFinished(false, error.kind() == Error::Kind::Cancelled
                                            ? tr("Restore cancelled: the restore file is as it was.")
                                            : error.message());
        });
}

void DisputeCase::cancelRestore() {
    if (m_restoreTask && m_dataset->tasks())
        m_dataset->tasks()->cancel(m_restoreTask);
}

void DisputeCase::loadRows() {
    if (!m_hasFindings)
        return;
    Task<DisputeRows> task;
    task.title = tr("Read user %1's kudos rows").arg(m_findings.query.userId);
    task.work = [loader = DisputeRowsLoader(restoreFile(), m_dataset->conninfo()),
                 query = m_findings.query](TaskFeedback& feedback) { return loader.load(query, &feedback); };
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
                emit failed(error.message());
        });
}

qint64 DisputeCase::exportCsv(const QString& path) const {
    return m_rows->writeCsv(path);
}

} // namespace tidemark::kudos
