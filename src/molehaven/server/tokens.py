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


def presence_token(host_token_hash: str, table_id: str) -> str:
    """What the host's browser shows the table's socket to count as there
    (``hub.HOST_COOKIE``): made from the host token's stored hash, so the server checks it
    without the token, and it proves nothing else. The cookie held the host token itself,
    which lets its holder fill seats and start, into every request log and cookie store that
    kept it (found in a security review)."""
    purpose = f"host-here:{table_id}".encode()
    return hmac.new(host_token_hash.encode(), purpose, hashlib.sha256).hexdigest()


def new_table_id() -> str:
    """A short id for links; not a secret (anyone with the link may watch)."""
    return secrets.token_urlsafe(8)
