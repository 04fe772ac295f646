#include "mbtilestilesource.h"

#include "error.h"
#include "tileimage.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>
#include <optional>

namespace tidemark::ui {

namespace {

// Runs `call` on the GUI thread, posted through the application object, which outlives the source.
template <typename Call> void postToGui(Call&& call) {
    QMetaObject::invokeMethod(QCoreApplication::instance(), std::forward<Call>(call), Qt::QueuedConnection);
}

} // namespace

MbTilesTileSource::MbTilesTileSource(const QString& path, QObject* parent)
    : TileSource(parent), m_path(path) {
    if (const QString problem = MbTilesReader::fileProblem(path); !problem.isEmpty())
        throw Error(Error::Kind::Connection, problem);
    QPointer<MbTilesTileSource> self(this);
    // The source's destruction changes the generation: the read stops at its next step.
    QThreadPool::globalInstance()->start(
        [self, path, current = m_generation, generation = m_generation->load()] {
            MbTilesMetadata metadata;
            QString problem;
            try {
                MbTilesReader reader(path, [&] { return current->load() != generation; });
                metadata = reader.readMetadata();
            } catch (const Error& e) {
                if (e.kind() == Error::Kind::Cancelled)
                    return;
                problem = e.message();
            }
            postToGui([self, metadata, problem] {
                if (self)
                    self->finishOpening(metadata, problem);
            });
        });
}

MbTilesTileSource::MbTilesTileSource(const QString& path, const MbTilesMetadata& metadata, QObject* parent)
    : TileSource(parent), m_path(path), m_metadata(metadata), m_state(State::Open) {}

MbTilesTileSource::~MbTilesTileSource() {
    m_generation->fetch_add(1); // running jobs stop at their next tile, or at once if reading
}

std::shared_ptr<TileSource> MbTilesTileSource::twin() const {
    return std::make_shared<MbTilesTileSource>(m_path, m_metadata);
}

void MbTilesTileSource::finishOpening(const MbTilesMetadata& metadata, const QString& problem) {
    if (!problem.isEmpty()) {
        m_state = State::Failed;
        emit openFailed(problem);
        return;
    }
    m_metadata = metadata;
    m_state = State::Open;
    emit opened();
}

void MbTilesTileSource::request(const QList<TileKey>& keys) {
    if (m_state != State::Open)
        return;                                                // the view asks again on opened()
    const quint64 generation = m_generation->fetch_add(1) + 1; // older jobs are superseded
    QList<TileKey> wanted;
    for (const TileKey& key : keys)
        if (key.z >= minZoom() && key.z <= maxZoom())
            wanted.append(key);
    if (wanted.isEmpty())
        return;
    QPointer<MbTilesTileSource> self(this);
    QThreadPool::globalInstance()->start([self, path = m_path, wanted, generation, current = m_generation] {
        const auto post = [&](const TileKey& key, const QImage& image, const QString& problem) {
            postToGui([self, key, image, problem] {
                if (self)
                    self->deliver(key, image, problem);
            });
        };
        const auto superseded = [&] { return current->load() != generation; };
        // The file is opened and its tables checked again: it may have gone or changed since it was opened,
        // and then every tile asked for fails, naming it.
        std::optional<MbTilesReader> reader;
        try {
            reader.emplace(path, superseded);
        } catch (const Error& e) {
            if (e.kind() == Error::Kind::Cancelled)
                return;
            for (const TileKey& key : wanted)
                post(key, {}, e.message());
            return;
        }
        for (const TileKey& key : wanted) {
            if (superseded())
                return;
            QImage image;
            QString problem;
            try {
                const std::optional<QByteArray> bytes = reader->readTile(key.z, key.x, key.y);
                if (!bytes) {
                    problem = QStringLiteral("MBTiles file %1 has no tile %2/%3/%4")
                                  .arg(path)
                                  .arg(key.z)
                                  .arg(key.x)
                                  .arg(key.y);
                } else {
                    QString why;
                    image = TileImage::decode(*bytes, &why);
                    if (image.isNull())
                        problem = QStringLiteral("MBTiles file %1, tile %2/%3/%4: %5")
                                      .arg(path)
                                      .arg(key.z)
                                      .arg(key.x)
                                      .arg(key.y)
                                      .arg(why);
                }
            } catch (const Error& e) {
                if (e.kind() == Error::Kind::Cancelled)
                    return;
                problem = e.message();
            }
            post(key, image, problem);
        }
    });
}

void MbTilesTileSource::deliver(const TileKey& key, const QImage& image, const QString& problem) {
    // A tile read for an older view is still a good tile.
    if (problem.isEmpty())
        emit tileReady(key, image);
    else
        emit tileFailed(key, problem);
}

} // namespace tidemark::ui
