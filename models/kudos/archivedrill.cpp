#include "archivedrill.h"

#include "cents.h"
#include "error.h"

#include <QCryptographicHash>
#include <QJsonObject>
#include <algorithm>

namespace tidemark::kudos {

namespace {

bool keyLess(const DrillLine& a, const DrillLine& b) {
    return a.user != b.user ? a.user < b.user : a.rest < b.rest;
}

bool sameKey(const DrillLine& a, const DrillLine& b) {
    return a.user == b.user && a.rest == b.rest;
}

void requireAscending(std::optional<DrillLine>& last, const DrillLine& line, const char* side) {
    if (last && !keyLess(*last, line))
        throw Error(Error::Kind::Failed,
                    QStringLiteral("the %1 lines of the drill are not in ascending key order; nothing can be "
                                   "compared")
                        .arg(QLatin1String(side)));
    last = line;
}

QString sumText(const DrillLine& line) {
    return QStringLiteral("Σ %1 in %2 row(s)").arg(formatCents(line.cents)).arg(line.rows);
}

} // namespace

DrillComparison::DrillComparison(Kind kind, QString replacement, ArchiveLines nextArchive, int keep)
    : m_kind(kind), m_replacement(std::move(replacement)), m_nextArchive(std::move(nextArchive)),
      m_keep(keep) {}

const DrillLine* DrillComparison::peekArchive() {
    if (!m_archive && !m_archiveDone) {
        m_archive = m_nextArchive();
        if (!m_archive) {
            m_archiveDone = true;
            return nullptr;
        }
        requireAscending(m_lastArchive, *m_archive, "archive");
        ++m_archiveLines;
        m_archiveRows += m_archive->rows;
        m_archiveCents += m_archive->cents;
    }
    return m_archive ? &*m_archive : nullptr;
}

void DrillComparison::takeArchive() {
    m_archive.reset();
}

void DrillComparison::statementLine(const DrillLine& line) {
    requireAscending(m_lastStatement, line, "statement");
    ++m_statementLines;
    while (const DrillLine* a = peekArchive()) {
        if (!keyLess(*a, line))
            break;
        differ(a, nullptr);
        takeArchive();
    }
    const DrillLine* a = peekArchive();
    if (a && sameKey(*a, line)) {
        if (a->cents != line.cents || a->rows != line.rows)
            differ(a, &line);
        takeArchive();
        return;
    }
    differ(nullptr, &line);
}

void DrillComparison::finish() {
    while (const DrillLine* a = peekArchive()) {
        differ(a, nullptr);
        takeArchive();
    }
}

QString DrillComparison::describeKey(const DrillLine& line) const {
    const QList<QByteArray> parts = line.rest.split(kDrillKeySeparator);
    if (m_kind == Kind::Statistics)
        return QStringLiteral("day %1").arg(QString::fromUtf8(line.rest));
    if (parts.size() != 3)
        return QStringLiteral("user %1 %2").arg(line.user).arg(QString::fromUtf8(line.rest));
    return QStringLiteral("user %1 %2 %3 %4")
        .arg(line.user)
        .arg(parts[0] == "t" ? QStringLiteral("escrow") : QStringLiteral("spendable"),
             QString::fromUtf8(parts[1]), QString::fromUtf8(parts[2]));
}

void DrillComparison::differ(const DrillLine* archive, const DrillLine* statement) {
    ++m_differences;
    if (m_kept.size() >= m_keep)
        return;
    const DrillLine& key = archive ? *archive : *statement;
    QString message;
    if (!statement)
        message = QStringLiteral("%1: the archive has %2, %3 has none")
                      .arg(describeKey(key), sumText(*archive), m_replacement);
    else if (!archive)
        message = QStringLiteral("%1: %2 has %3, the archive has none")
                      .arg(describeKey(key), m_replacement, sumText(*statement));
    else
        message = QStringLiteral("%1: the archive has %2, %3 has %4 (differs by %5 and %6 row(s))")
                      .arg(describeKey(key), sumText(*archive), m_replacement, sumText(*statement),
                           formatCents(archive->cents - statement->cents))
                      .arg(archive->rows - statement->rows);
    QJsonObject problem{{QStringLiteral("message"), message}};
    const QList<QByteArray> parts = key.rest.split(kDrillKeySeparator);
    if (m_kind == Kind::Currency && parts.size() == 3) {
        problem.insert(QStringLiteral("user_id"), double(key.user));
        problem.insert(QStringLiteral("account"),
                       parts[0] == "t" ? QStringLiteral("escrow") : QStringLiteral("spendable"));
        problem.insert(QStringLiteral("entry_type"), QString::fromUtf8(parts[1]));
        problem.insert(QStringLiteral("day"), QString::fromUtf8(parts[2]));
    } else {
        problem.insert(QStringLiteral("day"), QString::fromUtf8(key.rest));
    }
    if (archive) {
        problem.insert(QStringLiteral("archive_amount"), formatCents(archive->cents));
        problem.insert(QStringLiteral("archive_rows"), double(archive->rows));
    }
    if (statement) {
        problem.insert(QStringLiteral("statement_amount"), formatCents(statement->cents));
        problem.insert(QStringLiteral("statement_rows"), double(statement->rows));
    }
    m_kept.append(problem);
}

QStringList DrillComparison::problems() const {
    QStringList list;
    for (const QJsonValue& p : m_kept)
        list.append(p.toObject().value(QStringLiteral("message")).toString());
    if (m_differences > m_kept.size())
        list.append(QStringLiteral("… %1 more line(s) differ").arg(m_differences - m_kept.size()));
    return list;
}

QJsonArray DrillComparison::problemsJson() const {
    QJsonArray list = m_kept;
    if (m_differences > m_kept.size())
        list.append(
            QJsonObject{{QStringLiteral("message"),
                         QStringLiteral("… %1 more line(s) differ").arg(m_differences - m_kept.size())},
                        {QStringLiteral("more_lines"), double(m_differences - m_kept.size())}});
    return list;
}

QStringList chooseDrillObjects(const std::vector<DrillCandidate>& candidates, int sample, quint64 seed,
                               Micros now, Micros maxAge) {
    struct Ranked {
        int tier; // 0 never drilled, 1 drilled before now − maxAge, 2 drilled since
        Micros drilled;
        QByteArray draw;
        const QString* key;
    };
    std::vector<Ranked> ranked;
    ranked.reserve(candidates.size());
    for (const DrillCandidate& c : candidates) {
        const int tier = !c.lastDrilled ? 0 : *c.lastDrilled < now - maxAge ? 1 : 2;
        ranked.push_back({tier, tier == 1 ? *c.lastDrilled : 0,
                          QCryptographicHash::hash(QStringLiteral("%1:%2").arg(seed).arg(c.key).toUtf8(),
                                                   QCryptographicHash::Sha256),
                          &c.key});
    }
    std::sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
        if (a.tier != b.tier)
            return a.tier < b.tier;
        if (a.drilled != b.drilled)
            return a.drilled < b.drilled;
        if (a.draw != b.draw)
            return a.draw < b.draw;
        return *a.key < *b.key;
    });
    QStringList chosen;
    for (const Ranked& r : ranked) {
        if (sample >= 0 && chosen.size() >= sample)
            break;
        chosen.append(*r.key);
    }
    return chosen;
}

} // namespace tidemark::kudos
