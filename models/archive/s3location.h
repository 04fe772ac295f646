#pragma once

#include <QString>
#include <optional>

namespace tidemark::archive {

// Where an S3 archive lives, parsed from s3://bucket/prefix?endpoint=http://host:port&region=us-east-1.
// Objects are addressed path-style: <endpoint>/<bucket>/<prefix>/<key>.
struct S3Location {
    QString bucket;
    QString prefix;   // without leading or trailing '/', may be empty
    QString endpoint; // scheme://host[:port], no trailing '/'
    QString region;

    // Throws Error(Settings) naming `setting` for anything but that form: a missing or unknown query
    // parameter, an endpoint that is not http(s)://host[:port], a bucket name S3 refuses.
    static S3Location parse(const QString& url, const QString& setting);

    // "s3://bucket/prefix at http://host:port": what messages show (never a secret).
    QString describe() const;
    // The object name in the bucket for an archive key (the prefix and a '/' before it).
    QString objectName(const QString& key) const;
    // The archive key of an object name listed under the prefix; empty for a name outside it.
    std::optional<QString> keyOf(const QString& objectName) const;
};

} // namespace tidemark::archive
