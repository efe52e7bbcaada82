"""The Molehaven web app: lobby, live tables over WebSockets, persistence. See ``docs/web.md``."""

from molehaven.server.app import create_app
from molehaven.server.settings import Settings

__all__ = ["Settings", "create_app"]
