#include "keepset.h"

#include "geodesy.h"

#include <QStringList>
#include <algorithm>
#include <cmath>

namespace tidemark::positions {

namespace {

// Rows scanned linearly before the turn search falls back to the bounding-box tree.
constexpr std::size_t kLinearTurnSearch = 8;
constexpr std::size_t kTreeLeafRows = 16;
// Slack of the turn test's cosine pre-check; inside it the exact atan2 form of the spec decides.
constexpr double kCosineSlack = 1e-12;

Micros binIndex(Micros t, Micros width) {
    return floorDiv(t - kBinAnchor, width);
}

} // namespace

QString keepReasonsText(KeepReasons reasons) {
    static const char* const names[] = {"bin", "gap", "blades", "rtk", "turn", "error"};
    QString text;
    for (int bit = 0; bit < 6; ++bit) {
        if (!(reasons & (1u << bit)))
            continue;
        if (!text.isEmpty())
            text += QLatin1Char('|');
        text += QLatin1String(names[bit]);
    }
    return text;
}

KeepSet::KeepSet(const PositionSettings& settings)
    : m_activeWidth(settings.thinActiveSeconds * kMicrosPerSecond),
      m_idleWidth(settings.thinIdleSeconds * kMicrosPerSecond),
      m_turnRadians(kTurnDegrees * kRadiansPerDegree) {}

bool KeepSet::farEnough(std::size_t a, std::size_t b) const {
    const PositionRow& ra = m_context[a];
    const PositionRow& rb = m_context[b];
    return distanceMetres(ra.lat, ra.lon, rb.lat, rb.lon) >= kNoiseStepMetres;
}

void KeepSet::prepareSearch(std::span<const PositionRow> context) {
    m_treeReady = true;
    const std::size_t n = context.size();
    double minPhi = context[0].lat, maxPhi = context[0].lat;
    for (const PositionRow& r : context) {
        minPhi = std::min(minPhi, r.lat);
        maxPhi = std::max(maxPhi, r.lat);
    }
    minPhi *= kRadiansPerDegree;
    maxPhi *= kRadiansPerDegree;
    const double phi0 = (minPhi + maxPhi) / 2;
    const double cos0 = std::cos(phi0);
    const double halfSpan = (maxPhi - minPhi) / 2;
    // On a fixed plane at phi0 the spec's distance is at most (1 + halfSpan / cos phi0) times the plane's
    // (|cos φm − cos φ0| ≤ |φm − φ0|). Near a pole or over a huge span the bound is useless: scan linearly.
    m_treeUsable = cos0 > 0.05 && halfSpan / cos0 < 0.1;
    if (!m_treeUsable)
        return;
    m_pruneScale = 1 + halfSpan / cos0 + 1e-9;
    m_x.resize(n);
    m_y.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
        m_x[k] = kEarthRadiusMetres * (context[k].lon * kRadiansPerDegree) * cos0;
        m_y[k] = kEarthRadiusMetres * (context[k].lat * kRadiansPerDegree);
    }
    m_tree.resize(4 * (n / (kTreeLeafRows / 2) + 2));
    buildTree(1, 0, n);
}

void KeepSet::buildTree(std::size_t node, std::size_t lo, std::size_t hi) {
    Box& box = m_tree[node];
    if (hi - lo <= kTreeLeafRows) {
        box = {m_x[lo], m_x[lo], m_y[lo], m_y[lo]};
        for (std::size_t k = lo + 1; k < hi; ++k) {
            box.minX = std::min(box.minX, m_x[k]);
            box.maxX = std::max(box.maxX, m_x[k]);
            box.minY = std::min(box.minY, m_y[k]);
            box.maxY = std::max(box.maxY, m_y[k]);
        }
        return;
    }
    const std::size_t mid = lo + (hi - lo) / 2;
    buildTree(2 * node, lo, mid);
    buildTree(2 * node + 1, mid, hi);
    const Box& l = m_tree[2 * node];
    const Box& r = m_tree[2 * node + 1];
    box = {std::min(l.minX, r.minX), std::max(l.maxX, r.maxX), std::min(l.minY, r.minY),
           std::max(l.maxY, r.maxY)};
}

