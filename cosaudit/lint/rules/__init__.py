"""The rules: COS1xx on code, COS2xx on prose, COS3xx meta rules. Importing registers them."""

from cosaudit.lint.rules import code, meta, prose  # noqa: F401
