"""The site's VAPID key pair, which signs each push (RFC 8292): from the settings, or, where none
is configured (`make run` on a new checkout), made once and kept in var/, never in the
repository."""

import base64
import os
import tempfile
from functools import cache

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.conf import settings
from py_vapid import Vapid


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@cache
def private_key() -> str:
    """The private key as base64url of its 32 bytes (what pywebpush and py_vapid read)."""
    if settings.VAPID_PRIVATE_KEY:
        return settings.VAPID_PRIVATE_KEY.strip()
    path = settings.VAPID_KEY_FILE
    if not path.exists():
        made = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
        # Written aside and linked into place: of two processes making one at once, the first
        # link wins and both read its key.
        with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False) as aside:
            aside.write(_b64url(made.to_bytes(32, "big")))
        os.chmod(aside.name, 0o600)
        try:
            os.link(aside.name, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(aside.name)
    return path.read_text().strip()


@cache
def public_key() -> str:
    """The public key as base64url of its uncompressed point: a browser's applicationServerKey."""
    if settings.VAPID_PUBLIC_KEY:
        return settings.VAPID_PUBLIC_KEY.strip()
    point = Vapid.from_string(private_key()).public_key.public_bytes(
        Encoding.X962, PublicFormat.UncompressedPoint
    )
    return _b64url(point)
