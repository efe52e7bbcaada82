"""Secret tokens: a seat's (kept in the player's browser) and a table host's.

Only SHA-256 hashes are stored, so a copy of the database cannot be used to take a seat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str | None, stored_hash: str | None) -> bool:
    if not token or not stored_hash:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


def derived_token(secret: str, purpose: str) -> str:
    """A token only the holder of ``secret`` can compute again (``purpose`` names what it is
    for, so one secret gives unrelated tokens): the host token of a rematch, which its
    creator gets back by asking again with their seat token if the first answer was lost."""
    return hmac.new(secret.encode(), purpose.encode(), hashlib.sha256).hexdigest()


def new_table_id() -> str:
    """A short id for links; not a secret (anyone with the link may watch)."""
    return secrets.token_urlsafe(8)
