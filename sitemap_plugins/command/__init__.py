"""The `sitemap-plugins` command: generate, check, submit, versions."""
