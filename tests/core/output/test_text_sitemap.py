"""The text sitemap (`text_sitemap`): split where the XML is, each file filled to the byte limit and
no further."""

from __future__ import annotations

import sitemap_plugins as sp

BASE = "https://example.com/"


def test_the_text_sitemap_splits_where_the_xml_does(tmp_path):
    """`max_urls: 2` and five pages: three XML parts and three text files of 2, 2 and 1 URLs."""
    sitemap = sp.Sitemap(sp.Options(base_url=BASE, max_urls=2, text_sitemap=True))
    for number in range(5):
        sitemap.add(sp.Entry(f"{BASE}p{number}/"))
    result = sitemap.write(tmp_path)
    assert result.page_files == 3
    names = ("sitemap.txt", "sitemap-2.txt", "sitemap-3.txt")
    assert {name: (tmp_path / name).read_text() for name in names} == {
        "sitemap.txt": f"{BASE}p0/\n{BASE}p1/\n",
        "sitemap-2.txt": f"{BASE}p2/\n{BASE}p3/\n",
        "sitemap-3.txt": f"{BASE}p4/\n",
    }
    assert not (tmp_path / "sitemap-4.txt").exists()


def test_the_text_sitemap_fills_each_file_to_the_byte_limit_and_no_further(tmp_path):
    """`max_bytes: 4096` and URLs of 128 bytes a line: 32 lines fill a file exactly, twice."""
    sitemap = sp.Sitemap(sp.Options(base_url=BASE, max_bytes=4096, text_sitemap=True))
    locs = [f"{BASE}{number:03d}/".ljust(126, "x") + "/" for number in range(64)]
    assert {len(loc) + 1 for loc in locs} == {128}
    for loc in locs:
        sitemap.add(sp.Entry(loc))
    sitemap.write(tmp_path)
    assert (tmp_path / "sitemap.txt").read_text() == "".join(f"{loc}\n" for loc in locs[:32])
    assert (tmp_path / "sitemap-2.txt").read_text() == "".join(f"{loc}\n" for loc in locs[32:])
    assert [(tmp_path / name).stat().st_size for name in ("sitemap.txt", "sitemap-2.txt")] == [4096, 4096]
    assert not (tmp_path / "sitemap-3.txt").exists()
