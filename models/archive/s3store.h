#pragma once

#include "archivestore.h"
#include "s3httpclient.h"

namespace tidemark::archive {

// An archive in an S3-compatible bucket (s3://bucket/prefix?endpoint=…&region=…): a key is an object name
// below the prefix, addressed path-style and signed with SigV4. Write-once: a PUT carries
// `If-None-Match: *`, so the bucket itself refuses a second write of a key (412) and keeps the original.
// Files above the multipart threshold go up in parts; a failed multipart upload is aborted. The completion
// of a multipart upload carries If-None-Match too, but radosgw 16 (Debian 12) ignores it there: the store
// looks for the key before the first part and again just before completing, which leaves a window of
// milliseconds against a concurrent writer of the same key (the retention job's lock already excludes one);
// the default threshold keeps objects up to 512 MiB in single, fully conditional PUTs. A listing is bounded:
// it ends with Error(Failed) on a continuation token the server gave before, a truncated page without a
// token, a page of more keys than asked for, or more than maxListPages pages; a listed name outside the
// prefix or a key the store refuses is an entry with its problem. Errors:
// an endpoint that cannot be reached, 5xx after the retries, and 403 (a wrong key or secret:
// the store cannot be used, as when it is down) are Error(Connection) with S3's error code; a second write
// is Error(Refused); a missing object on read is Error(Failed).
struct S3StoreOptions {
    S3HttpClient::Options http;
    qint64 multipartThreshold = 512 * 1024 * 1024; // files larger than this go up in parts
    qint64 partBytes = 64 * 1024 * 1024;           // S3 and radosgw refuse parts below 5 MiB but the last
    int listPageSize = 1000;                       // keys per ListObjectsV2 answer (S3's maximum)
    // 1,000 pages of 1,000 keys are thousands of years of weekly objects of both tiers, and keep a listing
    // of a misbehaving server to about a thousand requests and a few hundred MB of keys.
    int maxListPages = 1000;
    // Tests only: runs after putFile's own look-up of the key and before its write, so that a test can put
    // the key there meanwhile (a second writer racing this one); the bucket's If-None-Match must refuse it.
    std::function<void(const QString& key)> beforeWrite;
};

class S3Store : public ArchiveStore {
  public:
    using Options = S3StoreOptions;

    S3Store(S3Location location, S3Credentials credentials, Options options = Options());

    QString describe() const override;
    // Whether the URL's bucket is there (a HEAD of the bucket; 404: no).
    bool bucketExists();
    bool exists(const QString& key) override;
    QList<ArchiveObjectInfo> list(const QString& prefix) override;
    qint64 usedBytes(const QString& prefix) override;
    void putFile(const QString& key, const QString& localPath) override;
    void read(const QString& key, const Sink& sink) override;

  private:
    void putSingle(const QString& key, const QString& localPath, qint64 size);
    void putMultipart(const QString& key, const QString& localPath, qint64 size);
    // After a retried write answered "already there" (412 or NoSuchUpload): whether the object in the bucket
    // is ours, i.e. an earlier attempt did complete and only its answer was lost.
    bool holdsOurObject(const QString& key, const QByteArray& expectedEtag);
    [[noreturn]] void failWith(const S3Response& response, const QString& what) const;
    [[noreturn]] void refuseExisting(const QString& key) const;

    S3HttpClient m_client;
    Options m_options;
};

} // namespace tidemark::archive
