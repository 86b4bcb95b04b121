"""The `check` mode: documents, rules, suppressions and the engine that flags cosine claims."""
