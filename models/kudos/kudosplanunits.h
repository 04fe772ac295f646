#pragma once

#include "retentionaction.h"

#include <QJsonObject>
#include <QString>
#include <vector>

namespace tidemark::kudos {

struct KudosSettings;

// One action of a kudos plan (spec/operations.md, "Plans that are applied exactly"): the catalog entry as the
// action finds it (its `state` is the state the action starts from), the rows it reads and their digest
// (RangeDigest) as they were when the plan was made.
struct PlannedAction {
    RetentionAction action;
    qint64 rows = 0;
    QString digest;

    QJsonObject toJson() const; // one element of "actions"
    // The action's word in the plan: roll_up, dump, checkpoint, write_statements, export, verify, drop.
    static QString actionWord(const QString& to);
    // The state an action word moves its range to (a drop: "dropped"); "" for an unknown word.
    static QString targetOf(const QString& word);
};

// `units.actions` of a kudos plan: every action a retention run would take, in run order, each range's whole
// chain. JSON: {"actions": [{"action", "dataset", "table", "lo", "hi", "rows", "state", "digest"}]}.
struct KudosPlanUnits {
    std::vector<PlannedAction> actions;

    static constexpr qsizetype kMaxActions = 10'000'000;

    QJsonObject toJson() const;
    // Throws Error(Usage) naming the bad key (and the action's index) on malformed input or more than
    // kMaxActions actions.
    static KudosPlanUnits fromJson(const QJsonObject& json);
};

// Every setting that decides what a kudos run rolls up, archives and drops (windows, the partition and
// sub-range widths, the tiers' byte budgets), by its environment name: the plan stores it and apply refuses
// a plan made under other settings.
QJsonObject kudosPlanSettings(const KudosSettings& settings);

} // namespace tidemark::kudos
