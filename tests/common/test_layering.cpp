#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

// The link rule of the design: nothing under models/ includes or links Qt Widgets (or Gui widgets classes).
class TestLayering : public QObject {
    Q_OBJECT
private slots:
    void modelsHaveNoWidgets() {
        const QRegularExpression forbidden(
            QStringLiteral("^\\s*#\\s*include\\s*[<\"](QtWidgets/|QWidget|QApplication|QMainWindow|QDialog|QLabel)"
                           "|Qt6?::Widgets"),
            QRegularExpression::MultilineOption);
        QDirIterator it(QStringLiteral(TIDEMARK_SOURCE_DIR "/models"), QDir::Files, QDirIterator::Subdirectories);
        int scanned = 0;
        QStringList offenders;
        while (it.hasNext()) {
            const QString path = it.next();
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(f.readAll());
            ++scanned;
            if (forbidden.match(text).hasMatch())
                offenders << path;
        }
        QVERIFY2(scanned > 10, "the models folder was not found");
        QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestLayering)
#include "test_layering.moc"
