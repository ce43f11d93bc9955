"""rxbench's Python tools, one package behind one command: `python3 scripts/rxtools SUBCOMMAND [OPTIONS]`
(cli.py lists the subcommands; `python3 scripts/rxtools --help` prints them). Every subcommand reads rxbench's
CSVs through rxcsv.py and writes its files through outfile.py."""
