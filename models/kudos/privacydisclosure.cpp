#include "privacydisclosure.h"

#include "kudossettings.h"

#include <QStringList>

namespace tidemark::kudos {

PrivacyDisclosure::PrivacyDisclosure(const KudosSettings& settings) : m_settings(settings) {}

QStringList PrivacyDisclosure::paragraphs() const {
    const int width = m_settings.partitionDays;
    return {
        QStringLiteral(
            "Exact kudos currency events (balance movements) are kept in the online database for at least "
            "%1 days, and statistic events for at least %2 days. They leave in blocks of %3 day(s), so an "
            "event may stay online up to %3 day(s) longer.")
            .arg(m_settings.currencyWindowDays)
            .arg(m_settings.statsWindowDays)
            .arg(width),
        QStringLiteral(
            "After that, currency events are summarised into per-account running totals and daily "
            "statements, and the events themselves are archived in compressed, verified files without "
            "a fixed end date. They are restored only to investigate a dispute."),
        QStringLiteral(
            "Statistic events older than %1 days are reduced to daily aggregates per account, worker and "
            "team (UTC days); the individual events, their job and event identifiers and their details "
            "are deleted.")
            .arg(m_settings.statsWindowDays),
        QStringLiteral(
            "Retry keys of transfers and repairs are kept for %1 days; a transfer retried after that is "
            "a new transfer.")
            .arg(m_settings.currencyWindowDays),
        QStringLiteral(
            "Accounting history is kept through an account wipe, online and in the archive. It holds "
            "numeric account, worker and team identifiers, not names or contact details."),
    };
}

QString PrivacyDisclosure::text() const {
    return paragraphs().join(QStringLiteral("\n\n"));
}

QString PrivacyDisclosure::markdown() const {
    QString md = QStringLiteral("## Kudos history\n\n");
    for (const QString& p : paragraphs())
        md += QStringLiteral("- ") + p + QLatin1Char('\n');
    return md;
}

} // namespace tidemark::kudos
