#pragma once

#include <QString>

namespace tidemark::kudos {

struct KudosSettings;

// The privacy disclosure's paragraph on kudos history, rendered from the configuration the retention job
// reads (spec/kudos.md, "Disclosure"), so the published text cannot drift from what the job does.
class PrivacyDisclosure {
  public:
    explicit PrivacyDisclosure(const KudosSettings& settings);
    QString text() const;     // plain text, paragraphs separated by blank lines
    QString markdown() const; // the same with a heading and a list

  private:
    QStringList paragraphs() const;
    const KudosSettings& m_settings;
};

} // namespace tidemark::kudos
