"""``python -m molehaven``: the ``molehaven`` command, for an environment whose scripts are not
on the PATH."""

from molehaven.cli.main import main

main()
