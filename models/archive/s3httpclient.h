#pragma once

#include "archivestore.h"
#include "s3credentials.h"
#include "s3location.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QPair>
#include <QString>
#include <functional>

typedef void CURL;

namespace tidemark::archive {

// One S3 call: the method, the object (empty for the bucket itself), the query and the body.
struct S3Request {
    QByteArray method = "GET"; // GET, HEAD, PUT, POST or DELETE
    QString objectName;
    QList<QPair<QString, QString>> query; // sorted and RFC 3986 encoded by the client, as SigV4 signs them
    QList<QByteArray> headers;            // "Name: value"; never an empty "Expect:" (curl would sign it)
    QByteArray body;                      // a body in memory (PUT/POST), or:
    QString bodyFile;                     // a range of a local file as the body (PUT)
    qint64 bodyOffset = 0;
    qint64 bodyLength = 0;
    QByteArray payloadSha256; // hex sha256 of the body; computed for `body` when empty
    ArchiveStore::Sink sink;  // receives a 2xx response's body; without it the body is kept in the response
};

struct S3Response {
    long status = 0;
    QByteArray body; // the error document, or the whole body when the request had no sink
    QMap<QByteArray, QByteArray> headers; // names in lower case
    int attempts = 0;
    // The <Code> of an S3 error document ("SignatureDoesNotMatch"), else empty.
    QString errorCode() const;
};

// How S3HttpClient times out and retries.
struct S3HttpOptions {
    long connectTimeoutSeconds = 10;
    long lowSpeedSeconds = 30; // abort a transfer that moved no byte for this long
    int attempts = 4;
    int firstBackoffMilliseconds = 250;
    // Bytes of the current request body sent so far (after every chunk curl sends).
    std::function<void(qint64 sentBytes)> uploadProgress;
};

// Sends S3 requests with libcurl's SigV4 signing, path-style, on one reused connection. Transport failures
// (refused, reset, timed out) and 5xx answers (503 SlowDown included) are retried with exponential backoff,
// unless part of a response body was already handed to the sink; 4xx answers never are. When every attempt
// failed to reach the endpoint, send() throws Error(Connection) naming the location.
class S3HttpClient {
  public:
    using Options = S3HttpOptions;

    S3HttpClient(S3Location location, S3Credentials credentials, Options options);
    ~S3HttpClient();
    S3HttpClient(const S3HttpClient&) = delete;
    S3HttpClient& operator=(const S3HttpClient&) = delete;

    S3Response send(const S3Request& request);

    const S3Location& location() const { return m_location; }

    // RFC 3986 encoding with upper-case hex; `keepSlash` leaves '/' as it is (object names).
    static QByteArray encode(const QString& text, bool keepSlash);

  private:
    struct Attempt;
    // One try; returns the curl result code and fills `response`.
    int attempt(const S3Request& request, S3Response& response, bool& sinkReached, QString& curlMessage);
    QByteArray urlOf(const S3Request& request) const;

    S3Location m_location;
    S3Credentials m_credentials;
    Options m_options;
    CURL* m_curl = nullptr;
};

} // namespace tidemark::archive
