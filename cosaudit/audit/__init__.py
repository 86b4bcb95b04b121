"""One function per model command: a loaded head (and options) in, report data (a plain,
JSON-ready dict) out. Calls `core` for the numbers; reads weights only through the `Head`."""
