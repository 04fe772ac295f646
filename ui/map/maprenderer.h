#pragma once

#include "maplayer.h"
#include "mapviewport.h"

#include <QHash>
#include <QImage>
#include <QObject>
#include <atomic>
#include <memory>
#include <unordered_map>
#include <vector>

namespace tidemark::ui {

// Renders each visible layer into its own image on Qt's shared thread pool (the one QtConcurrent uses; frames
// are not operator tasks and never queue behind the task manager's rounds). A layer whose cached image
// matches the viewport and the layer's revision is not rendered again; a job for an older viewport or
// revision is cancelled when a newer one starts. Finished images arrive on the GUI thread.
class MapRenderer : public QObject {
    Q_OBJECT
  public:
    struct LayerImage {
        QImage image;         // carries the device pixel ratio it was rendered for
        MapViewport viewport; // logical pixels
        quint64 revision = 0;
    };

    explicit MapRenderer(QObject* parent = nullptr);
    ~MapRenderer() override; // cancels running jobs; their images are dropped

    // Starts the jobs needed to show `layers` (bottom first) at `viewport` (logical pixels), rendering
    // images with `devicePixelRatio` device pixels per logical pixel.
    void render(const MapViewport& viewport, const std::vector<std::shared_ptr<MapLayer>>& layers,
                double devicePixelRatio = 1.0);
    // The newest finished image of a layer, possibly for an older viewport (the caller reprojects it).
    const LayerImage* image(const MapLayer* layer) const;
    void forget(const MapLayer* layer);

    bool isIdle() const { return m_running.empty(); }
    int jobsStarted() const { return m_jobsStarted; }
    int jobsCancelled() const { return m_jobsCancelled; }

  signals:
    void imageReady();
    void idle(); // no job running any more

  private:
    struct RunningJob {
        quint64 id = 0;
        MapViewport viewport;
        double devicePixelRatio = 1;
        quint64 revision = 0;
        std::shared_ptr<std::atomic<bool>> cancelled;
    };

    void finished(const MapLayer* layer, quint64 jobId, const LayerImage& result);

    QHash<const MapLayer*, LayerImage> m_images;
    std::unordered_map<const MapLayer*, RunningJob> m_running;
    quint64 m_nextJobId = 1;
    int m_jobsStarted = 0;
    int m_jobsCancelled = 0;
};

} // namespace tidemark::ui
