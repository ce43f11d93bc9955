"""rxbench's Python tools, one package behind one command: `python3 scripts/rxtools SUBCOMMAND [OPTIONS]`
(cli.py lists the subcommands; `python3 scripts/rxtools --help` prints them). Every subcommand reads rxbench's
CSVs through rxcsv.py and writes its files through outfile.py."""
import os

# The checkout the package is in (scripts/rxtools/ is two folders below it): the default of every path a
# subcommand takes relative to the repository.
REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
