"""The command: `python3 scripts/rxtools SUBCOMMAND [OPTIONS]` (Python runs a package's folder through this file),
or `python3 -m rxtools ...` with scripts/ on the module path."""
import os
import sys

if not __package__:   # run as a folder: import the package from the folder that holds it, not its own modules
    sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from rxtools.cli import main  # noqa: E402

sys.exit(main())
