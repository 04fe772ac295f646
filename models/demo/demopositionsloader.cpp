#include "demopositionsloader.h"

#include "copytextbuffer.h"

#include "error.h"
#include "taskfeedback.h"

#include <cmath>

namespace tidemark::demo {

DemoPositionsLoader::DemoPositionsLoader(PgConnection& connection, PositionsGeneratorOptions options)
    : m_connection(connection), m_options(options) {}

qint64 DemoPositionsLoader::load() {
    TaskFeedback withoutOperator;
    return load(withoutOperator);
}

qint64 DemoPositionsLoader::load(TaskFeedback& feedback) {
    const PositionsGenerator generator(m_options);
    m_connection.execScript(QStringLiteral("SET synchronous_commit = off"));
    qint64 rows = 0;
    std::vector<std::pair<QUuid, HistoryRow>> history;
    for (int i = 0; i < generator.mowerCount(); ++i) {
        if (!feedback.checkpoint())
            throw Error(Error::Kind::Failed, QStringLiteral("demo up cancelled while loading positions"));
        feedback.reportProgress(
            0.05 + 0.6 * i / generator.mowerCount(),
            QStringLiteral("positions: mower %1 of %2").arg(i + 1).arg(generator.mowerCount()));
        const GeneratedMower mower = generator.generate(i);
        CopyTextBuffer copy(m_connection);
        copy.begin(QStringLiteral(
            "COPY mower_positions (mower_id, observed_at, lat, lon, blades_on, rtk_fix, wifi_rssi,"
            " mnet_rssi, speed_mps) FROM STDIN"));
        const QUuid id = mower.track.mowerId;
        for (const positions::PositionRow& r : mower.track.rows) {
            copy.uuid(id).timestamptz(r.observedAt).real(r.lat).real(r.lon).boolean(r.bladesOn);
            r.hasRtkFix() ? copy.integer(r.rtkFix) : copy.null();
            r.hasWifi() ? copy.integer(r.wifiRssi) : copy.null();
            r.hasMnet() ? copy.integer(r.mnetRssi) : copy.null();
            std::isnan(r.speedMps) ? copy.null() : copy.real(std::round(r.speedMps * 1000.0) / 1000.0);
            copy.endRow();
        }
        rows += copy.end();
        for (const HistoryRow& h : mower.history)
            history.emplace_back(id, h);
    }
    CopyTextBuffer copy(m_connection);
    copy.begin(QStringLiteral("COPY mower_history (mower_id, observed_at, state, error_code) FROM STDIN"));
    for (const auto& [id, h] : history) {
        copy.uuid(id).timestamptz(h.observedAt).text(h.state);
        h.errorCode ? copy.integer(*h.errorCode) : copy.null();
        copy.endRow();
    }
    m_historyRows = copy.end();
    return rows;
}

} // namespace tidemark::demo
