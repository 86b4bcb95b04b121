"""I/O only: find and read one head from a checkpoint; write equivalent checkpoints atomically."""
