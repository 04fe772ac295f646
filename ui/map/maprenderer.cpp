#include "maprenderer.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>
#include <algorithm>

namespace tidemark::ui {

MapRenderer::MapRenderer(QObject* parent) : QObject(parent) {}

MapRenderer::~MapRenderer() {
    for (auto& [layer, job] : m_running)
        job.cancelled->store(true);
}

void MapRenderer::render(const MapViewport& viewport, const std::vector<std::shared_ptr<MapLayer>>& layers,
                         double devicePixelRatio) {
    if (viewport.isEmpty())
        return;
    const double dpr = devicePixelRatio > 0 ? devicePixelRatio : 1.0;
    const bool wasIdle = m_running.empty();
    for (const auto& layer : layers) {
        const MapLayer* key = layer.get();
        if (!layer->isVisible()) {
            // Its cached image stays for when it is shown again; a job still drawing it is wasted work.
            const auto running = m_running.find(key);
            if (running != m_running.end()) {
                running->second.cancelled->store(true);
                ++m_jobsCancelled;
                m_running.erase(running);
            }
            continue;
        }
        const quint64 revision = layer->revision();
        const auto cached = m_images.constFind(key);
        if (cached != m_images.constEnd() && cached->viewport == viewport && cached->revision == revision &&
            cached->image.devicePixelRatio() == dpr)
            continue;
        const auto running = m_running.find(key);
        if (running != m_running.end()) {
            const RunningJob& job = running->second;
            if (job.viewport == viewport && job.revision == revision && job.devicePixelRatio == dpr)
                continue;
            running->second.cancelled->store(true);
            ++m_jobsCancelled;
            m_running.erase(running);
        }
        RunningJob job{m_nextJobId++, viewport, dpr, revision, std::make_shared<std::atomic<bool>>(false)};
        m_running.emplace(key, job);
        ++m_jobsStarted;
        QPointer<MapRenderer> self(this);
        QThreadPool::globalInstance()->start([self, key, id = job.id, viewport, dpr, revision,
                                              cancelled = job.cancelled, draw = layer->renderFunction()] {
            if (cancelled->load())
                return;
            const MapViewport device = viewport.forDevice(dpr);
            LayerImage result{QImage(device.size(), QImage::Format_ARGB32_Premultiplied), viewport, revision};
            result.image.fill(Qt::transparent);
            draw(result.image, device, *cancelled);
            result.image.setDevicePixelRatio(dpr);
            if (cancelled->load())
                return;
            // Posted through the application object, which outlives the renderer; the renderer may be gone.
            QMetaObject::invokeMethod(
                QCoreApplication::instance(),
                [self, key, id, result] {
                    if (self)
                        self->finished(key, id, result);
                },
                Qt::QueuedConnection);
        });
    }
    if (!wasIdle && m_running.empty())
        emit idle(); // the only running jobs were for layers now hidden
}

const MapRenderer::LayerImage* MapRenderer::image(const MapLayer* layer) const {
    const auto it = m_images.constFind(layer);
    return it == m_images.constEnd() ? nullptr : &*it;
}

void MapRenderer::forget(const MapLayer* layer) {
    m_images.remove(layer);
    const auto running = m_running.find(layer);
    if (running != m_running.end()) {
        running->second.cancelled->store(true);
        m_running.erase(running);
        if (m_running.empty())
            emit idle();
    }
}

void MapRenderer::finished(const MapLayer* layer, quint64 jobId, const LayerImage& result) {
    const auto running = m_running.find(layer);
    if (running == m_running.end() || running->second.id != jobId)
        return; // superseded while its result was on the way
    m_running.erase(running);
    m_images.insert(layer, result);
    emit imageReady();
    if (m_running.empty())
        emit idle();
}

} // namespace tidemark::ui
