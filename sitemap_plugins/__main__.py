"""`python -m sitemap_plugins`: the `sitemap-plugins` command."""

import sys

from .cli import main

sys.exit(main())
