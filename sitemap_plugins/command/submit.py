"""`sitemap-plugins submit`: after a deploy, the URLs added, changed or removed since the last
one, sent to IndexNow (`submit_changes`), or with --dry-run only said."""

from __future__ import annotations

import argparse

from sitemap_plugins import submit_changes


def run_submit(args: argparse.Namespace) -> int:
    return submit_changes(
        args.site_dir,
        args.base_url,
        args.key,
        args.previous,
        args.endpoint,
        args.backoff,
        send_all=args.all,
        dry_run=args.dry_run,
    )


def add_parser(commands) -> None:
    submit = commands.add_parser(
        "submit", help="after deploying: send the URLs added, changed or removed to IndexNow"
    )
    submit.add_argument("site_dir", metavar="SITE_DIR", help="the new build (its sitemap set)")
    submit.add_argument("--base-url", dest="base_url", required=True, help="the site's absolute URL")
    submit.add_argument(
        "--previous",
        metavar="PREVIOUS",
        help="the last deploy's set: a directory, a sitemap file, or its http(s) URL",
    )
    submit.add_argument("--key", help="the IndexNow key (default: $INDEXNOW_KEY)")
    submit.add_argument("--endpoint", help="where to send (default: IndexNow's own, api.indexnow.org)")
    submit.add_argument("--dry-run", action="store_true", help="say what would be sent; send nothing")
    submit.add_argument("--all", action="store_true", help="send every URL, not only the changes")
    submit.add_argument(
        "--backoff", type=float, default=2.0, metavar="SECONDS", help="first wait before a retry"
    )
    submit.add_argument("-q", "--quiet", action="store_true", help="no summary line")
    submit.add_argument(
        "-v", "--verbose", action="store_true", help="also the INFO lines: what was done, and why"
    )
