"""The core sample: entries handed straight to the engine, one of each extension.

It shows what the MkDocs and Pelican adapters do for you: build `Entry` objects, add them to a
`Sitemap`, write it.  `python3 dev.py samples` writes the result to sample_sites/core/output/.
"""

from __future__ import annotations

import sys
from pathlib import Path

import sitemap_plugins as sp

BASE = "https://docs.example.com/"


def entries() -> list[sp.Entry]:
    video = sp.Video(
        thumbnail_loc=f"{BASE}img/grill-thumb.jpg",
        title="Grilling steaks for summer",
        description="Alkis shows you how to get perfectly done steaks every time.",
        content_loc="https://media.example.net/video/grill.mp4",
        player_loc="https://media.example.net/player?video=grill",
        duration=600,
        rating=4.2,
        view_count=12_345,
        publication_date="2024-05-01T08:00:00+02:00",
        tags=["steak", "meat", "summer"],
        family_friendly=True,
        restriction=sp.VideoRestriction("allow", ["IE", "GB", "US", "CA"]),
        platform=sp.VideoPlatform("allow", ["web", "tv"]),
        prices=[sp.VideoPrice("1.99", "EUR", "rent", "hd")],
        requires_subscription=False,
        uploader=sp.VideoUploader("GrillyMcGrillerson", f"{BASE}users/grilly/"),
        live=False,
    )
    return [
        sp.Entry(
            BASE,
            lastmod="2024-05-02",
            changefreq="weekly",
            priority=1.0,
            alternates={"en": BASE, "de": f"{BASE}de/"},
            source="index.md",
        ),
        sp.Entry(
            f"{BASE}de/",
            lastmod="2024-05-02",
            alternates={"de": f"{BASE}de/", "en": BASE},
            source="index.de.md",
        ),
        sp.Entry(
            f"{BASE}grilling/",
            lastmod="2024-05-01T09:30:00",
            images=[sp.Image(f"{BASE}img/steak.jpg"), sp.Image("https://cdn.example.net/ümlaut grill.png")],
            videos=[video],
            source="grilling.md",
        ),
        sp.Entry(
            f"{BASE}news/summer-menu/",
            lastmod="2024-05-03T07:00:00+02:00",
            source="news/summer-menu.md",
            news=sp.News("Example Grill News", "en", "2024-05-03T07:00:00+02:00", "Our summer menu & more"),
        ),
        sp.Entry(f"{BASE}straße/ümlat.php&q=name", source="ümlat.md"),
    ]


def build(out: Path) -> sp.WriteResult:
    options = sp.Options(
        base_url=BASE,
        timezone="Europe/Berlin",
        gzip=True,
        stylesheet=True,
        x_default="en",
        text_sitemap=True,
        video_feed=True,
    )
    sitemap = sp.Sitemap(options)
    for entry in entries():
        sitemap.add(entry)
    return sitemap.write(out)


if __name__ == "__main__":
    print(build(Path(sys.argv[1])).summary())
