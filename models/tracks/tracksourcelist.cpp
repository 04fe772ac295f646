#include "tracksourcelist.h"

#include "error.h"

#include <QFile>
#include <QRegularExpression>
#include <algorithm>
#include <numeric>

namespace tidemark::tracks {

TrackSourceList TrackSourceList::demo() {
    return TrackSourceList({
        {QStringLiteral("osm"), QStringLiteral("OpenStreetMap GPS traces"), true,
         QStringLiteral("https://www.openstreetmap.org/user/trace/{id}")},
        {QStringLiteral("ttrails"), QStringLiteral("Taiga Trails"), false,
         QStringLiteral("https://ttrails.example.ru/track/{id}")},
        {QStringLiteral("velomarsh"), QStringLiteral("Velomarshrut"), true,
         QStringLiteral("https://velomarsh.example.ru/r/{id}")},
    });
}

TrackSourceList TrackSourceList::fromYaml(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        throw Error(Error::Kind::Settings,
                    QStringLiteral("cannot read sources file %1: %2").arg(path, f.errorString()));
    const QByteArray bytes = f.read(kMaxFileBytes + 1);
    if (bytes.size() > kMaxFileBytes)
        throw Error(Error::Kind::Settings,
                    QStringLiteral("sources file %1 is larger than %2 bytes; a list of "
                                   "sources is a few lines")
                        .arg(path)
                        .arg(kMaxFileBytes));
    return fromYamlBytes(bytes, path);
}

TrackSourceList TrackSourceList::fromYamlBytes(const QByteArray& bytes, const QString& path) {
    static const QRegularExpression item(QStringLiteral("^\\s*(-\\s+)?(\\w+):\\s*(.*?)\\s*$"));
    QList<TrackSource> sources;
    int lineNo = 0;
    for (const QByteArray& bytesOfLine : bytes.split('\n')) {
        ++lineNo;
        QString line = QString::fromUtf8(bytesOfLine);
        line.chop(line.endsWith(QLatin1Char('\r')) ? 1 : 0);
        if (line.trimmed().isEmpty() || line.trimmed().startsWith(QLatin1Char('#')) ||
            line.trimmed() == QLatin1String("sources:"))
            continue;
        const auto m = item.match(line);
        if (!m.hasMatch())
            throw Error(Error::Kind::Settings,
                        QStringLiteral("%1 line %2: expected \"key: value\"").arg(path).arg(lineNo));
        if (!m.captured(1).isEmpty())
            sources.append(TrackSource{});
        if (sources.isEmpty())
            throw Error(Error::Kind::Settings,
                        QStringLiteral("%1 line %2: a key outside a \"- id:\" item").arg(path).arg(lineNo));
        const auto bad = [&](const QString& why) {
            throw Error(Error::Kind::Settings,
                        QStringLiteral("%1 line %2: %3").arg(path).arg(lineNo).arg(why));
        };
        QString value = m.captured(3);
        const QChar quote = value.isEmpty() ? QChar() : value.front();
        if (quote == QLatin1Char('"') || quote == QLatin1Char('\'')) {
            if (value.size() < 2 || value.back() != quote)
                bad(QStringLiteral("a value that opens a quote must close it"));
            value = value.mid(1, value.size() - 2);
        }
        const QString key = m.captured(2);
        TrackSource& s = sources.last();
        if (key == QLatin1String("id")) {
            if (!s.id.isEmpty())
                bad(QStringLiteral("a second id in one source"));
            if (value.isEmpty())
                bad(QStringLiteral("an empty id"));
            for (qsizetype i = 0; i + 1 < sources.size(); ++i)
                if (sources[i].id == value)
                    bad(QStringLiteral("the id %1 again (each source once: the order of sources_json)")
                            .arg(value));
            s.id = value;
        } else if (key == QLatin1String("name")) {
            s.name = value;
        } else if (key == QLatin1String("licence_allows_author")) {
            if (value != QLatin1String("true") && value != QLatin1String("yes") &&
                value != QLatin1String("false") && value != QLatin1String("no"))
                bad(QStringLiteral("licence_allows_author is '%1', expected true or false").arg(value));
            s.licenceAllowsAuthor = value == QLatin1String("true") || value == QLatin1String("yes");
        } else if (key == QLatin1String("url_template")) {
            s.urlTemplate = value;
        } else {
            bad(QStringLiteral("unknown key %1 (expected id, name, licence_allows_author, url_template)")
                    .arg(key));
        }
    }
    for (const TrackSource& s : sources)
        if (s.id.isEmpty())
            throw Error(Error::Kind::Settings, QStringLiteral("%1: a source without an id").arg(path));
    return TrackSourceList(sources);
}

TrackSourceList TrackSourceList::configured(const QString& path) {
    if (!path.isEmpty())
        return fromYaml(path);
    const QString fromEnvironment = qEnvironmentVariable("GPS_SOURCES_CONFIG");
    if (!fromEnvironment.isEmpty())
        return fromYaml(fromEnvironment);
    return demo();
}

const TrackSource* TrackSourceList::find(const QString& id) const {
    for (const TrackSource& s : m_sources)
        if (s.id == id)
            return &s;
    return nullptr;
}

const TrackSource& TrackSourceList::require(const QString& id) const {
    if (const TrackSource* source = find(id))
        return *source;
    QStringList known;
    for (const TrackSource& s : m_sources)
        known << s.id;
    throw Error(Error::Kind::Usage, QStringLiteral("source %1 is not a configured source (known: %2)")
                                        .arg(id, known.join(QStringLiteral(", "))));
}

int TrackSourceList::rank(const QString& id) const {
    for (int i = 0; i < m_sources.size(); ++i)
        if (m_sources[i].id == id)
            return i;
    return static_cast<int>(m_sources.size());
}

void TrackSourceList::merge(QStringList* sources, QStringList* urls, const QString& source,
                            const QString& url) const {
    if (sources->contains(source))
        return;
    sources->append(source);
    urls->append(url);
    std::vector<int> order(sources->size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return rank(sources->at(a)) < rank(sources->at(b)); });
    QStringList s, u;
    for (int i : order) {
        if (s.size() == kMaxSourcesPerTrack)
            break;
        s << sources->at(i);
        u << urls->value(i);
    }
    *sources = s;
    *urls = u;
}

} // namespace tidemark::tracks
