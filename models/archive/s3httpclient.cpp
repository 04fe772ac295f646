#include "s3httpclient.h"

#include "error.h"

#include <QCryptographicHash>
#include <QFile>
#include <QRandomGenerator>
#include <QThread>
#include <QXmlStreamReader>
#include <algorithm>
#include <cstring>
#include <curl/curl.h>
#include <exception>
#include <mutex>

namespace tidemark::archive {

namespace {

constexpr qint64 kMaxKeptBody = 64 * 1024 * 1024;

void initCurlOnce() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

bool isTransient(CURLcode code) {
    switch (code) {
    case CURLE_COULDNT_CONNECT:
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR:
    case CURLE_GOT_NOTHING:
    case CURLE_OPERATION_TIMEDOUT:
    case CURLE_PARTIAL_FILE:
    case CURLE_HTTP2:
        return true;
    default:
        return false;
    }
}

} // namespace

// The state curl's callbacks share during one attempt.
struct S3HttpClient::Attempt {
    CURL* curl = nullptr;
    const S3Request* request = nullptr;
    S3Response* response = nullptr;
    const Options* options = nullptr;
    QFile file;
    qint64 bodySent = 0;
    bool sinkReached = false;
    std::exception_ptr failure;

    long status() const {
        long code = 0;
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
        return code;
    }

    static size_t onHeader(char* data, size_t size, size_t count, void* user) {
        auto* self = static_cast<Attempt*>(user);
        const QByteArray line = QByteArray(data, static_cast<qsizetype>(size * count)).trimmed();
        if (line.startsWith("HTTP/")) {
            self->response->headers.clear(); // a new response (after "100 Continue")
        } else if (const qsizetype colon = line.indexOf(':'); colon > 0) {
            self->response->headers.insert(line.left(colon).trimmed().toLower(),
                                           line.mid(colon + 1).trimmed());
        }
        return size * count;
    }

    static size_t onBody(char* data, size_t size, size_t count, void* user) {
        auto* self = static_cast<Attempt*>(user);
        const qint64 length = static_cast<qint64>(size * count);
        try {
            const long status = self->status();
            if (self->request->sink && status >= 200 && status < 300) {
                self->sinkReached = true;
                self->request->sink(data, length);
            } else if (self->response->body.size() + length <= kMaxKeptBody) {
                self->response->body.append(data, length);
            } else {
                throw Error(Error::Kind::Failed,
                            QStringLiteral("an S3 response is larger than %1 bytes").arg(kMaxKeptBody));
            }
        } catch (...) {
            self->failure = std::current_exception();
            return 0; // aborts the transfer
        }
        return static_cast<size_t>(length);
    }

    static size_t onRead(char* buffer, size_t size, size_t count, void* user) {
        auto* self = static_cast<Attempt*>(user);
        const qint64 room = static_cast<qint64>(size * count);
        const S3Request& r = *self->request;
        qint64 got = 0;
        if (r.bodyFile.isEmpty()) {
            got = std::min(room, r.body.size() - self->bodySent);
            std::memcpy(buffer, r.body.constData() + self->bodySent, static_cast<size_t>(got));
        } else {
            got = self->file.read(buffer, std::min(room, r.bodyLength - self->bodySent));
            if (got < 0) {
                self->failure = std::make_exception_ptr(
                    Error(Error::Kind::Failed,
                          QStringLiteral("cannot read %1: %2").arg(r.bodyFile, self->file.errorString())));
                return CURL_READFUNC_ABORT;
            }
        }
        self->bodySent += got;
        return static_cast<size_t>(got);
    }

    static int onProgress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t sent) {
        auto* self = static_cast<Attempt*>(user);
        if (!self->options->uploadProgress || sent <= 0)
            return 0;
        try {
            self->options->uploadProgress(static_cast<qint64>(sent));
        } catch (...) {
            self->failure = std::current_exception();
            return 1;
        }
        return 0;
    }
};

QString S3Response::errorCode() const {
    QXmlStreamReader xml(body);
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("Code"))
            return xml.readElementText();
    return {};
}

S3HttpClient::S3HttpClient(S3Location location, S3Credentials credentials, Options options)
    : m_location(std::move(location)), m_credentials(std::move(credentials)), m_options(std::move(options)) {
    initCurlOnce();
    m_curl = curl_easy_init();
    if (!m_curl)
        throw Error(Error::Kind::Failed, QStringLiteral("libcurl could not start a session"));
}

S3HttpClient::~S3HttpClient() {
    curl_easy_cleanup(m_curl);
}

QByteArray S3HttpClient::encode(const QString& text, bool keepSlash) {
    // QByteArray::toPercentEncoding keeps exactly RFC 3986's unreserved set and writes upper-case hex.
    return text.toUtf8().toPercentEncoding(keepSlash ? QByteArray("/") : QByteArray());
}

QByteArray S3HttpClient::urlOf(const S3Request& request) const {
    QByteArray url = m_location.endpoint.toUtf8() + '/' + encode(m_location.bucket, false);
    if (!request.objectName.isEmpty())
        url += '/' + encode(request.objectName, true);
    // curl signs the query as it is given, so give it in SigV4's canonical form: encoded, sorted by name.
    QList<QPair<QByteArray, QByteArray>> query;
    for (const auto& [name, value] : request.query)
        query.append({encode(name, false), encode(value, false)});
    std::sort(query.begin(), query.end());
    for (qsizetype i = 0; i < query.size(); ++i)
        url += (i == 0 ? '?' : '&') + query[i].first + '=' + query[i].second;
    return url;
}

