"""A sitemap set on disk: rendered through the templates, split, indexed, written whole."""
