#pragma once

#include "common/error.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <exception>
#include <functional>
#include <memory>

namespace tidemark::ui {

// Runs `work` on `pool` and hands its value (or its error message) to `receiver` on the GUI thread; nothing
// but values crosses threads. Dropped silently when the receiver is gone.
template <typename T>
void runWorkbenchTask(QThreadPool& pool, QObject* receiver, std::function<T()> work,
                      std::function<void(std::shared_ptr<T>)> done,
                      std::function<void(const QString&)> failed) {
    QPointer<QObject> guard(receiver);
    pool.start([guard, work = std::move(work), done = std::move(done), failed = std::move(failed)]() {
        std::shared_ptr<T> value;
        QString error;
        try {
            value = std::make_shared<T>(work());
        } catch (const Error& e) {
            error = e.message();
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        }
        QObject* target = guard.data();
        if (!target)
            return;
        QMetaObject::invokeMethod(
            target,
            [guard, value, error, done, failed]() {
                if (!guard)
                    return;
                if (value)
                    done(value);
                else
                    failed(error);
            },
            Qt::QueuedConnection);
    });
}

} // namespace tidemark::ui
