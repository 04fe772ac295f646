// The translation unit of tidemark_test_pch: the precompiled header is its only content.
