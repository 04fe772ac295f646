#pragma once

#include <QString>

namespace tidemark::archive {

// The key pair an S3 store signs with. Never printed: describe() is all a message may show.
struct S3Credentials {
    QString accessKeyId;
    QString secretAccessKey;

    // From AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY when both are set, else from the file
    // TIDEMARK_S3_CREDENTIALS_FILE names: "aws_access_key_id = …" and "aws_secret_access_key = …" lines
    // (the AWS credentials file form; '#'/';' comments; only the [default] section, or no section, is read).
    // The file must be a regular file of mode 0600 or stricter. Anything else is Error(Settings) naming the
    // variable or the file, never a value. A secrets reader, and the archive's only reader of the environment
    // besides ArchiveReadLimits::read: the keys are read where the store is opened (openArchiveStore), on
    // the task's thread, so that they never travel in a settings value, a request or a log.
    static S3Credentials fromEnvironment();
    static S3Credentials fromFile(const QString& path);

    // "access key AKIA…(4 shown)": enough to tell which key was used, not enough to use it.
    QString describe() const;
};

} // namespace tidemark::archive