// True when some point of the box may lie 0.3 m or more from row i (the box cannot be skipped).
bool KeepSet::farFromBox(const Box& box, std::size_t i) const {
    const double fx = std::max(std::abs(m_x[i] - box.minX), std::abs(m_x[i] - box.maxX));
    const double fy = std::max(std::abs(m_y[i] - box.minY), std::abs(m_y[i] - box.maxY));
    return std::sqrt(fx * fx + fy * fy) * m_pruneScale + 1e-6 >= kNoiseStepMetres;
}

long KeepSet::searchBack(std::size_t node, std::size_t lo, std::size_t hi, std::size_t limit,
                         std::size_t i) const {
    if (lo >= limit || !farFromBox(m_tree[node], i))
        return -1;
    if (hi - lo <= kTreeLeafRows) {
        for (std::size_t j = std::min(hi, limit); j-- > lo;)
            if (farEnough(j, i))
                return static_cast<long>(j);
        return -1;
    }
    const std::size_t mid = lo + (hi - lo) / 2;
    const long right = searchBack(2 * node + 1, mid, hi, limit, i);
    return right >= 0 ? right : searchBack(2 * node, lo, mid, limit, i);
}

long KeepSet::searchForward(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from,
                            std::size_t i) const {
    if (hi <= from || !farFromBox(m_tree[node], i))
        return -1;
    if (hi - lo <= kTreeLeafRows) {
        for (std::size_t j = std::max(lo, from); j < hi; ++j)
            if (farEnough(i, j))
                return static_cast<long>(j);
        return -1;
    }
    const std::size_t mid = lo + (hi - lo) / 2;
    const long left = searchForward(2 * node, lo, mid, from, i);
    return left >= 0 ? left : searchForward(2 * node + 1, mid, hi, from, i);
}

void KeepSet::setContext(std::span<const PositionRow> context) {
    m_context = context;
    m_treeReady = false;
}

long KeepSet::turnPredecessor(std::size_t i) {
    return predecessor(i);
}
long KeepSet::turnSuccessor(std::size_t i) {
    return successor(i);
}

long KeepSet::predecessor(std::size_t i) {
    const std::span<const PositionRow> context = m_context;
    const std::size_t stop = i > kLinearTurnSearch ? i - kLinearTurnSearch : 0;
    for (std::size_t j = i; j-- > stop;)
        if (farEnough(j, i))
            return static_cast<long>(j);
    if (stop == 0)
        return -1;
    if (!m_treeReady)
        prepareSearch(context);
    if (m_treeUsable)
        return searchBack(1, 0, context.size(), stop, i);
    for (std::size_t j = stop; j-- > 0;)
        if (farEnough(j, i))
            return static_cast<long>(j);
    return -1;
}

long KeepSet::successor(std::size_t i) {
    const std::span<const PositionRow> context = m_context;
    const std::size_t n = context.size();
    const std::size_t stop = std::min(n, i + 1 + kLinearTurnSearch);
    for (std::size_t j = i + 1; j < stop; ++j)
        if (farEnough(i, j))
            return static_cast<long>(j);
    if (stop == n)
        return -1;
    if (!m_treeReady)
        prepareSearch(context);
    if (m_treeUsable)
        return searchForward(1, 0, n, stop, i);
    for (std::size_t j = stop; j < n; ++j)
        if (farEnough(i, j))
            return static_cast<long>(j);
    return -1;
}

