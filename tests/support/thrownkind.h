#pragma once

#include "error.h"

#include <QString>
#include <functional>
#include <optional>

namespace tidemark::test {

// The kind of the tidemark::Error that `f` throws (its message into *message), or nullopt when it throws
// none.
inline std::optional<Error::Kind> thrownKind(const std::function<void()>& f, QString* message = nullptr) {
    try {
        f();
    } catch (const Error& e) {
        if (message)
            *message = e.message();
        return e.kind();
    }
    return std::nullopt;
}

} // namespace tidemark::test
