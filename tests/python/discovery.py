"""What reference parsers make of Vita's feeds and robots.txt (tests/it/discovery.rs runs this).

    discovery.py feeds BASE PATH...   every feed as Python's feedparser reads it
    discovery.py robots BASE URL...   robots.txt as urllib.robotparser reads it: may "*" fetch each URL?

Prints one JSON object; the Rust test asserts on it.
"""

import json
import sys
import urllib.request
import urllib.robotparser

import feedparser


def feeds(base, paths):
    result = {}
    for path in paths:
        with urllib.request.urlopen(base + path) as response:
            body = response.read()
            content_type = response.headers["Content-Type"]
        parsed = feedparser.parse(body, response_headers={"content-type": content_type})
        result[path] = {
            "bozo": bool(parsed.bozo),
            "bozo_exception": repr(parsed.get("bozo_exception")) if parsed.bozo else None,
            "version": parsed.version,
            "title": parsed.feed.get("title"),
            "entries": [
                {
                    "id": entry.get("id"),
                    "title": entry.get("title"),
                    "link": entry.get("link"),
                    "updated": entry.get("updated"),
                }
                for entry in parsed.entries
            ],
        }
    return result


def robots(base, urls):
    parser = urllib.robotparser.RobotFileParser(base + "/robots.txt")
    parser.read()
    return {"allowed": {url: parser.can_fetch("*", url) for url in urls}, "sitemaps": parser.site_maps()}


if __name__ == "__main__":
    command, base, *rest = sys.argv[1:]
    print(json.dumps({"feeds": feeds, "robots": robots}[command](base, rest)))
