#include "tracksourcelist.h"

#include "error.h"

#include <QFile>
#include <algorithm>
#include <numeric>
#include <optional>
#include <sstream>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

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
    return fromYamlBytes(f.read(kMaxFileBytes + 1), path); // one byte more than the bound: refused there
}

namespace {

[[noreturn]] void refuse(const QString& path, const YAML::Mark& mark, const QString& why) {
    if (mark.is_null())
        throw Error(Error::Kind::Settings, QStringLiteral("%1: %2").arg(path, why));
    throw Error(Error::Kind::Settings, QStringLiteral("%1 line %2, column %3: %4")
                                           .arg(path)
                                           .arg(mark.line + 1)
                                           .arg(mark.column + 1)
                                           .arg(why));
}

// A value of one key: a scalar (quoted or not), or nothing ("name:" alone is an empty name).
QString scalarText(const YAML::Node& value, const QString& key, const QString& path) {
    if (value.IsNull())
        return {};
    if (!value.IsScalar())
        refuse(path, value.Mark(), QStringLiteral("%1 must be a single value, not a list or a map").arg(key));
    return QString::fromStdString(value.Scalar());
}

// yaml-cpp 0.7.0 loops without end, allocating, on a ',' at the top level after a node or at a line's start
// (",", "[a] ,", "\"x\" ,"; found by fuzz_sources). Such a ',' is never valid YAML there: refused before
// the parse. Quotes, comments and [ ] { } are followed roughly (a ',' in a block scalar's line start is
// refused too).
// Whether a second document follows the first (where it starts). yaml-cpp 0.7's LoadAll can parse empty
// documents after an error forever (upstream #1319, found by fuzz_sources: a stray ',' is enough), so the
// stream is walked by a parser that is asked for two documents at the most.
std::optional<YAML::Mark> secondDocument(const std::string& text) {
    struct FirstMark : YAML::EventHandler {
        std::optional<YAML::Mark> start; // the document's, then its first node's
        bool atNode = false;
        void node(const YAML::Mark& mark) {
            if (!atNode)
                start = mark;
            atNode = true;
        }
        void OnDocumentStart(const YAML::Mark& mark) override { start = mark; }
        void OnDocumentEnd() override {}
        void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { node(mark); }
        void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { node(mark); }
        void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                      const std::string&) override {
            node(mark);
        }
        void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                             YAML::EmitterStyle::value) override {
            node(mark);
        }
        void OnSequenceEnd() override {}
        void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                        YAML::EmitterStyle::value) override {
            node(mark);
        }
        void OnMapEnd() override {}
    };
    std::istringstream stream(text);
    YAML::Parser parser(stream);
    FirstMark first;
    if (!parser.HandleNextDocument(first))
        return std::nullopt;
    FirstMark second;
    if (!parser.HandleNextDocument(second))
        return std::nullopt;
    return second.start.value_or(YAML::Mark());
}

TrackSource sourceOf(const YAML::Node& item, const QList<TrackSource>& before, const QString& path) {
    if (!item.IsMap())
        refuse(path, item.Mark(), QStringLiteral("a source must be a map of keys (- id: ..., name: ...)"));
    TrackSource s;
    bool hasId = false;
    for (const auto& pair : item) {
        const YAML::Node& keyNode = pair.first;
        const YAML::Node& value = pair.second;
        const QString key = scalarText(keyNode, QStringLiteral("a key"), path);
        const YAML::Mark at = value.IsNull() ? keyNode.Mark() : value.Mark();
        const QString text = scalarText(value, key, path);
        if (key == QLatin1String("id")) {
            if (hasId)
                refuse(path, keyNode.Mark(), QStringLiteral("a second id in one source"));
            if (text.isEmpty())
                refuse(path, at, QStringLiteral("an empty id"));
            for (const TrackSource& earlier : before)
                if (earlier.id == text)
                    refuse(path, at,
                           QStringLiteral("the id %1 again (each source once: the order of sources_json)")
                               .arg(text));
            s.id = text;
            hasId = true;
        } else if (key == QLatin1String("name")) {
            s.name = text;
        } else if (key == QLatin1String("licence_allows_author")) {
            if (text != QLatin1String("true") && text != QLatin1String("yes") &&
                text != QLatin1String("false") && text != QLatin1String("no"))
                refuse(path, at,
                       QStringLiteral("licence_allows_author is '%1', expected true or false")
                           .arg(text.left(64)));
            s.licenceAllowsAuthor = text == QLatin1String("true") || text == QLatin1String("yes");
        } else if (key == QLatin1String("url_template")) {
            s.urlTemplate = text;
        } else {
            refuse(path, keyNode.Mark(),
                   QStringLiteral("unknown key %1 (expected id, name, licence_allows_author, url_template)")
                       .arg(key.left(64)));
        }
    }
    if (!hasId)
        refuse(path, item.Mark(), QStringLiteral("a source without an id"));
    return s;
}

} // namespace

TrackSourceList TrackSourceList::fromYamlBytes(const QByteArray& bytes, const QString& path) {
    if (bytes.size() > kMaxFileBytes)
        throw Error(Error::Kind::Settings,
                    QStringLiteral("sources file %1 is larger than %2 bytes; a list of "
                                   "sources is a few lines")
                        .arg(path)
                        .arg(kMaxFileBytes));
    // yaml-cpp stops reading at a NUL byte: refused here rather than the rest of the file silently dropped.
    if (const qsizetype nul = bytes.indexOf('\0'); nul >= 0) {
        const qsizetype lineStart = bytes.lastIndexOf('\n', nul) + 1;
        throw Error(Error::Kind::Settings, QStringLiteral("%1 line %2, column %3: a NUL byte")
                                               .arg(path)
                                               .arg(bytes.left(nul).count('\n') + 1)
                                               .arg(nul - lineStart + 1));
    }
    QList<TrackSource> sources;
    try {
        // yaml-cpp bounds the nesting (YAML::DeepRecursion) and shares an alias's node instead of copying it.
        const std::string text = bytes.toStdString();
        if (const std::optional<YAML::Mark> second = secondDocument(text))
            refuse(path, *second,
                   QStringLiteral("more than the one list of sources")); // also "- id: a\nmore"
        const YAML::Node document = YAML::Load(text);
        if (document.IsNull())
            return TrackSourceList();
        // Either the list itself, or "sources:" holding it.
        YAML::Node list = document;
        if (document.IsMap()) {
            if (document.size() != 1 || !document["sources"])
                refuse(path, document.Mark(),
                       QStringLiteral("expected \"sources:\" and nothing else at the top"));
            list = document["sources"];
            if (list.IsNull())
                return TrackSourceList();
        }
        if (!list.IsSequence())
            refuse(path, list.Mark(), QStringLiteral("expected a list of sources (\"- id: ...\")"));
        for (const YAML::Node& item : list)
            sources.append(sourceOf(item, sources, path));
    } catch (const YAML::Exception& e) {
        refuse(path, e.mark, QString::fromStdString(e.msg));
    }
    return TrackSourceList(sources);
}

TrackSourceList TrackSourceList::configured(const QString& path) {
    return path.isEmpty() ? demo() : fromYaml(path);
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
