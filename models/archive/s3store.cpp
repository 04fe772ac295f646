#include "s3store.h"

#include "directorystore.h"
#include "error.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QXmlStreamReader>
#include <algorithm>

namespace tidemark::archive {

namespace {

constexpr qint64 kHashChunk = 1024 * 1024;

struct RangeDigest {
    QByteArray sha256Hex;
    QByteArray md5; // raw
};

RangeDigest digestOf(const QString& path, qint64 offset, qint64 length) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly) || !file.seek(offset))
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot read %1 to archive it: %2").arg(path, file.errorString()));
    QCryptographicHash sha256(QCryptographicHash::Sha256);
    QCryptographicHash md5(QCryptographicHash::Md5);
    QByteArray buffer(kHashChunk, Qt::Uninitialized);
    for (qint64 left = length; left > 0;) {
        const qint64 got = file.read(buffer.data(), std::min(left, kHashChunk));
        if (got <= 0)
            throw Error(
                Error::Kind::Failed,
                QStringLiteral("cannot read %1 to archive it: %2")
                    .arg(path, got < 0 ? file.errorString() : QStringLiteral("shorter than expected")));
        sha256.addData(QByteArrayView(buffer.constData(), got));
        md5.addData(QByteArrayView(buffer.constData(), got));
        left -= got;
    }
    return {sha256.result().toHex(), md5.result()};
}

QByteArray unquoted(QByteArray etag) {
    if (etag.size() >= 2 && etag.startsWith('"') && etag.endsWith('"'))
        etag = etag.mid(1, etag.size() - 2);
    return etag;
}

QString textOf(const QByteArray& xml, const QString& element) {
    QXmlStreamReader reader(xml);
    while (!reader.atEnd())
        if (reader.readNext() == QXmlStreamReader::StartElement && reader.name() == element)
            return reader.readElementText();
    return {};
}

} // namespace

S3Store::S3Store(S3Location location, S3Credentials credentials, Options options)
    : m_client(std::move(location), std::move(credentials), options.http), m_options(std::move(options)) {
    if (m_options.partBytes < 5 * 1024 * 1024 || m_options.multipartThreshold < 1)
        throw Error(Error::Kind::Settings, QStringLiteral("S3 part size must be at least 5 MiB"));
}

QString S3Store::describe() const {
    return m_client.location().describe();
}

void S3Store::failWith(const S3Response& response, const QString& what) const {
    const QString code = response.errorCode();
    const QString detail = QStringLiteral("HTTP %1%2")
                               .arg(response.status)
                               .arg(code.isEmpty() ? QString() : QLatin1Char(' ') + code);
    if (response.status == 403 || response.status == 401)
        // A wrong key or secret makes the store as unusable as a stopped server: retention pauses.
        throw Error(
            Error::Kind::Connection,
            QStringLiteral("%1: %2 refused access (%3); check AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY "
                           "or TIDEMARK_S3_CREDENTIALS_FILE")
                .arg(what, describe(), detail));
    if (response.status >= 500 || code == QLatin1String("NoSuchBucket"))
        throw Error(Error::Kind::Connection,
                    QStringLiteral("%1: %2 answered %3").arg(what, describe(), detail));
    throw Error(Error::Kind::Failed, QStringLiteral("%1: %2 answered %3").arg(what, describe(), detail));
}

void S3Store::refuseExisting(const QString& key) const {
    throw Error(Error::Kind::Refused,
                QStringLiteral("archive object %1 already exists in %2; objects are written once")
                    .arg(key, describe()));
}

bool S3Store::exists(const QString& key) {
    DirectoryStore::checkKey(key);
    S3Request request;
    request.method = "HEAD";
    request.objectName = m_client.location().objectName(key);
    const S3Response response = m_client.send(request);
    if (response.status == 200)
        return true;
    if (response.status == 404)
        return false;
    // A HEAD answer has no body, so no S3 error code: ask for one byte to learn it.
    request.method = "GET";
    request.headers = {"Range: bytes=0-0"};
    request.sink = [](const char*, qint64) {};
    const S3Response explained = m_client.send(request);
    failWith(explained.errorCode().isEmpty() ? response : explained,
             QStringLiteral("looking up %1").arg(key));
}

bool S3Store::bucketExists() {
    S3Request request;
    request.method = "HEAD";
    const S3Response response = m_client.send(request);
    if (response.status == 200)
        return true;
    if (response.status == 404)
        return false;
    failWith(response, QStringLiteral("looking up the bucket %1").arg(m_client.location().bucket));
}

