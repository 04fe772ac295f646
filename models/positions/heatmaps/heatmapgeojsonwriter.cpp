#include "heatmapgeojsonwriter.h"

#include "error.h"

#include <QSaveFile>

namespace tidemark::positions {

namespace {

void appendNumber(QByteArray& out, double v, int decimals) {
    QByteArray n = QByteArray::number(v, 'f', decimals);
    if (!n.contains('.'))
        return void(out += n);
    while (n.endsWith('0'))
        n.chop(1);
    if (n.endsWith('.'))
        n.chop(1);
    out += n;
}

void appendOptional(QByteArray& out, const char* name, const std::optional<double>& v) {
    out += ",\"";
    out += name;
    out += "\":";
    if (v)
        appendNumber(out, *v, 4);
    else
        out += "null";
}

QByteArray jsonString(const QString& s) {
    QByteArray out = "\"";
    for (QChar c : s) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            out += '\\';
        out += QString(c).toUtf8();
    }
    return out + '"';
}

} // namespace

HeatmapGeoJsonWriter::HeatmapGeoJsonWriter(const HeatmapPlane& plane) : m_plane(plane) {}

void HeatmapGeoJsonWriter::setMower(const HeatmapPlane& plane, const QString& mowerId) {
    m_plane = plane;
    m_mowerProperty = "\"mower_id\":" + jsonString(mowerId) + ',';
}

void HeatmapGeoJsonWriter::beginFeature(double x0, double y0, double x1, double y1) {
    if (m_features++ > 0)
        m_body += ",\n";
    m_body += "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[";
    // Counter-clockwise exterior ring (RFC 7946 §3.1.6): SW, SE, NE, NW, SW.
    const double xs[5] = {x0, x1, x1, x0, x0};
    const double ys[5] = {y0, y0, y1, y1, y0};
    for (int k = 0; k < 5; ++k) {
        const auto [lat, lon] = m_plane.unproject(xs[k], ys[k]);
        if (k > 0)
            m_body += ',';
        m_body += '[';
        appendNumber(m_body, lon, 9);
        m_body += ',';
        appendNumber(m_body, lat, 9);
        m_body += ']';
    }
    m_body += "]]},\"properties\":{";
    m_body += m_mowerProperty;
}

void HeatmapGeoJsonWriter::addCells(const QString& layer, const HeatmapCellSet& cells, double cellMetres) {
    const QByteArray name = jsonString(layer);
    cells.forEachRun([&](std::int32_t j, std::int32_t i0, std::int32_t i1) {
        beginFeature(i0 * cellMetres, j * cellMetres, (i1 + 1) * cellMetres, (j + 1) * cellMetres);
        m_body += "\"layer\":" + name + ",\"cells\":" + QByteArray::number(i1 - i0 + 1) + "}}";
    });
}

void HeatmapGeoJsonWriter::addSignal(const SignalLayers& signal) {
    const double s = signal.cellMetres();
    for (const SignalCell& c : signal.cells()) {
        beginFeature(c.i * s, c.j * s, (c.i + 1) * s, (c.j + 1) * s);
        m_body += "\"layer\":\"signal\",\"rows\":" + QByteArray::number(c.rows);
        appendOptional(m_body, "rtk_fixed_share", c.fixedShare);
        appendOptional(m_body, "wifi_median_dbm", c.wifiMedian);
        appendOptional(m_body, "mnet_median_dbm", c.mnetMedian);
        m_body += "}}";
    }
}

QByteArray HeatmapGeoJsonWriter::toJson() const {
    return "{\"type\":\"FeatureCollection\",\"features\":[\n" + m_body + "\n]}\n";
}

void HeatmapGeoJsonWriter::write(const QString& path) const {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(toJson()) < 0 || !f.commit())
        throw Error(Error::Kind::Failed, QStringLiteral("cannot write %1: %2").arg(path, f.errorString()));
}

} // namespace tidemark::positions
