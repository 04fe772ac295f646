#include "sourcescan.h"

#include <QRegularExpression>
#include <QTest>
#include <algorithm>

// Every figure the console and the CLI's text output show goes through the one formatter
// (models/common/displayformat.h): no widget, console model or command formats a size, a date or a
// duration on its own. The rules read the files' text, comments left out.
namespace {

struct Rule {
    const char* name;
    QRegularExpression pattern;
};

// A C++ string literal's inside, escapes included.
const QString kInLiteral = QStringLiteral("(?:[^\"\\\\\\n]|\\\\.)*");

QList<Rule> formattingRules() {
    return {
        {"formattedDataSize", QRegularExpression(QStringLiteral("\\bformattedDataSize\\s*\\("))},
        {"a date's toString with a format",
         QRegularExpression(QStringLiteral(
             "\\btoString\\(\\s*Qt::(ISODate|ISODateWithMs|TextDate|RFC2822Date)\\b|"
             "\\btoString\\((?:[^;()\"]|\\([^;()\"]*\\))*(QStringLiteral\\(|QLatin1String\\(|u)?"
             "\"[^\"\\n]*(yyyy|HH:mm|hh:mm|MMM|ddd)|"
             "\\btoString\\([^;]*QLocale::(ShortFormat|LongFormat|NarrowFormat)"))},
        {"a size unit in a string",
         QRegularExpression(
             QStringLiteral("\"%1\\b(KiB|MiB|GiB|TiB|PiB|kB|KB|MB|GB|TB)\\b%1\"").arg(kInLiteral))},
        {"a hand-made duration",
         QRegularExpression(QStringLiteral("\"%1%\\d+\\s?(ms|s|min|h)\\b%1\"").arg(kInLiteral))},
    };
}

// ISO timestamps are for machines; a widget shows display::instant.
Rule isoInWidgets() {
    return {"formatIsoTimestamp in a widget",
            QRegularExpression(QStringLiteral("\\bformatIsoTimestamp\\s*\\("))};
}

QString withoutComments(QString text) {
    static const QRegularExpression block(QStringLiteral("/\\*.*?\\*/"),
                                          QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression line(QStringLiteral("(^|\\s)//[^\\n]*"));
    return text.remove(block).remove(line);
}

QStringList broken(const QString& text, const QList<Rule>& rules) {
    QStringList names;
    const QString code = withoutComments(text);
    for (const Rule& r : rules)
        if (r.pattern.match(code).hasMatch())
            names << QLatin1String(r.name);
    return names;
}

// The formatter itself, and the files whose figures are for machines.
const QStringList kFormatterAndMachineOutput = {
    QStringLiteral("/models/common/displayformat.cpp"),
    // Retention plans are JSON files another run applies: ISO instants only.
    QStringLiteral("/models/workspace/retentionplanjson.cpp"),
    QStringLiteral("/models/workspace/planfile.cpp"),
    // Compares instants with the text of the CSV an export wrote ("yyyy-MM-dd HH:mm:ss"), not a display.
    QStringLiteral("/models/kudos/console/disputerowsloader.cpp"),
    // The swap's exclusive lock is reported in milliseconds, finer than display::duration reads.
    QStringLiteral("/app/cli/kudosswapcommands.cpp"),
};

} // namespace

class TestFormattingSources : public QObject {
    Q_OBJECT
  private slots:
    // The rules see what they are meant to, and not in comments.
    void rulesCatchAPlantedOffender() {
        const QList<Rule> rules = formattingRules() << isoInWidgets();
        const QStringList planted = {
            QStringLiteral("return QLocale().formattedDataSize(bytes, 1);"),
            QStringLiteral("t.toString(QStringLiteral(\"yyyy-MM-dd HH:mm\"));"),
            QStringLiteral("when.toString(Qt::ISODate)"),
            QStringLiteral("QLocale().toString(d.date(), QStringLiteral(\"MMM yyyy\"))"),
            QStringLiteral("QLocale().toString(d, QLocale::ShortFormat)"),
            QStringLiteral("QStringLiteral(\"%1 MiB\").arg(n)"),
            QStringLiteral("tr(\"%1 of the 2 GB mark\")"),
            QStringLiteral("QStringLiteral(\"took %1 s\").arg(s)"),
            QStringLiteral("label->setText(formatIsoTimestamp(t));"),
        };
        for (const QString& code : planted)
            QVERIFY2(!broken(code, rules).isEmpty(), qPrintable(code));
        const QStringList innocent = {
            QStringLiteral("// \"40.3 MiB\" as display::size writes it, not toString(Qt::ISODate)"),
            QStringLiteral("QLocale().toString(rows)"),
            QStringLiteral("QStringLiteral(\"%1 rows\").arg(n); QString ms = \"x\";"),
            QStringLiteral("tr(\"Mbps\"), QStringLiteral(\"http://a/b\")"),
        };
        for (const QString& code : innocent)
            QVERIFY2(broken(code, rules).isEmpty(),
                     qPrintable(code + QStringLiteral(": ") + broken(code, rules).join(QLatin1Char(','))));
    }

    void widgetsConsoleModelsAndTheCliFormatThroughDisplay() {
        const QStringList allowed = kFormatterAndMachineOutput;
        const auto offence = [](const QList<Rule>& rules) {
            return [rules](const QString& text) { return broken(text, rules).join(QStringLiteral(", ")); };
        };
        QStringList found =
            tidemark::test::scanSources({"/ui"}, allowed, 50, offence(formattingRules() << isoInWidgets()));
        found += tidemark::test::scanSources({"/models/kudos/console", "/models/positions/console",
                                              "/models/tracks/console", "/models/workspace", "/app"},
                                             allowed, 50, offence(formattingRules()));
        for (const QString& offender : found) // one line each: QVERIFY2 cuts a long message
            qWarning().noquote() << offender;
        QVERIFY2(found.isEmpty(),
                 qPrintable(QStringLiteral("%1 file(s) format on their own").arg(found.size())));
    }
};

QTEST_GUILESS_MAIN(TestFormattingSources)
#include "test_formatting_sources.moc"
