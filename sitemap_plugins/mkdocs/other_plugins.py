"""What the face knows of the plugins real sites run beside it: the dates
git-revision-date-localized and document-dates put in `page.meta`, the version mike builds,
mkdocs-static-i18n's passes and languages, and the projects Material's projects plugin builds."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig

#: What other plugins put in page.meta, read before the page's own `date` (its creation date).
PLUGIN_LASTMOD_KEYS = (
    "git_revision_date_localized_raw_iso_datetime",  # mkdocs-git-revision-date-localized-plugin
    "git_revision_date_localized_raw_iso_date",
    "document_dates.dates.updated",  # mkdocs-document-dates
)


def mike_version(config: MkDocsConfig) -> str | None:
    """The version mike is building (`mike deploy` sets MIKE_DOCS_VERSION), when its plugin is on."""
    if "mike" not in config.plugins:
        return None
    return os.environ.get("MIKE_DOCS_VERSION") or None


def i18n_locale(file: Any, default: str | None) -> str | None:
    """The language of a page's source file as mkdocs-static-i18n tells it (`locale`)."""
    return getattr(file, "locale", None) or default


def i18n_plugin(config: MkDocsConfig) -> Any:
    return config.plugins.get("i18n")


def i18n_building(config: MkDocsConfig) -> bool:
    """True inside the extra-language passes that mkdocs-static-i18n runs from on_post_build."""
    return bool(getattr(i18n_plugin(config), "building", False))


def default_language(config: MkDocsConfig) -> str | None:
    i18n = i18n_plugin(config)
    language = getattr(i18n, "default_language", None) if i18n is not None else None
    return language or None


def projects_root(config: MkDocsConfig) -> Path | None:
    """The top-level project's configuration where Material's projects plugin builds this one as
    one of its projects (`projects/de/mkdocs.yml` into the top-level `site/de/`); else None."""
    for name in ("material/projects", "projects"):
        plugin = config.plugins.get(name)
        root = getattr(getattr(plugin, "config", None), "projects_root_dir", None)
        own = Path(config.config_file_path).resolve().parent if config.config_file_path else None
        if root and own is not None and own != Path(root).resolve():
            return Path(root) / "mkdocs.yml"
    return None
