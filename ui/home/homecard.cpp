#include "homecard.h"

#include "displayformat.h"
#include "errortext.h"
#include "workspacesession.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>
#include <map>

namespace tidemark::ui {

namespace {

const QLatin1String kLinkScheme("open:");

QString num(long long value) {
    return display::count(value);
}
// Estimated figures are shown as the mower list shows its estimates: ≈ 12,345.
QString count(long long value, bool estimated) {
    return estimated ? QStringLiteral("≈ ") + num(value) : num(value);
}
QString muted(const QString& text) {
    return QStringLiteral("<span style='color:#555'>%1</span>").arg(text.toHtmlEscaped());
}
QString link(const QString& target, const QString& text) {
    return QStringLiteral("<a href=\"%1%2\">%3</a>")
        .arg(kLinkScheme, target.toHtmlEscaped(), text.toHtmlEscaped());
}
// One part of a card: its heading and its lines (already HTML).
QString part(const QString& heading, const QStringList& lines) {
    return QStringLiteral("<p style='margin-top:8px; margin-bottom:2px'><b>%1</b></p>%2")
        .arg(heading.toHtmlEscaped(),
             QStringLiteral("<p style='margin:0'>%1</p>").arg(lines.join(QStringLiteral("<br>"))));
}
QString mowerLabel(const QUuid& id) {
    return HomeCard::tr("mower %1").arg(id.toString(QUuid::WithoutBraces).left(8) + QStringLiteral("…"));
}

QString lastRoundText(const positions::RoundHistoryEntry& r) {
    const QString facts = HomeCard::tr("%1: %Ln slice(s), %2 rows deleted (%3 by the age limit) in %4", "",
                                       int(std::min<long long>(r.slices, INT32_MAX)))
                              .arg(display::instant(r.startedAt), num(r.deleted), num(r.ageDeleted),
                                   display::duration(r.seconds))
                              .toHtmlEscaped();
    QString outcome;
    if (r.cancelled)
        outcome = HomeCard::tr("cancelled").toHtmlEscaped();
    else if (!r.interrupted.isEmpty())
        outcome = errorHtml(HomeCard::tr("stopped early: %1").arg(r.interrupted));
    else if (r.failedMowers > 0)
        outcome = errorHtml(HomeCard::tr("%Ln mower(s) skipped", "", r.failedMowers));
    else if (r.budgetExhausted)
        outcome = HomeCard::tr("stopped at its budget").toHtmlEscaped();
    else if (r.windowClosed)
        outcome = HomeCard::tr("stopped when the window closed").toHtmlEscaped();
    else if (r.complete)
        outcome = HomeCard::tr("complete").toHtmlEscaped();
    else
        outcome = HomeCard::tr("not complete").toHtmlEscaped();
    return facts + QStringLiteral(" — ") + outcome;
}

QString positionsHtml(const PositionsPlan& p, Micros now, QString* target) {
    QStringList next;
    if (p.windowOpensAt != 0) {
        const QString zone = p.windowZone.isEmpty() ? QStringLiteral("UTC") : p.windowZone;
        next << (p.windowOpenNow ? HomeCard::tr("The window is open now, until %1 (%2).")
                                       .arg(display::inZone(p.windowClosesAt, now, zone), zone)
                                 : HomeCard::tr("The window opens %1 and closes %2 (%3).")
                                       .arg(display::inZone(p.windowOpensAt, now, zone),
                                            display::inZone(p.windowClosesAt, now, zone), zone))
                    .toHtmlEscaped();
    }
    if (p.slicesPending == 0)
        next << HomeCard::tr("Nothing to thin: no slice is pending.").toHtmlEscaped();
    else if (p.slicesTonight && p.slicesPerSecond)
        next << HomeCard::tr("Tonight: %1 of thinning, %2 of the %3 slices at the recorded pace (%4 slices/s "
                             "over %Ln round(s)).",
                             "", p.recordedRounds)
                    .arg(display::duration(p.thinningSecondsTonight), num(*p.slicesTonight),
                         num(p.slicesPending), display::number(*p.slicesPerSecond, 2))
                    .toHtmlEscaped();
    else
        next << HomeCard::tr("Tonight: %1 of thinning; no recorded pace yet (%2).")
                    .arg(display::duration(p.thinningSecondsTonight),
                         p.paceReason.isEmpty() ? HomeCard::tr("no round recorded") : p.paceReason)
                    .toHtmlEscaped();
    if (p.slicesPending > 0 && p.nights)
        next << HomeCard::tr("The backlog clears in %Ln night(s).", "",
                             int(std::min<long long>(*p.nights, INT32_MAX)))
                    .toHtmlEscaped();

    QStringList backlog;
    backlog << HomeCard::tr("%1 slice(s) pending over %Ln mower(s).", "",
                            int(std::min<long long>(p.mowers, INT32_MAX)))
                   .arg(num(p.slicesPending))
                   .toHtmlEscaped();
    if (p.estimated)
        backlog << HomeCard::tr("%1 rows to thin of %2 scanned (estimated from a sample of mowers).")
                       .arg(count(p.rowsToThin, true), count(p.rowsScanned, true))
                       .toHtmlEscaped();
    else
        backlog << HomeCard::tr("%1 rows to delete: %2 by thinning, %3 by the age limit (of %4 scanned).")
                       .arg(num(p.rowsToDelete()), num(p.rowsToThin), num(p.rowsToAgeDelete),
                            num(p.rowsScanned))
                       .toHtmlEscaped();
    if (!p.largestBacklogMower.isNull()) {
        *target = p.largestBacklogMower.toString(QUuid::WithoutBraces);
        QString from;
        if (p.largestBacklogFrom)
            from = HomeCard::tr(", from %1").arg(display::date(*p.largestBacklogFrom));
        backlog << HomeCard::tr("Largest: %1, %2 slice(s)%3.", "",
                                int(std::min<long long>(p.largestBacklogSlices, INT32_MAX)))
                       .toHtmlEscaped()
                       .arg(link(*target, mowerLabel(p.largestBacklogMower)),
                            num(p.largestBacklogSlices).toHtmlEscaped(), from.toHtmlEscaped());
    }

    const QString last =
        p.lastRound ? lastRoundText(*p.lastRound) : muted(HomeCard::tr("No round recorded yet."));

    QStringList health;
    if (p.failures.empty()) {
        health << HomeCard::tr("No mower would be skipped.").toHtmlEscaped();
    } else {
        health << errorHtml(HomeCard::tr("%Ln mower(s) a round would skip:", "", int(p.failures.size())));
        const std::size_t shown = std::min<std::size_t>(p.failures.size(), 3);
        for (std::size_t i = 0; i < shown; ++i) {
            const positions::MowerFailure& f = p.failures[i];
            health << (f.mowerId.isNull()
                           ? errorHtml(f.reason)
                           : link(f.mowerId.toString(QUuid::WithoutBraces), mowerLabel(f.mowerId)) +
                                 QStringLiteral(": ") + errorHtml(f.reason));
        }
        if (p.failures.size() > shown)
            health << muted(HomeCard::tr("and %Ln more", "", int(p.failures.size() - shown)));
    }
    return part(HomeCard::tr("Next run"), next) + part(HomeCard::tr("Backlog"), backlog) +
           part(HomeCard::tr("Last run"), {last}) + part(HomeCard::tr("Health"), health);
}

QString rangeText(const kudos::CatalogEntry& e) {
    return QStringLiteral("%1 [%2, %3)")
        .arg(kudos::datasetName(e.dataset), display::date(e.lo), display::date(e.hi));
}

QString kudosHtml(const KudosPlan& k, QString* target) {
    QStringList next;
    if (k.lockBusy)
        next << HomeCard::tr("A retention job is running now; the list below is what is left after it.")
                    .toHtmlEscaped();
    QStringList backlog;
    if (k.actions.empty()) {
        next << HomeCard::tr("Nothing to do: no range is eligible.").toHtmlEscaped();
    } else {
        std::map<QString, int> verbs;
        qint64 rows = 0, archived = 0;
        bool estimated = false;
        for (const kudos::KudosForecast::Action& a : k.actions) {
            ++verbs[a.action.verb()];
            rows += a.rows;
            if (a.bytes) {
                archived += *a.bytes;
                estimated = true;
            }
        }
        QStringList steps;
        for (const auto& [verb, n] : verbs)
            steps << QStringLiteral("%1 × %2").arg(n).arg(verb);
        next << HomeCard::tr("%Ln step(s): %1.", "", int(k.actions.size()))
                    .arg(steps.join(QStringLiteral(", ")))
                    .toHtmlEscaped();
        next << (estimated
                     ? HomeCard::tr("%1 rows; ≈ %2 to the archive.").arg(num(rows), display::size(archived))
                     : HomeCard::tr("%1 rows.").arg(num(rows)))
                    .toHtmlEscaped();
        const std::size_t shown = std::min<std::size_t>(k.actions.size(), 4);
        for (std::size_t i = 0; i < shown; ++i) {
            const kudos::KudosForecast::Action& a = k.actions[i];
            QString figures = HomeCard::tr("%1 rows").arg(num(a.rows));
            if (a.bytes)
                figures += QStringLiteral(", ≈ ") + display::size(*a.bytes);
            backlog << link(a.action.entry.partition, a.action.entry.partition) + QStringLiteral(" ") +
                           QStringLiteral("%1: %2 (%3)")
                               .arg(rangeText(a.action.entry), a.action.verb(), figures)
                               .toHtmlEscaped();
        }
        if (k.actions.size() > shown)
            backlog << muted(HomeCard::tr("and %Ln more step(s)", "", int(k.actions.size() - shown)));
        *target = k.actions.front().action.entry.partition;
    }
    if (!k.archive.isEmpty())
        backlog << muted(HomeCard::tr("Archive: %1").arg(k.archive));

    QString last;
    if (k.lastStep) {
        const kudos::CatalogEntry& e = *k.lastStep;
        last = link(e.partition, e.partition) + QStringLiteral(" ") +
               HomeCard::tr("%1 is %2 since %3")
                   .arg(rangeText(e), e.state, display::instant(e.updatedAt))
                   .toHtmlEscaped();
        if (!e.error.isEmpty())
            last += QStringLiteral("<br>") + errorHtml(e.error);
    } else {
        last = muted(HomeCard::tr("No retention step recorded yet."));
    }

    QStringList health;
    for (const kudos::KudosForecast::Tier& t : k.tiers) {
        QString line;
        if (!t.budgetBytes) {
            line = HomeCard::tr("%1: %2 used, no budget")
                       .arg(kudos::datasetName(t.dataset), display::size(t.usedBytes));
        } else {
            const double share = *t.budgetBytes > 0 ? double(t.usedBytes) / double(*t.budgetBytes) : 1;
            line = HomeCard::tr("%1: %2 of %3 (%4)")
                       .arg(kudos::datasetName(t.dataset), display::size(t.usedBytes),
                            display::size(*t.budgetBytes), display::percent(share));
            if (t.budgetReachedOn && !t.overBudget)
                line += HomeCard::tr(", reached on %1").arg(display::date(*t.budgetReachedOn));
        }
        health << (t.overBudget ? errorHtml(line + HomeCard::tr(": over budget, the next upload is refused"))
                                : line.toHtmlEscaped());
    }
    if (k.incidents.empty())
        health << HomeCard::tr("No incident.").toHtmlEscaped();
    else
        health << errorHtml(HomeCard::tr("%Ln incident(s):", "", int(k.incidents.size()))) +
                      QStringLiteral(" ") + [&] {
                          QStringList parts;
                          for (const kudos::RetentionIncident& i : k.incidents)
                              parts << link(i.partition, i.partition);
                          return parts.join(QStringLiteral(", "));
                      }();
    // An overdue drill does not stop retention: it shows on the drills' line below.
    const auto waiting = std::count_if(k.alerts.begin(), k.alerts.end(), [](const kudos::RetentionAlert& a) {
        return a.cause != kudos::RetentionAlert::Cause::DrillOverdue;
    });
    if (waiting > 0)
        health << errorHtml(HomeCard::tr("%Ln alert(s): retention waits (see above)", "", int(waiting)));
    if (k.drills) {
        const kudos::DrillCoverage& d = *k.drills;
        QString line = HomeCard::tr("Drills: %1 of %2 object(s) proven within %Ln day(s)", "", d.windowDays)
                           .arg(num(d.provenWithin), num(d.objects));
        line += d.lastPassed ? HomeCard::tr("; the last passed %1").arg(display::date(*d.lastPassed))
                             : HomeCard::tr("; none passed yet");
        const bool overdue =
            std::any_of(k.alerts.begin(), k.alerts.end(), [](const kudos::RetentionAlert& a) {
                return a.cause == kudos::RetentionAlert::Cause::DrillOverdue;
            });
        health << (overdue ? errorHtml(line + QLatin1Char('.')) : (line + QLatin1Char('.')).toHtmlEscaped());
    }
    if (!k.incidents.empty() && target->isEmpty())
        *target = k.incidents.front().partition;
    return part(HomeCard::tr("Next run"), next) + part(HomeCard::tr("Backlog"), backlog) +
           part(HomeCard::tr("Last run"), {last}) + part(HomeCard::tr("Health"), health);
}

QString tracksHtml(const TracksPlan& t) {
    QStringList next;
    if (t.tracksToDelete.empty())
        next << HomeCard::tr("Nothing to delete: no track was imported before %1 (%Ln year(s) ago).", "",
                             t.retentionYears)
                    .arg(display::date(t.cutoff))
                    .toHtmlEscaped();
    else
        next << HomeCard::tr("Deletes %Ln track(s) imported before %1 (%2 years ago), freeing ≈ %3.", "",
                             int(t.tracksToDelete.size()))
                    .arg(display::date(t.cutoff))
                    .arg(t.retentionYears)
                    .arg(display::size(t.bytesToFree))
                    .toHtmlEscaped();

    QString last;
    if (t.lastImport) {
        const tracks::PipelineRun& r = *t.lastImport;
        const QString line =
            HomeCard::tr("Import %1 (%2, %3): %4")
                .arg(r.finishedAt.isEmpty() ? r.startedAt : r.finishedAt, r.source, r.region, r.status);
        last = r.status == QLatin1String("failed")
                   ? errorHtml(line + (r.error.isEmpty() ? QString() : QStringLiteral(" — ") + r.error))
                   : line.toHtmlEscaped();
    } else {
        last = muted(HomeCard::tr("No import recorded yet."));
    }

    QStringList health;
    if (t.postgis) {
        health << HomeCard::tr("%Ln track(s), %1 (PostGIS: the %2 mark is the SQLite file's).", "",
                               int(t.tracks))
                      .arg(display::size(t.bytes), display::size(TracksPlan::kAlertBytes))
                      .toHtmlEscaped();
    } else {
        const QString size = HomeCard::tr("%Ln track(s), %1: %2 of the %3 mark", "", int(t.tracks))
                                 .arg(display::size(t.bytes),
                                      display::percent(double(t.bytes) / double(TracksPlan::kAlertBytes)),
                                      display::size(TracksPlan::kAlertBytes));
        if (t.aboveAlert)
            health << errorHtml(size + HomeCard::tr(" — at or above it: plan a retention run or a split."));
        else if (t.reaches2GbOn)
            health << (size + HomeCard::tr("; reaches it on %1.").arg(display::date(*t.reaches2GbOn)))
                          .toHtmlEscaped();
        else
            health << (size + QLatin1Char('.')).toHtmlEscaped();
    }
    return part(HomeCard::tr("Next run"), next) + part(HomeCard::tr("Last run"), {last}) +
           part(HomeCard::tr("Health"), health);
}

} // namespace

HomeCard::HomeCard(WorkspaceDataset dataset, QWidget* parent)
    : QGroupBox(WorkspaceSession::datasetName(dataset), parent), m_dataset(dataset) {
    setObjectName(QStringLiteral("home-card-") + planDatasetName(dataset));
    m_where = new QLabel(this);
    m_where->setWordWrap(true);
    m_where->setStyleSheet(QStringLiteral("color: #505060"));
    m_where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_body = new QLabel(this);
    m_body->setWordWrap(true);
    m_body->setTextFormat(Qt::RichText);
    m_body->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_body->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_body->setOpenExternalLinks(false);
    m_figure = new BarFigure(this);
    m_figure->setObjectName(QStringLiteral("home-figure-") + planDatasetName(dataset));
    m_footer = new QLabel(this);
    m_footer->setStyleSheet(QStringLiteral("color: #505060"));
    m_open = new QPushButton(tr("Open %1 ▸").arg(WorkspaceSession::datasetName(dataset).toLower()), this);
    m_open->setObjectName(QStringLiteral("home-open-") + planDatasetName(dataset));

    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_footer, 1);
    bottom->addWidget(m_open);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_where);
    layout->addWidget(m_body);
    layout->addSpacing(8);
    layout->addWidget(m_figure);
    layout->addStretch(1);
    layout->addLayout(bottom);
    setMinimumWidth(280);

    connect(m_body, &QLabel::linkActivated, this, [this](const QString& href) {
        if (href.startsWith(kLinkScheme))
            emit openRequested(m_dataset, href.mid(kLinkScheme.size()));
    });
    connect(m_open, &QPushButton::clicked, this, [this] { emit openRequested(m_dataset, m_target); });
    clear();
}

