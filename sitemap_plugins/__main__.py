"""`python -m sitemap_plugins`: the `sitemap-plugins` command."""

import sys

from sitemap_plugins.command.main import main

if __name__ == "__main__":  # worker processes import this module again
    sys.exit(main())
