#include "positionsgenerator.h"

namespace tidemark::demo {

PositionsGenerator::PositionsGenerator(PositionsGeneratorOptions options) : m_options(options) {}

int PositionsGenerator::mowerCount() const { return m_options.mowers; }

GeneratedMower PositionsGenerator::generate(int) const { return {}; }

} // namespace tidemark::demo
