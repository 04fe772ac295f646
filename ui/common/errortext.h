#pragma once

#include <QString>

namespace tidemark::ui {

// An error message as rich text for a QLabel: escaped, in the console's error red.
inline QString errorHtml(const QString& message) {
    return QStringLiteral("<span style='color:#b00020'>%1</span>").arg(message.toHtmlEscaped());
}

} // namespace tidemark::ui
