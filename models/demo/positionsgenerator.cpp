#include "positionsgenerator.h"

#include "demolawn.h"
#include "demorandom.h"

#include <cmath>
#include <deque>
#include <limits>

namespace tidemark::demo {

namespace {

constexpr Micros kNoSilence = std::numeric_limits<Micros>::max();
constexpr double kMowingSpeed = 0.35;
constexpr double kTurnSpeed = 0.2;
constexpr double kTransferSpeed = 0.3;

Micros seconds(double s) {
    return static_cast<Micros>(std::llround(s * kMicrosPerSecond));
}

struct PathSegment {
    LawnPoint to;
    double speed;
    bool blades;
};

// Moves a point along a queue of straight segments, each with its own speed and blade state.
struct PathWalker {
    LawnPoint position;
    std::deque<PathSegment> queue;
    double speed = 0;
    bool blades = false;

    // Moves for `s` seconds; returns the time left over when the queue ran out.
    double advance(double s) {
        while (s > 1e-9 && !queue.empty()) {
            const PathSegment& seg = queue.front();
            const double du = seg.to.u - position.u;
            const double dv = seg.to.v - position.v;
            const double dist = std::hypot(du, dv);
            speed = seg.speed;
            blades = seg.blades;
            if (dist <= seg.speed * s) {
                position = seg.to;
                s -= dist / seg.speed;
                queue.pop_front();
            } else {
                const double f = seg.speed * s / dist;
                position.u += du * f;
                position.v += dv * f;
                s = 0;
            }
        }
        return s;
    }
};

// One mower over the whole range, day by day: docked and charging, one or two mowing sessions on dry days,
// night-time silences, errors with standing rows, and the lane it reached carried from session to session.
class MowerSimulation {
  public:
    MowerSimulation(const DemoLawn& lawn, DemoRandom& random, Micros start, Micros end, GeneratedMower& out)
        : m_lawn(lawn), m_random(random), m_start(start), m_end(end), m_out(out) {}

    void run() {
        Micros t = floorToStep(m_start, kMicrosPerDay);
        for (Micros day = t; day < m_end; day += kMicrosPerDay) {
            m_silenceFrom = m_silenceTo = kNoSilence;
            if (m_random.chance(0.3)) {
                m_silenceFrom = day + seconds(m_random.uniform(0, 4.5 * 3600));
                m_silenceTo = m_silenceFrom + seconds(m_random.uniform(240, 2.5 * 3600));
            }
            if (m_random.chance(0.22)) {
                docked(t, day + seconds(m_random.uniform(7, 9) * 3600), {});
                docked(t, day + kMicrosPerDay, QStringLiteral("rain_delay"));
                continue;
            }
            const Micros first = day + seconds(m_random.uniform(7, 9.5) * 3600);
            docked(t, first, {});
            t = session(first, seconds(m_random.uniform(35, 85) * 60));
            if (m_random.chance(0.5)) {
                const Micros second =
                    std::max(t + kMicrosPerHour, day + seconds(m_random.uniform(13, 16) * 3600));
                const Micros length = seconds(m_random.uniform(30, 70) * 60);
                if (second + length < day + 22 * kMicrosPerHour) {
                    docked(t, second, {});
                    t = session(second, length);
                }
            }
            docked(t, day + kMicrosPerDay, {});
        }
    }

  private:
    bool addRow(Micros t, LawnPoint p, bool blades, double speed, bool standing) {
        if (t < m_start || t >= m_end || t <= m_lastEmitted)
            return false;
        positions::PositionRow row;
        row.observedAt = t;
        row.rtkFix = m_rtkWarmup > 0 ? 0 : (m_lawn.underTree(p) ? 1 : 2);
        if (m_rtkWarmup > 0)
            --m_rtkWarmup;
        const double sigma = row.rtkFix == 2 ? (standing ? 0.012 : 0.008) : row.rtkFix == 1 ? 0.12 : 0.6;
        m_lawn.toLatLon({p.u + m_random.normal(sigma), p.v + m_random.normal(sigma)}, &row.lat, &row.lon);
        row.bladesOn = blades;
        const int wifi = m_lawn.wifiRssi(p, m_random.normal(2.0));
        if (wifi != 0)
            row.wifiRssi = static_cast<std::int16_t>(wifi);
        row.mnetRssi = static_cast<std::int16_t>(m_lawn.mobileRssi(p, m_random.normal(1.5)));
        row.speedMps = standing ? 0.0f : static_cast<float>(std::max(0.0, speed + m_random.normal(0.01)));
        m_out.track.rows.push_back(row);
        m_lastEmitted = t;
        return true;
    }