QList<ArchiveObjectInfo> S3Store::list(const QString& prefix) {
    const S3Location& location = m_client.location();
    const auto fail = [&](const QString& why) {
        throw Error(Error::Kind::Failed, QStringLiteral("listing %1 in %2: %3").arg(prefix, describe(), why));
    };
    QList<ArchiveObjectInfo> objects;
    QSet<QString> tokens;
    QString continuation;
    for (int page = 1;; ++page) {
        if (page > m_options.maxListPages)
            fail(QStringLiteral("the server gave more than %1 pages; stopped there")
                     .arg(m_options.maxListPages));
        S3Request request;
        request.query = {{QStringLiteral("list-type"), QStringLiteral("2")},
                         {QStringLiteral("prefix"), location.objectName(prefix)},
                         {QStringLiteral("max-keys"), QString::number(m_options.listPageSize)}};
        if (!continuation.isEmpty())
            request.query.append({QStringLiteral("continuation-token"), continuation});
        const S3Response response = m_client.send(request);
        if (response.status != 200)
            failWith(response, QStringLiteral("listing %1").arg(prefix));
        QXmlStreamReader xml(response.body);
        bool truncated = false;
        continuation.clear();
        int keys = 0;
        ArchiveObjectInfo current;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement()) {
                if (xml.name() == QLatin1String("Contents")) {
                    current = ArchiveObjectInfo();
                } else if (xml.name() == QLatin1String("Key")) {
                    const QString name = xml.readElementText();
                    const std::optional<QString> key = location.keyOf(name);
                    current.key = key.value_or(name);
                    current.problem = !key ? QStringLiteral("was listed, but lies outside the prefix %1 (its "
                                                            "object name is shown)")
                                                 .arg(location.prefix)
                                           : DirectoryStore::keyProblem(*key);
                } else if (xml.name() == QLatin1String("Size")) {
                    current.bytes = xml.readElementText().toLongLong();
                } else if (xml.name() == QLatin1String("IsTruncated")) {
                    truncated = xml.readElementText() == QLatin1String("true");
                } else if (xml.name() == QLatin1String("NextContinuationToken")) {
                    continuation = xml.readElementText();
                }
            } else if (xml.isEndElement() && xml.name() == QLatin1String("Contents")) {
                if (current.key != QLatin1String(ArchiveMarker::kKey) || !current.problem.isEmpty())
                    objects.append(current); // the archive's marker is not an object
                ++keys;
            }
        }
        if (xml.hasError())
            fail(QStringLiteral("unreadable answer (%1)").arg(xml.errorString()));
        if (keys > m_options.listPageSize)
            fail(QStringLiteral("page %1 holds %2 keys, more than the %3 asked for")
                     .arg(page)
                     .arg(keys)
                     .arg(m_options.listPageSize));
        if (!truncated)
            break;
        if (continuation.isEmpty())
            fail(QStringLiteral("a truncated answer without a continuation token"));
        if (tokens.contains(continuation))
            fail(QStringLiteral("the server repeated a continuation token after %1 pages; stopped there")
                     .arg(page));
        tokens.insert(continuation);
    }
    std::sort(objects.begin(), objects.end(),
              [](const ArchiveObjectInfo& a, const ArchiveObjectInfo& b) { return a.key < b.key; });
    return objects;
}

qint64 S3Store::usedBytes(const QString& prefix) {
    qint64 bytes = 0;
    for (const ArchiveObjectInfo& object : list(prefix))
        bytes += object.bytes;
    return bytes;
}

void S3Store::putFile(const QString& key, const QString& localPath) {
    DirectoryStore::checkKey(key);
    const QFileInfo info(localPath);
    if (!info.isFile())
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot read %1 to archive it: not a file").arg(localPath));
    // Refuse before sending anything; the conditional write below still guards against a concurrent writer.
    if (exists(key))
        refuseExisting(key);
    if (m_options.beforeWrite)
        m_options.beforeWrite(key);
    if (info.size() > m_options.multipartThreshold)
        putMultipart(key, localPath, info.size());
    else
        putSingle(key, localPath, info.size());
}

bool S3Store::holdsOurObject(const QString& key, const QByteArray& expectedEtag) {
    S3Request request;
    request.method = "HEAD";
    request.objectName = m_client.location().objectName(key);
    const S3Response response = m_client.send(request);
    return response.status == 200 && unquoted(response.headers.value("etag")) == expectedEtag;
}