const std::vector<KeptRow>& KeepSet::evaluate(std::span<const PositionRow> context,
                                              std::span<const Micros> errorInstants, Micros sliceBegin,
                                              Micros sliceEnd) {
    m_kept.clear();
    setContext(context);
    const std::size_t n = context.size();
    const auto byTime = [](const PositionRow& r, Micros t) { return r.observedAt < t; };
    const std::size_t a =
        std::lower_bound(context.begin(), context.end(), sliceBegin, byTime) - context.begin();
    const std::size_t b =
        std::lower_bound(context.begin() + a, context.end(), sliceEnd, byTime) - context.begin();
    if (a == b)
        return m_kept;

    // Step k runs from row k−1 to row k; rows of the slice need steps a .. b (where they exist).
    if (m_stepDist.size() < n + 1) {
        m_stepDx.resize(n + 1);
        m_stepDy.resize(n + 1);
        m_stepDist.resize(n + 1);
    }
    const std::size_t kLo = std::max<std::size_t>(a, 1);
    const std::size_t kHi = std::min(b, n - 1);
    for (std::size_t k = kLo; k <= kHi; ++k) {
        const PlaneStep s = planeStep(context[k - 1].lat, context[k - 1].lon, context[k].lat, context[k].lon);
        m_stepDx[k] = s.dx;
        m_stepDy[k] = s.dy;
        m_stepDist[k] = stepDistance(s);
    }
    const double cosTurn = std::cos(m_turnRadians);

    auto error = std::lower_bound(errorInstants.begin(), errorInstants.end(), context[a].observedAt);
    for (std::size_t i = a; i < b; ++i) {
        const PositionRow& row = context[i];
        const bool hasPrev = i > 0;
        const bool hasNext = i + 1 < n;
        const PositionRow* prev = hasPrev ? &context[i - 1] : nullptr;
        const PositionRow* next = hasNext ? &context[i + 1] : nullptr;
        KeepReasons reasons = 0;

        const Micros width =
            (row.bladesOn || (hasPrev && m_stepDist[i] > kMovedMetres)) ? m_activeWidth : m_idleWidth;
        if (!hasPrev || binIndex(row.observedAt, width) != binIndex(prev->observedAt, width))
            reasons |= reasonBit(KeepReason::Bin);
        if (!hasPrev || !hasNext || row.observedAt - prev->observedAt > kGapLimit ||
            next->observedAt - row.observedAt > kGapLimit)
            reasons |= reasonBit(KeepReason::Gap);
        if ((hasPrev && prev->bladesOn != row.bladesOn) || (hasNext && next->bladesOn != row.bladesOn))
            reasons |= reasonBit(KeepReason::Blades);
        if ((hasPrev && prev->rtkFix != row.rtkFix) || (hasNext && next->rtkFix != row.rtkFix))
            reasons |= reasonBit(KeepReason::Rtk);

        // Turn: headings from the nearest rows at least 0.3 m away (usually the neighbours themselves).
        PlaneStep in, out;
        double inDist = 0, outDist = 0;
        bool haveIn = false, haveOut = false;
        if (hasPrev && m_stepDist[i] >= kNoiseStepMetres) {
            in = {m_stepDx[i], m_stepDy[i]};
            inDist = m_stepDist[i];
            haveIn = true;
        } else if (hasPrev) {
            const long p = predecessor(i);
            if (p >= 0) {
                in = planeStep(context[p].lat, context[p].lon, row.lat, row.lon);
                inDist = stepDistance(in);
                haveIn = true;
            }
        }
        if (haveIn && hasNext && m_stepDist[i + 1] >= kNoiseStepMetres) {
            out = {m_stepDx[i + 1], m_stepDy[i + 1]};
            outDist = m_stepDist[i + 1];
            haveOut = true;
        } else if (haveIn && hasNext) {
            const long q = successor(i);
            if (q >= 0) {
                out = planeStep(row.lat, row.lon, context[q].lat, context[q].lon);
                outDist = stepDistance(out);
                haveOut = true;
            }
        }
        if (haveIn && haveOut) {
            // The cosine of the angle between the headings settles all but the near-25° cases cheaply;
            // those take the spec's exact bearing difference.
            const double c = (in.dx * out.dx + in.dy * out.dy) / (inDist * outDist);
            bool turn;
            if (c > cosTurn + kCosineSlack)
                turn = false;
            else if (c < cosTurn - kCosineSlack)
                turn = true;
            else
                turn = std::abs(normaliseAngle(stepBearing(out) - stepBearing(in))) > m_turnRadians;
            if (turn)
                reasons |= reasonBit(KeepReason::Turn);
        }

        while (error != errorInstants.end() && *error < row.observedAt)
            ++error;
        if (error != errorInstants.end() && *error == row.observedAt)
            reasons |= reasonBit(KeepReason::Error);

        if (reasons)
            m_kept.push_back({static_cast<std::uint32_t>(i), reasons});
    }
    return m_kept;
}

std::vector<KeptRow> keepSet(std::span<const PositionRow> context, std::span<const Micros> errorInstants,
                             const PositionSettings& settings, Micros sliceBegin, Micros sliceEnd) {
    KeepSet evaluator(settings);
    return evaluator.evaluate(context, errorInstants, sliceBegin, sliceEnd);
}

} // namespace tidemark::positions
