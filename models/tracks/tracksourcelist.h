#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace tidemark::tracks {

struct TrackSource {
    QString id;
    QString name;
    bool licenceAllowsAuthor = false;
    QString urlTemplate; // "{id}" is replaced by the source's own track id
};

// The configured sources in their configured order (gps_sources.yaml): the order of sources_json.
class TrackSourceList {
  public:
    static constexpr int kMaxSourcesPerTrack = 8;

    TrackSourceList() = default;
    explicit TrackSourceList(QList<TrackSource> sources) : m_sources(std::move(sources)) {}
    // The demo's three sources.
    static TrackSourceList demo();
    static constexpr qint64 kMaxFileBytes = 1024 * 1024;
    // A gps_sources.yaml (read with yaml-cpp) of at most kMaxFileBytes: a list of sources, at the top or
    // under "sources:", each a map of id (unique, not empty), name, licence_allows_author (true/yes/false/no)
    // and url_template. Throws Error(Settings) naming the file, and the line and column of what is wrong.
    static TrackSourceList fromYaml(const QString& path);
    // The same from the file's bytes; `path` names it in errors.
    static TrackSourceList fromYamlBytes(const QByteArray& bytes, const QString& path);
    // The file `path` when given (GPS_SOURCES_CONFIG or --sources, read by the caller), else the demo's three
    // sources.
    static TrackSourceList configured(const QString& path);

    const QList<TrackSource>& sources() const { return m_sources; }
    const TrackSource* find(const QString& id) const;
    // The source `id`; throws Error(Usage) naming it and the configured ones when it is not configured.
    const TrackSource& require(const QString& id) const;
    int rank(const QString& id) const; // position in the configured order; unknown ids after all known ones

    // The union of a track's (source, url) pairs with one more, in configured order, at most 8.
    void merge(QStringList* sources, QStringList* urls, const QString& source, const QString& url) const;

  private:
    QList<TrackSource> m_sources;
};

} // namespace tidemark::tracks
