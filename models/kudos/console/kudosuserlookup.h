#pragma once

#include <QString>
#include <vector>

namespace tidemark {
class PgConnection;
}

namespace tidemark::kudos {

// A row of the kudos database's `users` table as the dispute's user field shows it.
struct KudosUser {
    int id = 0;
    QString username;
    QString oauthId;
    bool operator==(const KudosUser&) const = default;

    // "ana_painter12#12": the Horde's own alias (username#id), what the completer puts in the field; it
    // resolves to exactly this user.
    QString alias() const;
    // "ana_painter12#12 · google_123456789012": a completion's line.
    QString label() const;
};

// Finds users for the dispute's user field, on the caller's connection (a task's, never the GUI thread's).
// What the operator types is a user id (digits), the alias username#id, a username or an OAuth id.
class KudosUserLookup {
  public:
    static constexpr int kCompletionLimit = 50;

    explicit KudosUserLookup(PgConnection& db);

    // The one user `typed` names, in one query: digits are the id; "name#id" the id, whose username must be
    // `name`; anything else a username or an OAuth id (exact). Throws Error(Usage) naming what was typed when
    // no user or more than one matches (the candidates listed, with the alias that picks each), or nothing
    // was typed; tidemark::Error for the database.
    KudosUser resolve(const QString& typed) const;
    // Completions for what is typed so far: users whose username starts with it (case-insensitive), whose
    // OAuth id or id starts with it, by username then id, at most `limit`. Empty text: none.
    std::vector<KudosUser> complete(const QString& prefix, int limit = kCompletionLimit) const;
    // Whether `user` is among complete(prefix): the completions of a longer prefix are found among those of
    // a shorter one when that list was not cut by the limit.
    static bool matches(const KudosUser& user, const QString& prefix);

  private:
    PgConnection& m_db;
};

} // namespace tidemark::kudos
