#include "plandialog.h"

#include "errortext.h"
#include "planfile.h"
#include "retentionplan.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tidemark::ui {

namespace {

enum Column { kDataset, kUnit, kRows, kOutcome, kColumns };

// The units of one dataset's section as the table lists them: the JSON of each unit.
QJsonArray unitsOf(const QJsonObject& section) {
    const QJsonObject units = section.value(QStringLiteral("units")).toObject();
    QJsonArray list;
    const QJsonValue age = units.value(QStringLiteral("age_delete"));
    if (age.isObject())
        list.append(age);
    for (const char* key : {"slices", "actions", "delete_tracks"})
        for (const QJsonValue& u : units.value(QLatin1String(key)).toArray())
            list.append(u);
    return list;
}

QString unitText(const QJsonObject& u) {
    const auto str = [&](const char* key) { return u.value(QLatin1String(key)).toString(); };
    if (u.contains(QLatin1String("mower_id")))
        return PlanDialog::tr("mower %1, slice %2 – %3").arg(str("mower_id"), str("from"), str("to").mid(11));
    if (u.contains(QLatin1String("before")))
        return PlanDialog::tr("rows older than %1").arg(str("before"));
    if (u.contains(QLatin1String("action")))
        return PlanDialog::tr("%1 %2 %3 (%4 – %5)")
            .arg(str("action"), str("dataset"), str("table"), str("lo").left(10), str("hi").left(10));
    return PlanDialog::tr("track %1, created %2")
        .arg(u.value(QLatin1String("id")).toInteger())
        .arg(str("created_at"));
}

long long unitRows(const QJsonObject& u) {
    for (const char* key : {"rows_deleted", "rows"})
        if (u.contains(QLatin1String(key)))
            return u.value(QLatin1String(key)).toInteger();
    return 1; // a track
}

// The same unit as the plan and the report list it (the report adds "outcome" and "detail").
bool sameUnit(QJsonObject planned, QJsonObject reported) {
    reported.remove(QStringLiteral("outcome"));
    reported.remove(QStringLiteral("detail"));
    return planned == reported;
}

} // namespace