void S3Store::putSingle(const QString& key, const QString& localPath, qint64 size) {
    const RangeDigest digest = digestOf(localPath, 0, size);
    S3Request request;
    request.method = "PUT";
    request.objectName = m_client.location().objectName(key);
    request.headers = {"If-None-Match: *", "Content-MD5: " + digest.md5.toBase64(),
                       "Content-Type: application/octet-stream"};
    request.bodyFile = localPath;
    request.bodyLength = size;
    request.payloadSha256 = digest.sha256Hex;
    const S3Response response = m_client.send(request);
    if (response.status == 200)
        return;
    if (response.status == 412) {
        if (response.attempts > 1 && holdsOurObject(key, digest.md5.toHex()))
            return;
        refuseExisting(key);
    }
    failWith(response, QStringLiteral("writing %1").arg(key));
}

void S3Store::putMultipart(const QString& key, const QString& localPath, qint64 size) {
    const QString objectName = m_client.location().objectName(key);
    S3Request start;
    start.method = "POST";
    start.objectName = objectName;
    start.query = {{QStringLiteral("uploads"), QString()}};
    const S3Response started = m_client.send(start);
    if (started.status != 200)
        failWith(started, QStringLiteral("starting the multipart upload of %1").arg(key));
    const QString uploadId = textOf(started.body, QStringLiteral("UploadId"));
    if (uploadId.isEmpty())
        throw Error(
            Error::Kind::Failed,
            QStringLiteral("starting the multipart upload of %1: %2 gave no upload id").arg(key, describe()));
    try {
        QByteArray complete = "<CompleteMultipartUpload>";
        QCryptographicHash etagOfParts(QCryptographicHash::Md5);
        int partNumber = 0;
        for (qint64 offset = 0; offset < size; offset += m_options.partBytes) {
            ++partNumber;
            const qint64 length = std::min(m_options.partBytes, size - offset);
            const RangeDigest digest = digestOf(localPath, offset, length);
            S3Request part;
            part.method = "PUT";
            part.objectName = objectName;
            part.query = {{QStringLiteral("partNumber"), QString::number(partNumber)},
                          {QStringLiteral("uploadId"), uploadId}};
            part.headers = {"Content-MD5: " + digest.md5.toBase64()};
            part.bodyFile = localPath;
            part.bodyOffset = offset;
            part.bodyLength = length;
            part.payloadSha256 = digest.sha256Hex;
            const S3Response sent = m_client.send(part);
            if (sent.status != 200)
                failWith(sent, QStringLiteral("writing part %1 of %2").arg(partNumber).arg(key));
            etagOfParts.addData(digest.md5);
            complete += "<Part><PartNumber>" + QByteArray::number(partNumber) + "</PartNumber><ETag>\"" +
                        digest.md5.toHex() + "\"</ETag></Part>";
        }
        complete += "</CompleteMultipartUpload>";
        // radosgw 16 ignores If-None-Match on the completion and would replace an object another writer put
        // there while the parts went up; looking again just before completing leaves only a short window.
        if (exists(key))
            refuseExisting(key);
        S3Request finish;
        finish.method = "POST";
        finish.objectName = objectName;
        finish.query = {{QStringLiteral("uploadId"), uploadId}};
        finish.headers = {"If-None-Match: *", "Content-Type: application/xml"};
        finish.body = complete;
        const S3Response finished = m_client.send(finish);
        const QByteArray expectedEtag = etagOfParts.result().toHex() + '-' + QByteArray::number(partNumber);
        if (finished.status == 412)
            refuseExisting(key);
        if (finished.status == 404 && finished.attempts > 1 && holdsOurObject(key, expectedEtag))
            return;
        // S3 may answer 200 and still fail the completion in the body.
        if (finished.status != 200 || !finished.errorCode().isEmpty())
            failWith(finished, QStringLiteral("completing the multipart upload of %1").arg(key));
    } catch (...) {
        try {
            S3Request abort;
            abort.method = "DELETE";
            abort.objectName = objectName;
            abort.query = {{QStringLiteral("uploadId"), uploadId}};
            m_client.send(abort);
        } catch (...) {
            // The server is gone; its incomplete upload is never listed as an object.
        }
        throw;
    }
}

void S3Store::read(const QString& key, const Sink& sink) {
    DirectoryStore::checkKey(key);
    S3Request request;
    request.objectName = m_client.location().objectName(key);
    request.sink = sink;
    const S3Response response = m_client.send(request);
    if (response.status == 200)
        return;
    if (response.status == 404 && response.errorCode() != QLatin1String("NoSuchBucket"))
        throw Error(Error::Kind::Failed,
                    QStringLiteral("archive object %1 is not in %2").arg(key, describe()));
    failWith(response, QStringLiteral("reading %1").arg(key));
}

} // namespace tidemark::archive
