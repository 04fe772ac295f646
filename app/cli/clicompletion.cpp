#include "clicompletion.h"

#include "cliregistry.h"

#include <QRegularExpression>

namespace tidemark::cli {

namespace {

// What follows an option that takes a value: a word list, files, folders, or nothing to offer (a number, a
// time, a connection string).
QString valueCompletion(const QCommandLineOption& option) {
    const QString name = option.names().constLast();
    const QString value = option.valueName();
    if (name == QLatin1String("dataset"))
        return QStringLiteral("COMPREPLY=($(compgen -W '%1' -- \"$cur\"))")
            .arg(schemaDatasetNames().join(QLatin1Char(' ')));
    if (name == QLatin1String("tier"))
        return QStringLiteral("COMPREPLY=($(compgen -W 'currency statistics' -- \"$cur\"))");
    if (value == QLatin1String("DIR") || name.endsWith(QLatin1String("-dir")))
        return QStringLiteral("COMPREPLY=($(compgen -d -- \"$cur\"))");
    // FILE, PATH or a file named by its extension (ROWS.csv); not SCHEMA.TABLE nor a list (A,...).
    static const QRegularExpression fileWithExtension(QStringLiteral("^[A-Z]+\\.[a-z]+$"));
    if (value == QLatin1String("FILE") || value == QLatin1String("PATH") ||
        fileWithExtension.match(value).hasMatch())
        return QStringLiteral("COMPREPLY=($(compgen -f -- \"$cur\"))");
    return QStringLiteral("COMPREPLY=()");
}

} // namespace

QString CliCompletion::bashScript() const {
    QStringList areas;
    for (const CliCommand& c : m_commands)
        if (!areas.contains(c.path.first()))
            areas += c.path.first();

    QString t = QStringLiteral("# bash completion for tidemark-cli (made by: tidemark-cli completion bash)\n"
                               "_tidemark_cli() {\n"
                               "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
                               "    local command=\"${COMP_WORDS[1]} ${COMP_WORDS[2]}\" options=\n"
                               "    COMPREPLY=()\n"
                               "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
                               "        COMPREPLY=($(compgen -W '%1 completion help --help --version' -- "
                               "\"$cur\"))\n"
                               "        return\n"
                               "    fi\n"
                               "    if [ \"$COMP_CWORD\" -eq 2 ]; then\n"
                               "        case \"${COMP_WORDS[1]}\" in\n")
                    .arg(areas.join(QLatin1Char(' ')));
    for (const QString& area : areas) {
        QStringList subcommands;
        for (const CliCommand& c : m_commands)
            if (c.path.first() == area && c.path.size() > 1)
                subcommands += c.path.at(1);
        t += QStringLiteral("        %1) COMPREPLY=($(compgen -W '%2' -- \"$cur\")) ;;\n")
                 .arg(area, subcommands.join(QLatin1Char(' ')));
    }
    t += QStringLiteral("        completion) COMPREPLY=($(compgen -W 'bash' -- \"$cur\")) ;;\n"
                        "        help) COMPREPLY=($(compgen -W '--man' -- \"$cur\")) ;;\n"
                        "        esac\n"
                        "        return\n"
                        "    fi\n"
                        "    case \"$command\" in\n");
    for (const CliCommand& c : m_commands) {
        const QList<QCommandLineOption> options = CliRegistry::optionsOf(c);
        QStringList names = {QStringLiteral("--help")};
        QString values;
        for (const QCommandLineOption& option : options) {
            names += QStringLiteral("--") + option.names().constLast();
            if (!option.valueName().isEmpty())
                values += QStringLiteral("        --%1) %2; return ;;\n")
                              .arg(option.names().constLast(), valueCompletion(option));
        }
        t += QStringLiteral("    '%1')\n        options='%2'\n        case \"$prev\" in\n%3        esac\n"
                            "        ;;\n")
                 .arg(c.path.join(QLatin1Char(' ')), names.join(QLatin1Char(' ')), values);
    }
    t += QStringLiteral("    esac\n"
                        "    if [[ $cur == -* ]]; then\n"
                        "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
                        "    else\n"
                        "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
                        "    fi\n"
                        "}\n"
                        "complete -o filenames -F _tidemark_cli tidemark-cli\n");
    return t;
}

} // namespace tidemark::cli