    void state(Micros t, const QString& name, std::optional<int> errorCode = std::nullopt) {
        if (!m_out.history.empty() && m_out.history.back().observedAt == t)
            return;
        m_out.history.push_back({t, name, errorCode});
        if (errorCode)
            m_out.track.errorInstants.push_back(t);
    }

    // Rows at the dock every 30-120 s until `until`, skipping the day's silence.
    void docked(Micros& t, Micros until, const QString& firstState) {
        bool pending = !firstState.isEmpty();
        for (;;) {
            const Micros next =
                t + m_random.range(30, 120) * kMicrosPerSecond + m_random.range(0, 999) * 1000;
            if (next >= until)
                break;
            t = next;
            if (t >= m_silenceFrom && t < m_silenceTo) {
                t = m_silenceTo;
                m_rtkWarmup = 2;
                continue;
            }
            if (addRow(t, m_lawn.dock(), false, 0, true) && pending) {
                state(t, firstState);
                pending = false;
            }
        }
    }

    // Mostly 1-3 s, sometimes up to 20 s (the uplink batches rows when busy).
    int sampleInterval() {
        const double u = m_random.uniform();
        if (u < 0.70)
            return 1;
        if (u < 0.88)
            return 2;
        if (u < 0.95)
            return 3;
        if (u < 0.99)
            return static_cast<int>(m_random.range(4, 10));
        return static_cast<int>(m_random.range(11, 20));
    }

    LawnPoint laneStart(int lane) const {
        return {lane % 2 == 0 ? m_lawn.laneStartU(lane) : m_lawn.laneEndU(lane), m_lawn.laneV(lane)};
    }
    LawnPoint laneEnd(int lane) const {
        return {lane % 2 == 0 ? m_lawn.laneEndU(lane) : m_lawn.laneStartU(lane), m_lawn.laneV(lane)};
    }

    // The next lane: a U-turn from the end of the current one (or a transit back to the first lane).
    void appendLane(PathWalker& w, bool resume) {
        if (!resume) {
            const LawnPoint a = laneEnd(m_lane);
            const double outward = m_lane % 2 == 0 ? 1.0 : -1.0;
            m_lane += 1;
            if (m_lane >= m_lawn.laneCount()) {
                m_lane = 0;
                w.queue.push_back({laneStart(0), kTransferSpeed, false});
            } else {
                const LawnPoint b = laneStart(m_lane);
                for (int j = 1; j < 6; ++j) {
                    const double angle = -1.5707963267948966 + 3.141592653589793 * j / 6;
                    const double f = (std::sin(angle) + 1) / 2;
                    w.queue.push_back(
                        {{a.u + (b.u - a.u) * f + outward * (DemoLawn::kLaneSpacing / 2) * std::cos(angle),
                          a.v + (b.v - a.v) * f},
                         kTurnSpeed,
                         true});
                }
                w.queue.push_back({b, kTurnSpeed, true});
            }
        }
        w.queue.push_back({laneEnd(m_lane), kMowingSpeed, true});
    }

    enum class Phase { Leaving, Mowing, Returning };

    void step(PathWalker& w, Phase& phase, double s) {
        double left = w.advance(s);
        while (left > 1e-9 && phase != Phase::Returning) {
            const bool resume = phase == Phase::Leaving;
            phase = Phase::Mowing;
            appendLane(w, resume);
            left = w.advance(left);
        }
    }

    void startReturn(PathWalker& w, Phase& phase) {
        w.queue.clear();
        w.queue.push_back({m_lawn.entry(), kTransferSpeed, false});
        w.queue.push_back({m_lawn.dock(), kTransferSpeed, false});
        phase = Phase::Returning;
    }

