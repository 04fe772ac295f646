#include "archiveobjectpanel.h"

#include "displayformat.h"
#include "kudosvalues.h"

#include <QTextBrowser>
#include <QVBoxLayout>

namespace tidemark::ui {

using kudos::CoveringObjectModel;

namespace {
QString row(const QString& name, const QString& value) {
    return QStringLiteral("<tr><td style='color:#555;padding-right:10px'>%1</td><td>%2</td></tr>")
        .arg(name.toHtmlEscaped(), value);
}
QString code(const QString& text) {
    return QStringLiteral("<code>%1</code>").arg(text.toHtmlEscaped());
}
QString problemList(const QStringList& problems, int keep) {
    QString items;
    for (const QString& problem : problems.mid(0, keep))
        items += QStringLiteral("<li>%1</li>").arg(problem.toHtmlEscaped());
    if (problems.size() > keep)
        items += QStringLiteral("<li>%1</li>")
                     .arg(ArchiveObjectPanel::tr("… %Ln more problem(s)", "", int(problems.size() - keep)));
    return QStringLiteral("<ul>%1</ul>").arg(items);
}
constexpr int kDrillProblemsShown = 5;
} // namespace

ArchiveObjectPanel::ArchiveObjectPanel(QWidget* parent) : QWidget(parent) {
    m_view = new QTextBrowser(this);
    m_view->setOpenLinks(false);
    // The manifest's fields and its JSON: room for five lines before it scrolls.
    m_view->setMinimumHeight(5 * m_view->fontMetrics().lineSpacing());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    showObject(nullptr, {}, 0, false);
}

QString ArchiveObjectPanel::text() const {
    return m_view->toPlainText();
}

// The last restore drill: when, what it found, and the first problems of a failed one.
QString ArchiveObjectPanel::drillText(const kudos::CoveringObject& object) {
    if (!object.lastDrill)
        return QStringLiteral("<p style='color:#555'>%1</p>")
            .arg(tr("Never drilled. A drill restores the object into a scratch file and compares its sums "
                    "per user, account, entry type and day with the daily statements."));
    const kudos::DrillRecord& d = *object.lastDrill;
    const QString when =
        QStringLiteral(" <span style='color:#555'>(%1)</span>")
            .arg(tr("drilled %1 in %2").arg(display::instant(d.drilledAt), display::duration(d.seconds)));
    if (d.passed)
        return QStringLiteral("<p><span style='color:#1b6e20'><b>%1</b></span>%2</p>")
            .arg(tr("Last drill passed: %Ln row(s) restored; their sums agree with the daily statements and "
                    "their count with the catalog.",
                    "", int(d.rows)),
                 when);
    return QStringLiteral("<p><span style='color:#b00020'><b>%1</b></span>%2</p>%3")
        .arg(tr("Last drill FAILED:"), when, problemList(d.problemMessages(), kDrillProblemsShown));
}

void ArchiveObjectPanel::showObject(const kudos::CoveringObject* object,
                                    const CoveringObjectModel::Verification& verification, int userId,
                                    bool restored) {
    if (!object) {
        m_view->setHtml(tr("<p style='color:#555'>Select an archive object to see its manifest and its "
                           "verification.</p>"));
        return;
    }
    QString html = QStringLiteral("<p><b>%1</b></p>").arg(object->key.toHtmlEscaped());
    QString verdict;
    switch (verification.check) {
    case CoveringObjectModel::Check::NotChecked:
        verdict = tr("Not verified in this session. Verify reads the whole object and checks it against the "
                     "manifest; a restore verifies first.");
        break;
    case CoveringObjectModel::Check::Checking:
        verdict = tr("Verifying…");
        break;
    case CoveringObjectModel::Check::Passed:
        verdict = QStringLiteral("<span style='color:#1b6e20'><b>%1</b></span>")
                      .arg(verification.online ? tr("Verified: object and content digests, rows and every "
                                                    "user's totals agree with the manifest and with the "
                                                    "online partition.")
                                               : tr("Verified: object and content digests, rows and every "
                                                    "user's totals agree with the manifest."));
        break;
    case CoveringObjectModel::Check::Failed:
        verdict = QStringLiteral("<span style='color:#b00020'><b>%1</b></span>%2")
                      .arg(tr("Verification FAILED: nothing from this object can be restored."),
                           problemList(verification.problems, int(verification.problems.size())));
        break;
    }
    if (verification.checkedAt != 0 && verification.check != CoveringObjectModel::Check::Checking)
        verdict += QStringLiteral(" <span style='color:#555'>(%1)</span>")
                       .arg(CoveringObjectModel::checkedText(verification).toHtmlEscaped());
    html += QStringLiteral("<p>%1</p>").arg(verdict);
    html += drillText(*object);
    if (restored)
        html += tr("<p>Its rows are in the restore file.</p>");

    if (!object->manifest) {
        html +=
            QStringLiteral("<p style='color:#b00020'>%1</p>")
                .arg(
                    !object->hasManifest
                        ? tr("The manifest is missing: the object cannot be verified or "
                             "restored.")
                        : tr("The manifest cannot be read: %1").arg(object->manifestProblem).toHtmlEscaped());
        m_view->setHtml(html);
        return;
    }
    const archive::ArchiveManifest& m = *object->manifest;
    QString table;
    table += row(tr("Dataset"), code(m.dataset) + QStringLiteral(" · ") + code(m.tier));
    table += row(tr("Partition"), code(m.partition) + QStringLiteral(" · ") +
                                      (object->partitionOnline ? tr("still online") : tr("dropped")));
    table += row(tr("Created"),
                 QStringLiteral("%1 ≤ created &lt; %2")
                     .arg(display::instantSeconds(m.createdFrom), display::instantSeconds(m.createdTo)));
    table += row(tr("Rows"), display::count(m.rowCount));
    if (userId != 0) // no user is investigated while the whole archive is listed
        table += row(tr("User %1").arg(userId), tr("%1 rows · balance %2 · escrow %3")
                                                    .arg(display::count(object->user.rows))
                                                    .arg(kudos::textFromCents(object->user.balanceCents),
                                                         kudos::textFromCents(object->user.escrowCents)));
    table += row(tr("Columns"), code(m.columns.join(QStringLiteral(", "))));
    table += row(tr("Content sha256"), code(m.contentSha256));
    table += row(tr("Object sha256"), code(m.objectSha256));
    table +=
        row(tr("Object size"),
            tr("%1 (%2 level %3)").arg(display::size(m.objectBytes), m.compression).arg(m.compressionLevel));
    table += row(tr("Exported"),
                 tr("%1 by %2").arg(display::instantSeconds(m.exportedAt), m.exporter.toHtmlEscaped()));
    html += QStringLiteral("<table>%1</table>").arg(table);
    html += QStringLiteral("<p style='color:#555'>%1</p><pre style='font-size:small'>%2</pre>")
                .arg(tr("The manifest as stored beside the object:"),
                     QString::fromUtf8(m.toJson()).left(6000).toHtmlEscaped());
    m_view->setHtml(html);
}

} // namespace tidemark::ui
