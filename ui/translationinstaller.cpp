#include "translationinstaller.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace tidemark::ui {

namespace {
const QString kResourceDir = QStringLiteral(":/i18n");
const QString kSettingKey = QStringLiteral("ui/language");
} // namespace

TranslationInstaller::TranslationInstaller() : m_previousLocale(QLocale()) {}

TranslationInstaller::~TranslationInstaller() {
    QLocale::setDefault(m_previousLocale);
    if (m_tidemark)
        QCoreApplication::removeTranslator(m_tidemark.get());
    if (m_qt)
        QCoreApplication::removeTranslator(m_qt.get());
}

QStringList TranslationInstaller::availableLanguages() {
    QStringList languages{QStringLiteral("en")};
    const QStringList files = QDir(kResourceDir).entryList({QStringLiteral("tidemark_*.qm")}, QDir::Files);
    for (const QString& file : files) {
        const QString lang = file.mid(9, file.size() - 12); // tidemark_<lang>.qm
        if (!languages.contains(lang))
            languages << lang;
    }
    return languages;
}

QString TranslationInstaller::savedLanguage() {
    return QSettings().value(kSettingKey).toString();
}

void TranslationInstaller::saveLanguage(const QString& lang) {
    QSettings settings;
    if (lang.isEmpty())
        settings.remove(kSettingKey);
    else
        settings.setValue(kSettingKey, lang);
}

QString TranslationInstaller::resolveLanguage(const QString& override) {
    const QStringList available = availableLanguages();
    if (!override.isEmpty())
        return override;
    const QString saved = savedLanguage();
    if (available.contains(saved))
        return saved;
    for (const QString& uiLanguage : QLocale::system().uiLanguages()) {
        const QString lang =
            uiLanguage.section(QLatin1Char('-'), 0, 0).section(QLatin1Char('_'), 0, 0).toLower();
        if (available.contains(lang))
            return lang;
    }
    return QStringLiteral("en");
}

bool TranslationInstaller::install(const QString& lang) {
    if (m_tidemark)
        QCoreApplication::removeTranslator(m_tidemark.get());
    if (m_qt)
        QCoreApplication::removeTranslator(m_qt.get());
    m_tidemark.reset();
    m_qt.reset();
    m_language = QStringLiteral("en");
    auto tidemark = std::make_unique<QTranslator>();
    if (!tidemark->load(QStringLiteral("tidemark_%1").arg(lang), kResourceDir))
        return lang == QLatin1String("en"); // English is the source text; tidemark_en only adds plural forms
    QCoreApplication::installTranslator(tidemark.get());
    m_tidemark = std::move(tidemark);
    m_language = lang;
    // English keeps the system's number and date formats; another language brings its own.
    QLocale::setDefault(lang == QLatin1String("en") ? m_previousLocale : QLocale(lang));
    // Qt's own strings (standard buttons, file dialogs) from qt6-translations-l10n, when installed.
    auto qt = std::make_unique<QTranslator>();
    if (lang != QLatin1String("en") &&
        qt->load(QStringLiteral("qtbase_%1").arg(lang), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        m_qt = std::move(qt);
    }
    return true;
}

} // namespace tidemark::ui
