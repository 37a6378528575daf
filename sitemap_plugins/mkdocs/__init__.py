"""The MkDocs face of sitemap-plugins: `plugins: [sitemap]` in mkdocs.yml."""
