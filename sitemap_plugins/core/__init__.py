"""The engine: pages and entries in, a valid sitemap set out.  It knows no site generator."""
