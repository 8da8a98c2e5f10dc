import sys

from cute_inspect.cli import main

sys.exit(main())
