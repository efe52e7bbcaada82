"""The Molehaven web app: lobby, live tables over WebSockets, persistence. See ``docs/web.md``.

``create_app`` and ``Settings`` are imported on first use: bot worker processes import
``molehaven.server.bots`` and must not pay for the whole web stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from molehaven.server.app import create_app
    from molehaven.server.settings import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from molehaven.server.app import create_app

        return create_app
    if name == "Settings":
        from molehaven.server.settings import Settings

        return Settings
    raise AttributeError(f"module 'molehaven.server' has no attribute {name!r}")
