// How the S3 client retries and times out, against a plain socket on 127.0.0.1 that only misbehaves (answers
// 5xx or 4xx, resets, or stalls), and how a listing ends when the server's pages never do (a repeated or
// missing continuation token, endless pages, keys outside the prefix): what a real radosgw cannot be made to
// answer. It is no S3 server: everything S3 itself does is tested against radosgw in test_s3store.
#include "error.h"
#include "s3store.h"

#include <optional>

#include <QTest>
#include <arpa/inet.h>
#include <atomic>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace tidemark;
using namespace tidemark::archive;

namespace {

// Accepts connections and treats each request by `behaviour`; counts the requests it read.
class MisbehavingListener {
  public:
    enum class Behaviour { Answer, Reset, Stall };

    MisbehavingListener(Behaviour behaviour, QByteArray answer = {})
        : MisbehavingListener(behaviour, [answer](int) { return answer; }) {}
    // Answers the n-th request (from 1) with answers(n).
    explicit MisbehavingListener(std::function<QByteArray(int request)> answers)
        : MisbehavingListener(Behaviour::Answer, std::move(answers)) {}

    MisbehavingListener(Behaviour behaviour, std::function<QByteArray(int request)> answers)
        : m_behaviour(behaviour), m_answers(std::move(answers)) {
        m_socket = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        if (::bind(m_socket, reinterpret_cast<sockaddr*>(&address), length) != 0 ||
            ::listen(m_socket, 8) != 0 ||
            ::getsockname(m_socket, reinterpret_cast<sockaddr*>(&address), &length) != 0)
            qFatal("cannot listen on 127.0.0.1");
        m_port = ntohs(address.sin_port);
        m_thread = std::thread([this] { serve(); });
    }
    ~MisbehavingListener() {
        m_stopping = true;
        ::shutdown(m_socket, SHUT_RDWR);
        ::close(m_socket);
        m_thread.join();
    }

    QString url() const {
        return QStringLiteral("s3://bucket/p?endpoint=http://127.0.0.1:%1&region=us-east-1").arg(m_port);
    }
    int requests() const { return m_requests; }

  private:
    void serve() {
        while (!m_stopping) {
            const int client = ::accept(m_socket, nullptr, nullptr);
            if (client < 0)
                return;
            QByteArray request;
            char buffer[4096];
            while (!request.contains("\r\n\r\n")) {
                const ssize_t got = ::recv(client, buffer, sizeof buffer, 0);
                if (got <= 0)
                    break;
                request.append(buffer, got);
            }
            const int n = ++m_requests;
            if (m_behaviour == Behaviour::Answer) {
                const QByteArray answer = m_answers(n);
                (void)!::send(client, answer.constData(), static_cast<size_t>(answer.size()), MSG_NOSIGNAL);
            } else if (m_behaviour == Behaviour::Reset) {
                linger reset{1, 0}; // close with RST
                ::setsockopt(client, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
            } else {
                while (!m_stopping && ::recv(client, buffer, sizeof buffer, 0) > 0) {
                }
            }
            ::close(client);
        }
    }

    Behaviour m_behaviour;
    std::function<QByteArray(int)> m_answers;
    int m_socket = -1;
    int m_port = 0;
    std::atomic<bool> m_stopping{false};
    std::atomic<int> m_requests{0};
    std::thread m_thread;
};

QByteArray answer(int status, const QByteArray& code) {
    const QByteArray body =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>" + code + "</Code></Error>";
    return "HTTP/1.1 " + QByteArray::number(status) +
           " X\r\nContent-Type: application/xml\r\nContent-Length: " + QByteArray::number(body.size()) +
           "\r\nConnection: close\r\n\r\n" + body;
}

// A ListObjectsV2 page holding `keys` (object names) of 7 bytes each, truncated with `token` when it is set.
QByteArray listing(const QStringList& keys, const std::optional<QString>& token) {
    QByteArray body = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><ListBucketResult>";
    for (const QString& key : keys)
        body += "<Contents><Key>" + key.toUtf8() + "</Key><Size>7</Size></Contents>";
    body += token ? "<IsTruncated>true</IsTruncated><NextContinuationToken>" + token->toUtf8() +
                        "</NextContinuationToken>"
                  : QByteArray("<IsTruncated>false</IsTruncated>");
    body += "</ListBucketResult>";
    return "HTTP/1.1 200 OK\r\nContent-Type: application/xml\r\nContent-Length: " +
           QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

S3Store storeAt(const MisbehavingListener& listener, int attempts, long lowSpeedSeconds = 30,
                S3Store::Options options = S3Store::Options()) {
    options.http.attempts = attempts;
    options.http.firstBackoffMilliseconds = 20;
    options.http.lowSpeedSeconds = lowSpeedSeconds;
    return S3Store(S3Location::parse(listener.url(), QStringLiteral("TIDEMARK_ARCHIVE_URL")),
                   {QStringLiteral("AKTEST"), QStringLiteral("not-a-real-secret")}, options);
}

Error caught(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e;
    }
    qFatal("nothing was thrown");
}

} // namespace

class TestS3Retries : public QObject {
    Q_OBJECT

