#pragma once

#include <QtGlobal>
#include <cmath>
#include <cstdint>

namespace tidemark::demo {

// A small, fully specified pseudo-random generator (xoshiro256** seeded by splitmix64) with its own
// distributions, so the demo data is identical for a seed on every platform and standard library.
class DemoRandom {
  public:
    explicit DemoRandom(quint64 seed) {
        quint64 x = seed;
        for (auto& s : m_state)
            s = splitmix(x);
    }

    static quint64 splitmix(quint64& x) {
        quint64 z = (x += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    // A seed for a sub-stream (one mower, one source) derived from a base seed and a label.
    static quint64 derive(quint64 seed, quint64 label) {
        quint64 x = seed ^ (label * 0xD1B54A32D192ED03ULL + 0x632BE59BD9B4E019ULL);
        return splitmix(x);
    }

    quint64 next() {
        const quint64 result = rotl(m_state[1] * 5, 7) * 9;
        const quint64 t = m_state[1] << 17;
        m_state[2] ^= m_state[0];
        m_state[3] ^= m_state[1];
        m_state[1] ^= m_state[2];
        m_state[0] ^= m_state[3];
        m_state[2] ^= t;
        m_state[3] = rotl(m_state[3], 45);
        return result;
    }
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; } // [0, 1)
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    bool chance(double p) { return uniform() < p; }
    // An integer in [lo, hi], both inclusive.
    qint64 range(qint64 lo, qint64 hi) {
        return lo + static_cast<qint64>(next() % static_cast<quint64>(hi - lo + 1));
    }
    double normal(double sigma = 1.0) {
        const double u1 = 1.0 - uniform();
        const double u2 = uniform();
        return sigma * std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    }

  private:
    static quint64 rotl(quint64 x, int k) { return (x << k) | (x >> (64 - k)); }
    quint64 m_state[4];
};

} // namespace tidemark::demo
