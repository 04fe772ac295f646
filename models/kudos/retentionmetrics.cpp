#include "retentionmetrics.h"

#include "retentioncatalog.h"
#include "retentionreport.h"

namespace tidemark::kudos {

namespace {
QString datasetLabel(RetentionDataset dataset) {
    return QStringLiteral("dataset=\"%1\"").arg(datasetName(dataset));
}
} // namespace

RetentionMetrics::RetentionMetrics()
    : m_file(QStringLiteral("tidemark_kudos_retain"), QStringLiteral("retention run")) {
    const RetentionDataset datasets[] = {RetentionDataset::Currency, RetentionDataset::Statistics};
    // Every series is declared up front, so that the previous file's figures are all carried over.
    for (const RetentionDataset d : datasets)
        for (const QString& state : statesOf(d))
            if (state != QLatin1String("pending"))
                m_steps[{d, state}] =
                    &m_file.counter(QStringLiteral("tidemark_kudos_retention_steps_total"),
                                    QStringLiteral("Retention steps done, by the state the range reached."),
                                    datasetLabel(d) + QStringLiteral(",state=\"%1\"").arg(state));
    for (const RetentionDataset d : datasets)
        m_rowsDropped[d] = &m_file.counter(QStringLiteral("tidemark_kudos_retention_rows_dropped_total"),
                                           QStringLiteral("Rows dropped with their range."), datasetLabel(d));
    for (const RetentionDataset d : datasets)
        m_archivedBytes[d] =
            &m_file.counter(QStringLiteral("tidemark_kudos_retention_archived_bytes_total"),
                            QStringLiteral("Bytes of the archive objects written."), datasetLabel(d));
    for (const RetentionDataset d : datasets)
        m_alerts[d] = &m_file.counter(QStringLiteral("tidemark_kudos_retention_alerts_total"),
                                      QStringLiteral("Alerts that stopped a dataset's retention (a failed "
                                                     "verification, a tier over budget, an unreachable "
                                                     "archive, an unapplied row, rows that differ from their "
                                                     "replacement at the drop)."),
                                      datasetLabel(d));
    for (const RetentionDataset d : datasets)
        m_incidents[d] = &m_file.counter(QStringLiteral("tidemark_kudos_retention_incidents_total"),
                                         QStringLiteral("Partitions found holding unapplied rows older than "
                                                        "the window, and open drop incidents (ranges whose "
                                                        "rows differ from their replacement), per run."),
                                         datasetLabel(d));
    m_clockOverrides =
        &m_file.counter(QStringLiteral("tidemark_kudos_retention_clock_overrides_total"),
                        QStringLiteral("Runs whose clock was more than 5 minutes ahead of the server's and "
                                       "that ran anyway (--allow-clock-ahead)."));
    for (const RetentionDataset d : datasets)
        m_stepSeconds[d] =
            &m_file.histogram(QStringLiteral("tidemark_kudos_retention_step_seconds"),
                              QStringLiteral("Seconds of each retention step."), datasetLabel(d));
}

void RetentionMetrics::record(const RetentionReport& report, bool dryRun) {
    if (dryRun || report.lockBusy)
        return;
    for (const RetentionStepResult& s : report.done) {
        const RetentionDataset d = s.action.entry.dataset;
        if (const auto step = m_steps.find({d, s.state}); step != m_steps.end())
            ++step->second->value;
        if (s.state == QLatin1String("dropped"))
            m_rowsDropped[d]->value += s.rows;
        if (s.state == QLatin1String("exported") || s.state == QLatin1String("dumped")) // writes the object
            m_archivedBytes[d]->value += s.bytes;
        m_stepSeconds[d]->observe(s.seconds);
    }
    for (const RetentionAlert& a : report.alerts)
        ++m_alerts[a.dataset]->value;
    for (const RetentionIncident& i : report.incidents)
        ++m_incidents[i.dataset]->value;
    if (report.clockOverride)
        ++m_clockOverrides->value;
}

} // namespace tidemark::kudos
