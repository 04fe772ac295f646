#include "kudosplanunits.h"

#include "error.h"
#include "kudossettings.h"

#include <QJsonArray>

namespace tidemark::kudos {

namespace {

struct Word {
    const char* word;
    const char* to;
};
constexpr Word kWords[] = {{"roll_up", "rolled_up"},
                           {"dump", "dumped"},
                           {"checkpoint", "checkpointed"},
                           {"write_statements", "stated"},
                           {"export", "exported"},
                           {"verify", "verified"},
                           {"drop", "dropped"}};

Error badKey(qsizetype index, const QString& key, const QString& why) {
    return Error(Error::Kind::Usage,
                 QStringLiteral("kudos plan: units.actions[%1].%2 %3").arg(index).arg(key, why));
}

QString stringAt(const QJsonObject& o, qsizetype index, const QString& key) {
    const QJsonValue v = o.value(key);
    if (!v.isString() || v.toString().isEmpty())
        throw badKey(index, key, QStringLiteral("is missing or not a string"));
    return v.toString();
}

Micros instantAt(const QJsonObject& o, qsizetype index, const QString& key) {
    const QString text = stringAt(o, index, key);
    try {
        return parseIsoTimestamp(text, key);
    } catch (const Error&) {
        throw badKey(index, key, QStringLiteral("is not an ISO 8601 instant: %1").arg(text.left(64)));
    }
}

} // namespace

QString PlannedAction::actionWord(const QString& to) {
    for (const Word& w : kWords)
        if (to == QLatin1String(w.to))
            return QLatin1String(w.word);
    return {};
}

QString PlannedAction::targetOf(const QString& word) {
    for (const Word& w : kWords)
        if (word == QLatin1String(w.word))
            return QLatin1String(w.to);
    return {};
}

QJsonObject PlannedAction::toJson() const {
    const CatalogEntry& e = action.entry;
    return {{QStringLiteral("action"), actionWord(action.to)},
            {QStringLiteral("dataset"), datasetName(e.dataset)},
            {QStringLiteral("table"), e.partition},
            {QStringLiteral("lo"), formatIsoTimestamp(e.lo)},
            {QStringLiteral("hi"), formatIsoTimestamp(e.hi)},
            {QStringLiteral("rows"), rows},
            {QStringLiteral("state"), e.state},
            {QStringLiteral("digest"), digest}};
}

QJsonObject KudosPlanUnits::toJson() const {
    QJsonArray list;
    for (const PlannedAction& p : actions)
        list.append(p.toJson());
    return {{QStringLiteral("actions"), list}};
}

KudosPlanUnits KudosPlanUnits::fromJson(const QJsonObject& json) {
    const QJsonValue value = json.value(QStringLiteral("actions"));
    if (!value.isArray())
        throw Error(Error::Kind::Usage, QStringLiteral("kudos plan: units.actions is missing or not a list"));
    const QJsonArray list = value.toArray();
    if (list.size() > kMaxActions)
        throw Error(Error::Kind::Usage,
                    QStringLiteral("kudos plan: units.actions holds %1 actions, more than %2")
                        .arg(list.size())
                        .arg(kMaxActions));
    KudosPlanUnits units;
    units.actions.reserve(size_t(list.size()));
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (!list.at(i).isObject())
            throw Error(Error::Kind::Usage,
                        QStringLiteral("kudos plan: units.actions[%1] is not an object").arg(i));
        const QJsonObject o = list.at(i).toObject();
        PlannedAction p;
        CatalogEntry& e = p.action.entry;
        const QString word = stringAt(o, i, QStringLiteral("action"));
        p.action.to = PlannedAction::targetOf(word);
        if (p.action.to.isEmpty())
            throw badKey(i, QStringLiteral("action"),
                         QStringLiteral("is not an action: %1").arg(word.left(64)));
        const QString dataset = stringAt(o, i, QStringLiteral("dataset"));
        if (dataset == QLatin1String("currency"))
            e.dataset = RetentionDataset::Currency;
        else if (dataset == QLatin1String("statistics"))
            e.dataset = RetentionDataset::Statistics;
        else
            throw badKey(i, QStringLiteral("dataset"), QStringLiteral("is not currency or statistics"));
        e.partition = stringAt(o, i, QStringLiteral("table"));
        e.lo = instantAt(o, i, QStringLiteral("lo"));
        e.hi = instantAt(o, i, QStringLiteral("hi"));
        if (e.hi <= e.lo)
            throw badKey(i, QStringLiteral("hi"), QStringLiteral("is not after lo"));
        e.state = stringAt(o, i, QStringLiteral("state"));
        if (!statesOf(e.dataset).contains(e.state) || e.state == QLatin1String("dropped"))
            throw badKey(i, QStringLiteral("state"),
                         QStringLiteral("is not a state an action starts from: %1").arg(e.state.left(64)));
        const QJsonValue rows = o.value(QStringLiteral("rows"));
        if (!rows.isDouble() || rows.toDouble() < 0 || rows.toDouble() != double(rows.toInteger()))
            throw badKey(i, QStringLiteral("rows"), QStringLiteral("is missing or not a count"));
        p.rows = rows.toInteger();
        const QJsonValue digest = o.value(QStringLiteral("digest"));
        if (!digest.isString() || digest.toString().isEmpty())
            throw badKey(i, QStringLiteral("digest"), QStringLiteral("is missing or not a string"));
        p.digest = digest.toString();
        units.actions.push_back(std::move(p));
    }
    return units;
}

QJsonObject kudosPlanSettings(const KudosSettings& s) {
    return {{QStringLiteral("KUDOS_PARTITION_DAYS"), s.partitionDays},
            {QStringLiteral("KUDOS_FIRST_PARTITION_SUBRANGE_DAYS"), s.firstPartitionSubrangeDays},
            {QStringLiteral("KUDOS_RETENTION_CURRENCY_WINDOW_DAYS"), s.currencyWindowDays},
            {QStringLiteral("KUDOS_RETENTION_STATS_WINDOW_DAYS"), s.statsWindowDays},
            {QStringLiteral("KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES"), s.currencyBudgetBytes},
            {QStringLiteral("KUDOS_ARCHIVE_BUDGET_STATISTICS_BYTES"), s.statisticsBudgetBytes}};
}

} // namespace tidemark::kudos