  private slots:
    void slowDownIsRetriedThenAConnectionError() {
        MisbehavingListener listener(MisbehavingListener::Behaviour::Answer, answer(503, "SlowDown"));
        S3Store store = storeAt(listener, 3);
        const Error e = caught([&] { store.list(QStringLiteral("currency/")); });
        QCOMPARE(listener.requests(), 3);
        QCOMPARE(e.kind(), Error::Kind::Connection);
        QVERIFY2(e.message().contains(QStringLiteral("503 SlowDown")), qPrintable(e.message()));
        QVERIFY(!e.message().contains(QStringLiteral("not-a-real-secret")));
    }

    void serverErrorIsRetried() {
        MisbehavingListener listener(MisbehavingListener::Behaviour::Answer, answer(500, "InternalError"));
        S3Store store = storeAt(listener, 4);
        const Error e = caught([&] { store.readAll(QStringLiteral("currency/x")); });
        QCOMPARE(listener.requests(), 4);
        QCOMPARE(e.kind(), Error::Kind::Connection);
    }

    void clientErrorIsNotRetried() {
        MisbehavingListener listener(MisbehavingListener::Behaviour::Answer, answer(400, "InvalidArgument"));
        S3Store store = storeAt(listener, 4);
        const Error e = caught([&] { store.list(QString()); });
        QCOMPARE(listener.requests(), 1);
        QCOMPARE(e.kind(), Error::Kind::Failed);
        QVERIFY2(e.message().contains(QStringLiteral("400 InvalidArgument")), qPrintable(e.message()));
    }

    void resetIsRetried() {
        MisbehavingListener listener(MisbehavingListener::Behaviour::Reset);
        S3Store store = storeAt(listener, 3);
        const Error e = caught([&] { store.exists(QStringLiteral("currency/x")); });
        QCOMPARE(listener.requests(), 3);
        QCOMPARE(e.kind(), Error::Kind::Connection);
        QVERIFY2(e.message().contains(QStringLiteral("cannot reach")), qPrintable(e.message()));
    }

    // The reviewer's server: every page truncated with the same token. Before, the listing never ended
    // (10,685 requests in 25 s); now the second page ends it.
    void repeatedContinuationTokenEndsTheListing() {
        MisbehavingListener listener(
            [](int) { return listing({QStringLiteral("p/currency/a.csv.zst")}, QStringLiteral("again")); });
        S3Store store = storeAt(listener, 1);
        const Error e = caught([&] { store.usedBytes(QStringLiteral("currency/")); });
        QCOMPARE(listener.requests(), 2);
        QCOMPARE(e.kind(), Error::Kind::Failed);
        QVERIFY2(e.message().contains(QStringLiteral("repeated a continuation token after 2 pages")),
                 qPrintable(e.message()));
    }

