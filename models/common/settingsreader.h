#pragma once

#include <QHash>
#include <QSet>
#include <QString>
#include <QTimeZone>
#include <functional>

namespace tidemark {

// Reads typed settings by name from the values app/ gathered at start (AppSettings: the environment, the
// console's configuration, the command line).
// Every accessor validates; a bad value throws Error(Settings) whose message starts with the setting's name.
class SettingsReader {
  public:
    explicit SettingsReader(QHash<QString, QString> values);

    bool has(const QString& name) const;
    // Whether any accessor has looked this name up (so a configuration can refuse names nobody reads).
    bool wasAsked(const QString& name) const { return m_asked.contains(name); }
    QString text(const QString& name, const QString& fallback) const;
    long long integer(const QString& name, long long fallback, const std::function<bool(long long)>& valid,
                      const QString& rule) const;
    // The same for settings stored in an int: a value outside int's range fails, naming the setting.
    int integer32(const QString& name, int fallback, const std::function<bool(int)>& valid,
                  const QString& rule) const;
    double real(const QString& name, double fallback, const std::function<bool(double)>& valid,
                const QString& rule) const;
    QTimeZone timeZone(const QString& name, const QString& fallback) const;

    [[noreturn]] static void fail(const QString& name, const QString& value, const QString& rule);

  private:
    QHash<QString, QString> m_values;
    mutable QSet<QString> m_asked;
};

} // namespace tidemark
