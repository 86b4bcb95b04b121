"""Renderers: report data in, string (or bytes) out. They never write files or print."""
