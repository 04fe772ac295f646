#include "kudosuserlookup.h"

#include "error.h"
#include "pgconnection.h"

#include <QRegularExpression>
#include <climits>
#include <optional>

namespace tidemark::kudos {

namespace {
constexpr int kListedCandidates = 5;

std::vector<KudosUser> usersOf(const PgResult& result) {
    std::vector<KudosUser> users;
    users.reserve(std::size_t(result.rows()));
    for (int row = 0; row < result.rows(); ++row)
        users.push_back({int(result.toLong(row, 0)), result.text(row, 1), result.text(row, 2)});
    return users;
}

// A user id as typed: digits only, within the column's integer range.
std::optional<int> idOf(const QString& digits) {
    bool ok = false;
    const qlonglong id = digits.toLongLong(&ok);
    if (!ok || id > INT_MAX)
        return std::nullopt;
    return int(id);
}

QString quoted(const QString& typed) {
    return QStringLiteral("“%1”").arg(typed);
}
} // namespace

QString KudosUser::alias() const {
    return QStringLiteral("%1#%2").arg(username).arg(id);
}

QString KudosUser::label() const {
    return QStringLiteral("%1 · %2").arg(alias(), oauthId);
}

KudosUserLookup::KudosUserLookup(PgConnection& db) : m_db(db) {}

KudosUser KudosUserLookup::resolve(const QString& typedText) const {
    const QString typed = typedText.trimmed();
    if (typed.isEmpty())
        throw Error(Error::Kind::Usage,
                    QStringLiteral("type the dispute's user: a user id, a username or an OAuth id"));
    static const QRegularExpression digits(QStringLiteral("^[0-9]+$"));
    static const QRegularExpression aliasForm(QStringLiteral("^(.*)#([0-9]+)$"));
    const bool numeric = digits.match(typed).hasMatch();
    std::optional<int> id;
    QString aliasName;
    if (numeric) {
        id = idOf(typed);
        if (!id)
            throw Error(Error::Kind::Usage, QStringLiteral("no kudos user has the id %1").arg(typed));
    } else if (const QRegularExpressionMatch alias = aliasForm.match(typed); alias.hasMatch()) {
        id = idOf(alias.captured(2));
        aliasName = alias.captured(1);
    }
    // Digits are an id only; other text an exact username or OAuth id, or (name#id) the alias of a user.
    const PgResult result = m_db.exec(
        QStringLiteral("SELECT id, username, oauth_id FROM users "
                       "WHERE id = $1::integer OR username = $2::text OR oauth_id = $2::text "
                       "ORDER BY id LIMIT %1")
            .arg(kListedCandidates + 1),
        {id ? PgParam(*id) : PgParam(std::nullopt), numeric ? PgParam(std::nullopt) : PgParam(typed)});
    const std::vector<KudosUser> found = usersOf(result);
    if (!numeric && id) {
        for (const KudosUser& user : found)
            if (user.id == *id && user.username == aliasName)
                return user;
    }
    std::vector<KudosUser> named;
    for (const KudosUser& user : found)
        if (numeric || user.username == typed || user.oauthId == typed)
            named.push_back(user);
    if (named.size() == 1)
        return named.front();
    if (named.empty()) {
        if (numeric)
            throw Error(Error::Kind::Usage, QStringLiteral("no kudos user has the id %1").arg(typed));
        QString message = QStringLiteral("no kudos user has the username or OAuth id %1").arg(quoted(typed));
        if (id)
            for (const KudosUser& user : found)
                if (user.id == *id)
                    message += QStringLiteral(" (user %1 is %2, not %3)")
                                   .arg(user.id)
                                   .arg(quoted(user.username), quoted(aliasName));
        throw Error(Error::Kind::Usage, message);
    }
    QStringList candidates;
    for (std::size_t i = 0; i < named.size() && i < std::size_t(kListedCandidates); ++i)
        candidates << QStringLiteral("%1 (OAuth id %2)").arg(named[i].alias(), named[i].oauthId);
    if (named.size() > std::size_t(kListedCandidates))
        candidates << QStringLiteral("…");
    throw Error(Error::Kind::Usage,
                QStringLiteral("%1 names more than one kudos user: %2; type the one meant as username#id or "
                               "by its id")
                    .arg(quoted(typed), candidates.join(QStringLiteral(", "))));
}

std::vector<KudosUser> KudosUserLookup::complete(const QString& prefixText, int limit) const {
    const QString prefix = prefixText.trimmed();
    if (prefix.isEmpty() || limit <= 0)
        return {};
    // No index serves a prefix of lower(username): the scan stops at `limit` matches in the sort's top-N.
    return usersOf(m_db.exec(
        QStringLiteral(
            "SELECT id, username, oauth_id FROM users "
            "WHERE starts_with(lower(username), lower($1::text)) OR starts_with(oauth_id, $1::text) "
            "OR starts_with(id::text, $1::text) "
            "ORDER BY lower(username), id LIMIT $2::integer"),
        {prefix, limit}));
}

bool KudosUserLookup::matches(const KudosUser& user, const QString& prefixText) {
    const QString prefix = prefixText.trimmed();
    return !prefix.isEmpty() &&
           (user.username.toLower().startsWith(prefix.toLower()) || user.oauthId.startsWith(prefix) ||
            QString::number(user.id).startsWith(prefix));
}

} // namespace tidemark::kudos
