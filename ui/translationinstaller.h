#pragma once

#include <QLocale>
#include <QObject>
#include <QStringList>
#include <memory>

class QTranslator;

namespace tidemark::ui {

// Chooses the console's language (command line, else the saved menu setting, else the system locale) and
// installs Tidemark's translation (compiled into the binary) plus Qt's own for the standard dialogs, and
// makes numbers and dates follow the language (3 067 240 and 02.08.2026 in Russian). The destructor undoes
// it.
class TranslationInstaller {
  public:
    TranslationInstaller();
    ~TranslationInstaller();

    static QStringList availableLanguages(); // "en" and every compiled-in tidemark_<lang>.qm
    // "en", "ru": the override if given, else the setting "ui/language", else the system's UI languages.
    static QString resolveLanguage(const QString& override);
    static QString savedLanguage();                // empty = follow the system
    static void saveLanguage(const QString& lang); // empty = follow the system

    // Installs the translators for `lang` (removing earlier ones); false when there is no translation for it.
    bool install(const QString& lang);
    QString installedLanguage() const { return m_language; }

  private:
    std::unique_ptr<QTranslator> m_tidemark;
    std::unique_ptr<QTranslator> m_qt;
    QString m_language;
    QLocale m_previousLocale;
};

} // namespace tidemark::ui
