// The headers most tests include, compiled once (tidemark_test_pch) and reused by every test executable:
// reading them took half of a test's compile. Only QtCore and the standard library: a header that tests a
// module's macro (QtTest's QTEST_MAIN picks its application class from QT_WIDGETS_LIB) would make the one
// precompiled copy wrong for the tests built with another set of modules.
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QUuid>
#include <QVariant>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <thread>
#include <vector>
