"""The bilingual rulebook: parse the numbered Chinese text, align the English to it."""
