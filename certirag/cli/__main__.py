"""``python -m certirag.cli``: the same command line as the ``certirag`` script."""

from certirag.cli import main

main()