void HomeCard::clear() {
    m_state = State::Empty;
    m_target.clear();
    m_where->hide();
    m_body->setText(muted(tr("Not computed yet.")));
    m_figure->clear();
    m_footer->clear();
    m_open->setVisible(true);
}

bool HomeCard::showState(bool configured, const QString& where, const QString& error, double seconds) {
    m_target.clear();
    m_footer->clear();
    m_figure->clear();
    if (!configured) {
        m_state = State::NotConfigured;
        m_where->hide();
        m_body->setText(muted(tr("Not configured — File ▸ Connect…")));
        m_open->hide();
        return true;
    }
    m_where->setText(where);
    m_where->setVisible(!where.isEmpty());
    m_open->show();
    if (!error.isEmpty()) {
        m_state = State::Failed;
        m_body->setText(
            QStringLiteral("<p style='margin-top:8px'>%1</p><p>%2</p>")
                .arg(errorHtml(tr("Could not be planned: %1").arg(error)),
                     muted(tr("The other datasets are planned without it; Refresh tries again."))));
        m_footer->setText(tr("failed after %1").arg(display::duration(seconds)));
        return true;
    }
    return false;
}

void HomeCard::showPlan(const QString& html, const QString& target, double seconds,
                        const HomeFigure& figure) {
    m_state = State::Planned;
    m_target = target;
    m_body->setText(html);
    m_figure->setFigure(figure.title, figure.bars);
    m_footer->setText(tr("planned in %1").arg(display::duration(seconds)));
}

void HomeCard::setSection(const PlanSection<PositionsPlan>& section, Micros now) {
    if (showState(section.configured, section.where, section.error, section.seconds))
        return;
    QString target;
    const QString html = positionsHtml(section.plan, now, &target);
    showPlan(html, target, section.seconds, positionsFigure(section.plan));
}

void HomeCard::setSection(const PlanSection<KudosPlan>& section, Micros) {
    if (showState(section.configured, section.where, section.error, section.seconds))
        return;
    QString target;
    const QString html = kudosHtml(section.plan, &target);
    showPlan(html, target, section.seconds, kudosFigure(section.plan));
}

void HomeCard::setSection(const PlanSection<TracksPlan>& section, Micros) {
    if (showState(section.configured, section.where, section.error, section.seconds))
        return;
    showPlan(tracksHtml(section.plan), QString(), section.seconds, tracksFigure(section.plan));
}

QString HomeCard::whereText() const {
    return m_where->isVisibleTo(this) ? m_where->text() : QString();
}

QString HomeCard::bodyText() const {
    return m_body->text();
}

} // namespace tidemark::ui
