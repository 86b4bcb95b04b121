"""`python -m cosaudit` runs the command line."""

from cosaudit.cli import main

main()
