import sys

from rules.cli import main

sys.exit(main())
