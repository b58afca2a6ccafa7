import sys

from arcade.cli import main

if __name__ == "__main__":  # the AI worker's spawned process re-imports this module: don't start a game there
    sys.exit(main())