    void truncatedPageWithoutATokenEndsTheListing() {
        MisbehavingListener listener([](int) { return listing({}, QString()); });
        S3Store store = storeAt(listener, 1);
        const Error e = caught([&] { store.list(QString()); });
        QCOMPARE(listener.requests(), 1);
        QVERIFY2(e.message().contains(QStringLiteral("truncated answer without a continuation token")),
                 qPrintable(e.message()));
    }

    // A new token on every page: the page cap ends it.
    void endlessPagesEndAtThePageCap() {
        MisbehavingListener listener([](int n) {
            return listing({QStringLiteral("p/currency/%1.csv.zst").arg(n)}, QStringLiteral("t%1").arg(n));
        });
        S3Store::Options options;
        options.maxListPages = 5;
        S3Store store = storeAt(listener, 1, 30, options);
        const Error e = caught([&] { store.list(QString()); });
        QCOMPARE(listener.requests(), 5);
        QVERIFY2(e.message().contains(QStringLiteral("more than 5 pages")), qPrintable(e.message()));
        QCOMPARE(S3Store::Options().maxListPages, 1000);
    }

    void pageOfMoreKeysThanAskedForEndsTheListing() {
        MisbehavingListener listener([](int) {
            return listing({QStringLiteral("p/a"), QStringLiteral("p/b"), QStringLiteral("p/c")},
                           std::nullopt);
        });
        S3Store::Options options;
        options.listPageSize = 2;
        S3Store store = storeAt(listener, 1, 30, options);
        const Error e = caught([&] { store.list(QString()); });
        QVERIFY2(e.message().contains(QStringLiteral("holds 3 keys, more than the 2 asked for")),
                 qPrintable(e.message()));
    }

    // Names outside the store's prefix "p" and keys the store refuses are listed as they came, each with its
    // problem, never cut into another key or dropped.
    void keysOutsideThePrefixAreListedWithTheirProblem() {
        MisbehavingListener listener([](int) {
            return listing(
                {QStringLiteral("p/currency/good.csv.zst"), QStringLiteral("other/currency/x.csv.zst"),
                 QStringLiteral("px/currency/y.csv.zst"), QStringLiteral("p/currency/../../z.csv.zst")},
                std::nullopt);
        });
        S3Store store = storeAt(listener, 1);
        const QList<ArchiveObjectInfo> objects = store.list(QString());
        QCOMPARE(objects.size(), 4);
        QCOMPARE(objects[0].key, QStringLiteral("currency/../../z.csv.zst"));
        QVERIFY2(objects[0].problem.contains(QStringLiteral("climbs out")), qPrintable(objects[0].problem));
        QCOMPARE(objects[1], (ArchiveObjectInfo{QStringLiteral("currency/good.csv.zst"), 7}));
        QCOMPARE(objects[2].key, QStringLiteral("other/currency/x.csv.zst"));
        QVERIFY2(objects[2].problem.contains(QStringLiteral("outside the prefix p")),
                 qPrintable(objects[2].problem));
        QCOMPARE(objects[3].key, QStringLiteral("px/currency/y.csv.zst"));
        QVERIFY(!objects[3].problem.isEmpty());
        QCOMPARE(store.usedBytes(QString()), 4 * 7);
    }

    void stalledServerTimesOut() {
        MisbehavingListener listener(MisbehavingListener::Behaviour::Stall);
        S3Store store = storeAt(listener, 2, 1);
        const Error e = caught([&] { store.exists(QStringLiteral("currency/x")); });
        QCOMPARE(listener.requests(), 2);
        QCOMPARE(e.kind(), Error::Kind::Connection);
        QVERIFY2(e.message().contains(QStringLiteral("too slow")) &&
                     e.message().contains(QStringLiteral("s3://bucket/p at http://127.0.0.1:")),
                 qPrintable(e.message()));
    }
};

QTEST_GUILESS_MAIN(TestS3Retries)
#include "test_s3retries.moc"
