#include "cents.h"

namespace tidemark {

std::optional<qint64> parseCents(QByteArrayView text) {
    qsizetype i = 0;
    bool negative = false;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) {
        negative = text[i] == '-';
        ++i;
    }
    // Accumulate negatively so that the most negative value parses too.
    qint64 value = 0;
    int digits = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++digits) {
        if (__builtin_mul_overflow(value, 10, &value) || __builtin_sub_overflow(value, text[i] - '0', &value))
            return std::nullopt;
    }
    int decimals = 0;
    if (i < text.size() && text[i] == '.') {
        for (++i; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++decimals) {
            if (decimals == 2)
                return std::nullopt;
            if (__builtin_mul_overflow(value, 10, &value) ||
                __builtin_sub_overflow(value, text[i] - '0', &value))
                return std::nullopt;
        }
    }
    if (i != text.size() || digits + decimals == 0)
        return std::nullopt;
    for (; decimals < 2; ++decimals)
        if (__builtin_mul_overflow(value, 10, &value))
            return std::nullopt;
    if (!negative && __builtin_mul_overflow(value, -1, &value))
        return std::nullopt;
    return value;
}

QString formatCents(qint64 cents) {
    const bool negative = cents < 0;
    // Magnitude as unsigned so that the most negative value formats too.
    const quint64 magnitude = negative ? 0 - static_cast<quint64>(cents) : static_cast<quint64>(cents);
    return QStringLiteral("%1%2.%3")
        .arg(negative ? QStringLiteral("-") : QString())
        .arg(magnitude / 100)
        .arg(magnitude % 100, 2, 10, QLatin1Char('0'));
}

std::optional<qint64> addCents(qint64 a, qint64 b) {
    qint64 sum = 0;
    if (__builtin_add_overflow(a, b, &sum))
        return std::nullopt;
    return sum;
}

} // namespace tidemark
