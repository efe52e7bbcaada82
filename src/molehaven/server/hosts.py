"""Which ``Host`` names the server answers to: a guard against DNS rebinding.

A page on a name its author controls (``evil.example``) can point that name at 127.0.0.1 after
it has loaded; the browser then lets the page talk to a server on this machine as if it were
that site, and the server's origin check, which compares ``Origin`` with ``Host``, passes.
Such an attack needs a public domain name, so the server answers only to names that cannot
be one: IP addresses (how friends on a home network reach ``serve --host 0.0.0.0``), names of
one label (``localhost``, ``mypc``), ``.local`` and ``.localhost`` names, the host of
``public_url``, and any name in ``allowed_hosts``.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from molehaven.server.settings import Settings

LOCAL_SUFFIXES = (".local", ".localhost")


def host_name(header: str) -> str:
    """The name part of a ``Host`` header: no port, no IPv6 brackets, lower case.

    Raises:
        ValueError: the header is not a host with an optional port: user information
            (``evil.example:80@127.0.0.1``, which a URL parser reads as 127.0.0.1), a path,
            or a port that is not a number.
    """
    text = header.strip()
    if any(mark in text for mark in "@/?#\\"):
        raise ValueError(f"not a host: {header!r}")
    parsed = urlsplit(f"//{text}")
    parsed.port  # noqa: B018 (raises ValueError for a port that is not a number in range)
    if text.endswith(":"):
        raise ValueError(f"an empty port: {header!r}")
    return (parsed.hostname or "").lower()


def host_allowed(header: str | None, settings: Settings) -> bool:
    """Whether a request with this ``Host`` header may be answered (no header: HTTP/1.0)."""
    if header is None:
        return True
    try:
        name = host_name(header)
    except ValueError:  # a malformed port or bracket
        return False
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    if "." not in name.rstrip(".") or name.rstrip(".").endswith(LOCAL_SUFFIXES):
        return True
    allowed = {host_name(urlsplit(settings.public_url).netloc), *settings.allowed_hosts}
    return name.rstrip(".") in {host.lower() for host in allowed}


def same_origin(origin: str | None, host: str | None, public_url: str = "") -> bool:
    """Whether a request's ``Origin`` header (browsers send one with every change and every
    WebSocket) names the site it is sent to: the request's ``Host``, or ``public_url`` (a
    proxy in front may pass on a ``Host`` without the port people use). No ``Origin`` is not
    a browser's page (a script, the test client) and passes; ``null`` (a sandboxed or local
    file's page) does not."""
    if origin is None:
        return True
    sent = urlsplit(origin)
    if sent.netloc == host:
        return True
    public = urlsplit(public_url)
    return bool(public.netloc) and (sent.scheme, sent.netloc) == (public.scheme, public.netloc)