int S3HttpClient::attempt(const S3Request& request, S3Response& response, bool& sinkReached,
                          QString& curlMessage) {
    CURL* curl = m_curl;
    curl_easy_reset(curl); // keeps the connection cache
    Attempt state;
    state.curl = curl;
    state.request = &request;
    state.response = &response;
    state.options = &m_options;
    response = S3Response();

    QByteArray payloadSha256 = request.payloadSha256;
    if (payloadSha256.isEmpty())
        payloadSha256 = QCryptographicHash::hash(request.body, QCryptographicHash::Sha256).toHex();
    curl_slist* headers = nullptr;
    // curl 7.88 signs the payload hash from this header; without it radosgw refuses the signature.
    headers = curl_slist_append(headers, ("x-amz-content-sha256: " + payloadSha256).constData());
    for (const QByteArray& header : request.headers)
        headers = curl_slist_append(headers, header.constData());
    struct FreeHeaders {
        curl_slist* list;
        ~FreeHeaders() { curl_slist_free_all(list); }
    } freeHeaders{headers};

    const QByteArray url = urlOf(request);
    const QByteArray provider = "aws:amz:" + m_location.region.toUtf8() + ":s3";
    const QByteArray user = m_credentials.accessKeyId.toUtf8();
    const QByteArray secret = m_credentials.secretAccessKey.toUtf8();
    char errorBuffer[CURL_ERROR_SIZE] = {};
    curl_easy_setopt(curl, CURLOPT_URL, url.constData());
    curl_easy_setopt(curl, CURLOPT_AWS_SIGV4, provider.constData());
    curl_easy_setopt(curl, CURLOPT_USERNAME, user.constData());
    curl_easy_setopt(curl, CURLOPT_PASSWORD, secret.constData());
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, errorBuffer);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, m_options.connectTimeoutSeconds);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, m_options.lowSpeedSeconds);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, &Attempt::onHeader);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &state);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, &Attempt::onBody);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &state);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, &Attempt::onProgress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &state);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, m_options.uploadProgress ? 0L : 1L);

    if (request.method == "HEAD") {
        curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
    } else if (request.method == "PUT") {
        if (!request.bodyFile.isEmpty()) {
            state.file.setFileName(request.bodyFile);
            if (!state.file.open(QIODevice::ReadOnly) || !state.file.seek(request.bodyOffset))
                throw Error(
                    Error::Kind::Failed,
                    QStringLiteral("cannot read %1: %2").arg(request.bodyFile, state.file.errorString()));
        }
        const qint64 length = request.bodyFile.isEmpty() ? request.body.size() : request.bodyLength;
        curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
        curl_easy_setopt(curl, CURLOPT_READFUNCTION, &Attempt::onRead);
        curl_easy_setopt(curl, CURLOPT_READDATA, &state);
        curl_easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(length));
    } else if (request.method == "POST") {
        curl_easy_setopt(curl, CURLOPT_POST, 1L);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.constData());
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
    } else if (request.method != "GET") {
        curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request.method.constData());
    }

    const CURLcode code = curl_easy_perform(curl);
    sinkReached = state.sinkReached;
    if (state.failure)
        std::rethrow_exception(state.failure);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response.status);
    curlMessage =
        errorBuffer[0] ? QString::fromUtf8(errorBuffer) : QString::fromUtf8(curl_easy_strerror(code));
    return code;
}

S3Response S3HttpClient::send(const S3Request& request) {
    const int attempts = std::max(1, m_options.attempts);
    QString lastProblem;
    for (int n = 1;; ++n) {
        S3Response response;
        bool sinkReached = false;
        QString curlMessage;
        const auto code = static_cast<CURLcode>(attempt(request, response, sinkReached, curlMessage));
        response.attempts = n;
        if (code == CURLE_OK && response.status < 500)
            return response;
        if (code == CURLE_OK) {
            lastProblem = QStringLiteral("HTTP %1 %2").arg(response.status).arg(response.errorCode());
        } else {
            lastProblem = curlMessage;
            if (!isTransient(code))
                throw Error(Error::Kind::Failed,
                            QStringLiteral("%1 %2 on %3 failed: %4")
                                .arg(QString::fromLatin1(request.method), request.objectName,
                                     m_location.describe(), curlMessage));
        }
        if (sinkReached)
            throw Error(Error::Kind::Connection,
                        QStringLiteral("reading %1 from %2 was cut off: %3")
                            .arg(request.objectName, m_location.describe(), lastProblem));
        if (n >= attempts) {
            if (code == CURLE_OK)
                return response; // the caller words the server's error
            throw Error(Error::Kind::Connection,
                        QStringLiteral("cannot reach the S3 endpoint of %1 (%2 attempts): %3")
                            .arg(m_location.describe())
                            .arg(attempts)
                            .arg(lastProblem));
        }
        const int backoff = m_options.firstBackoffMilliseconds * (1 << (n - 1));
        QThread::msleep(
            static_cast<unsigned long>(backoff + QRandomGenerator::global()->bounded(backoff / 2 + 1)));
    }
}

} // namespace tidemark::archive
