#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <memory>

namespace tidemark::test {

// An S3 endpoint and the key pair of a user on it.
struct S3Server {
    QString endpoint; // http://127.0.0.1:PORT
    QString accessKey;
    QString secretKey;
};

// A private throwaway Ceph radosgw (scripts/test-rgw.sh) in a temporary folder on free ports of 127.0.0.1,
// started by the constructor (about 15 s) and stopped by PID in the destructor, or by a watchdog shell when
// the test process dies without running it.
class TestRgw {
  public:
    TestRgw();
    ~TestRgw();
    TestRgw(const TestRgw&) = delete;
    TestRgw& operator=(const TestRgw&) = delete;

    const S3Server& server() const { return m_server; }
    // Kills radosgw only (SIGKILL, as a crash); the cluster behind it keeps its buckets and objects.
    void killGateway();
    // Starts radosgw again after killGateway and waits until it answers.
    void startGateway();

  private:
    QString m_dir;
    S3Server m_server;
};

// Real S3 for tests, never a fake. With TIDEMARK_TEST_S3 set ("endpoint=http://127.0.0.1:PORT access=KEY
// secret=SECRET"; scripts/run-tests.sh starts one radosgw for the whole run) that server is used; otherwise
// this test executable starts a private TestRgw on first use, stopped at exit.
class TestS3 {
  public:
    static S3Server server();
    // Creates a new bucket named after `baseName` (lower-cased, '_' as '-'), this process's id and a counter,
    // puts the server's key pair into AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, and returns the archive URL
    // s3://BUCKET?endpoint=…&region=us-east-1.
    static QString createBucket(const QString& baseName);
    // Runs the curl command (another S3 client) with its own SigV4 signing against `server`, the key pair
    // passed on stdin (never on the command line). `path` is "/bucket/object" (already URL-encoded).
    // Returns the body; the HTTP status goes to *status.
    static QByteArray curl(const S3Server& server, const QString& method, const QString& path, int* status);
};

} // namespace tidemark::test