    Micros session(Micros begin, Micros duration) {
        static const int kErrorCodes[] = {2, 9, 10, 13, 18, 71};
        Micros t = begin + m_random.range(0, 999) * 1000;
        m_rtkWarmup = 0;
        PathWalker w;
        w.position = m_lawn.dock();
        w.queue.push_back({m_lawn.entry(), kTransferSpeed, false});
        w.queue.push_back({laneStart(m_lane), kTransferSpeed, false});
        Phase phase = Phase::Leaving;
        if (addRow(t, w.position, false, kTransferSpeed, false))
            state(t, QStringLiteral("leaving_dock"));
        const Micros endAt = begin + duration;
        Micros errorAt =
            m_random.chance(0.35) ? begin + seconds(m_random.uniform(0.2, 0.8) * duration / 1e6) : kNoSilence;
        Micros silenceAt =
            m_random.chance(0.3) ? begin + seconds(m_random.uniform(0.1, 0.9) * duration / 1e6) : kNoSilence;
        QString pending;
        bool wasBlades = false;
        while (t < m_end) {
            const int dt = sampleInterval();
            t += dt * kMicrosPerSecond;
            if (phase != Phase::Returning && t >= endAt) {
                startReturn(w, phase);
                pending = QStringLiteral("returning");
            }
            step(w, phase, dt);
            if (phase == Phase::Returning && w.queue.empty()) {
                if (addRow(t, w.position, false, 0, true))
                    state(t, QStringLiteral("docked"));
                break;
            }
            if (phase != Phase::Returning && t >= silenceAt) {
                const double gap = m_random.uniform(150, 600); // the uplink drops; the mower mows on
                step(w, phase, gap);
                t += seconds(gap);
                silenceAt = kNoSilence;
                continue;
            }
            if (!addRow(t, w.position, w.blades, w.speed, false))
                continue;
            if (!pending.isEmpty()) {
                state(t, pending);
                pending.clear();
            } else if (w.blades && !wasBlades) {
                state(t, QStringLiteral("mowing"));
            }
            wasBlades = w.blades;
            if (phase == Phase::Mowing && w.blades && t >= errorAt) {
                const int code = kErrorCodes[m_random.range(0, 5)];
                if (m_out.history.empty() || m_out.history.back().observedAt != t)
                    state(t, QStringLiteral("error"), code);
                errorAt = kNoSilence;
                const Micros standUntil = t + seconds(m_random.uniform(60, 480));
                for (Micros next; (next = t + m_random.range(20, 60) * kMicrosPerSecond) < standUntil;) {
                    t = next;
                    addRow(t, w.position, false, 0, true);
                }
                wasBlades = false;
                if (code == 9 || code == 10) { // trapped, lifted: the owner carries it home
                    startReturn(w, phase);
                    pending = QStringLiteral("returning");
                } else {
                    pending = QStringLiteral("mowing");
                }
            }
        }
        return std::max(t, m_lastEmitted);
    }

    const DemoLawn& m_lawn;
    DemoRandom& m_random;
    Micros m_start;
    Micros m_end;
    GeneratedMower& m_out;
    int m_lane = 0;
    int m_rtkWarmup = 0;
    Micros m_lastEmitted = std::numeric_limits<Micros>::min();
    Micros m_silenceFrom = kNoSilence;
    Micros m_silenceTo = kNoSilence;
};

} // namespace

PositionsGenerator::PositionsGenerator(PositionsGeneratorOptions options) : m_options(options) {
    if (m_options.end == 0)
        m_options.end = floorToStep(nowMicros(), kMicrosPerDay);
}

int PositionsGenerator::mowerCount() const {
    return m_options.mowers;
}

GeneratedMower PositionsGenerator::generate(int mowerIndex) const {
    GeneratedMower out;
    DemoRandom random(DemoRandom::derive(m_options.seed, 1000 + static_cast<quint64>(mowerIndex)));
    const DemoLawn lawn(mowerIndex, random);
    out.name = QStringLiteral("Mower %1 (%2)").arg(mowerIndex + 1).arg(lawn.placeName());
    out.track.mowerId =
        QUuid::createUuidV5(QUuid(QStringLiteral("6ba7b811-9dad-11d1-80b4-00c04fd430c8")),
                            QStringLiteral("tidemark-demo-mower:%1:%2").arg(m_options.seed).arg(mowerIndex));
    const Micros start = m_options.end - m_options.days * kMicrosPerDay;
    out.track.rows.reserve(static_cast<size_t>(m_options.days) * 3600);
    MowerSimulation(lawn, random, start, m_options.end, out).run();
    return out;
}

} // namespace tidemark::demo
