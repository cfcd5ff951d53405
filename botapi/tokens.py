"""What a token is: a prefix that finds its row and a secret checked by its SHA-256, and the
scopes a token may be given."""

import hashlib
import secrets

from django.utils.translation import gettext_lazy as _

# Each scope, and what it lets a program do with the bot account.
SCOPES = {
    "play": _("play: read the seats it holds, their views and events, and make moves"),
    "join": _("join: see the open games and take a seat in one, by its invitation too"),
}
PREFIX_BYTES = 6
SECRET_BYTES = 32


def token_new() -> tuple[str, str, str]:
    """(prefix, digest of the secret, the whole token shown once to its player)."""
    prefix = "bz" + secrets.token_hex(PREFIX_BYTES)
    secret = secrets.token_urlsafe(SECRET_BYTES)
    return prefix, digest(secret), f"{prefix}.{secret}"


def token_split(raw: str) -> tuple[str, str] | None:
    """(prefix, secret) of a token as a program sends it, None for anything else."""
    prefix, dot, secret = raw.partition(".")
    if not dot or not prefix or not secret or len(raw) > 200:
        return None
    return prefix, secret


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def matches(secret: str, stored_digest: str) -> bool:
    return secrets.compare_digest(digest(secret), stored_digest)