PlanDialog::PlanDialog(const QString& path, const QJsonObject& plan, QWidget* parent)
    : QDialog(parent), m_plan(plan) {
    setObjectName(QStringLiteral("planDialog"));
    setWindowTitle(tr("Plan %1").arg(path));
    const QJsonObject by = plan.value(QStringLiteral("made_by")).toObject();
    m_header = new QLabel(this);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setText(tr("Made %1 by %2 (%3), expires %4.\nsha256 %5")
                          .arg(plan.value(QStringLiteral("created_at")).toString(),
                               by.value(QStringLiteral("os_user")).toString(),
                               by.value(QStringLiteral("db_role")).toString(),
                               plan.value(QStringLiteral("expires_at")).toString(), planfile::sha256(plan)));
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_units = new QTableWidget(0, kColumns, this);
    m_units->setObjectName(QStringLiteral("planUnits"));
    m_units->setHorizontalHeaderLabels({tr("Dataset"), tr("Unit"), tr("Rows"), tr("Outcome")});
    m_units->verticalHeader()->hide();
    m_units->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_units->horizontalHeader()->setSectionResizeMode(kUnit, QHeaderView::Stretch);
    m_units->horizontalHeader()->setSectionResizeMode(kOutcome, QHeaderView::Stretch);
    QStringList counts;
    const QLocale l;
    for (WorkspaceDataset d :
         {WorkspaceDataset::Positions, WorkspaceDataset::Kudos, WorkspaceDataset::Tracks}) {
        const QString name = planDatasetName(d);
        const QJsonObject section = plan.value(name).toObject();
        if (!section.contains(QStringLiteral("units")))
            continue;
        const QJsonArray units = unitsOf(section);
        long long rows = 0;
        for (const QJsonValue& v : units) {
            const QJsonObject u = v.toObject();
            const int row = m_units->rowCount();
            m_units->insertRow(row);
            auto* dataset = new QTableWidgetItem(name);
            dataset->setData(Qt::UserRole, u);
            m_units->setItem(row, kDataset, dataset);
            m_units->setItem(row, kUnit, new QTableWidgetItem(unitText(u)));
            auto* rowsItem = new QTableWidgetItem(l.toString(unitRows(u)));
            rowsItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_units->setItem(row, kRows, rowsItem);
            m_units->setItem(row, kOutcome, new QTableWidgetItem(tr("planned")));
            rows += unitRows(u);
        }
        const QString where = section.value(QStringLiteral("connection")).toString();
        counts << (d == WorkspaceDataset::Tracks
                       ? tr("%1: %Ln track(s) to delete, at %2", "", int(units.size())).arg(name, where)
                       : tr("%1: %Ln unit(s), %2 row(s), at %3", "", int(units.size()))
                             .arg(name, l.toString(rows), where));
    }
    m_summary->setText(counts.isEmpty() ? tr("The plan holds no units to apply.")
                                        : counts.join(QLatin1Char('\n')));
    m_units->resizeColumnToContents(kDataset);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_apply = buttons->addButton(tr("Apply…"), QDialogButtonBox::ActionRole);
    m_apply->setObjectName(QStringLiteral("planApply"));
    m_apply->setEnabled(!counts.isEmpty());
    m_apply->setToolTip(
        tr("Apply exactly these units where the plan was made (the datasets connected now must be "
           "the same databases and files): a unit changed since is skipped and named."));
    m_ignoreWindow = new QCheckBox(tr("Ignore the window"), this);
    m_ignoreWindow->setToolTip(
        tr("Thin the plan's positions slices even outside the nightly maintenance window."));
    m_ignoreWindow->setVisible(
        plan.value(QStringLiteral("positions")).toObject().contains(QStringLiteral("units")));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_apply, &QPushButton::clicked, this, &PlanDialog::applyRequested);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addWidget(m_summary);
    layout->addWidget(m_units, 1);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_ignoreWindow);
    bottom->addWidget(buttons, 1);
    layout->addLayout(bottom);
    resize(900, 560);
}

void PlanDialog::setApplying(bool applying) {
    m_apply->setEnabled(!applying);
    if (applying)
        m_summary->setText(tr("Applying…"));
}

void PlanDialog::showReport(const PlanApplyReport& report) {
    m_apply->setEnabled(false); // applied once; open the file again to retry what was left
    if (!report.refusal.isEmpty()) {
        m_summary->setText(errorHtml(tr("Refused, nothing was changed: %1").arg(report.refusal)));
        return;
    }
    int next = 0;
    for (const PlanApplySection& s : report.sections)
        for (const PlanUnitOutcome& o : s.outcomes) {
            for (int row = next; row < m_units->rowCount(); ++row) {
                if (!sameUnit(m_units->item(row, kDataset)->data(Qt::UserRole).toJsonObject(), o.unit))
                    continue;
                auto* item = new QTableWidgetItem(
                    o.detail.isEmpty()
                        ? PlanUnitOutcome::statusName(o.status)
                        : QStringLiteral("%1: %2").arg(PlanUnitOutcome::statusName(o.status), o.detail));
                if (o.status == PlanUnitOutcome::Status::Stale)
                    item->setForeground(QColor(0xb0, 0x00, 0x20));
                item->setToolTip(item->text());
                m_units->setItem(row, kOutcome, item);
                next = row + 1;
                break;
            }
        }
    // The counts and the plan's sha256; each unit's outcome is in the table.
    QStringList lines = report.text().split(QLatin1Char('\n'));
    lines.removeIf([](const QString& line) { return line.startsWith(QLatin1String("  ")); });
    m_summary->setText(
        lines.join(QLatin1Char('\n')).toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
}

void PlanDialog::showError(const QString& message) {
    m_apply->setEnabled(true);
    m_summary->setText(errorHtml(message));
}

bool PlanDialog::ignoreWindow() const {
    return m_ignoreWindow->isChecked();
}

QString PlanDialog::summaryText() const {
    return m_summary->text();
}

} // namespace tidemark::ui
