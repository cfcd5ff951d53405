"""Posting to a player's webhook: only `https://` addresses on the public internet.

An address is checked when it is saved and again at each post: every address its host resolves
to must be public (no loopback, private, link-local, multicast or reserved network), and the
post goes to the address checked, so a name that resolves elsewhere a moment later changes
nothing. Redirects are not followed (http.client never does). `WEBHOOK_ALLOW_LOCAL` lets tests
post to a receiver on this machine over plain http; it is off unless set.
"""

import contextlib
import http.client
import ipaddress
import socket
import ssl
import threading
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.utils.translation import gettext as _
from requests.adapters import HTTPAdapter

from games.refusals import ServiceError

# Seconds to connect, and to wait for each read of the answer; and for the whole post, however
# slowly a server trickles its answer in (within the task's time: it is then settled).
TIMEOUT = 5
WHOLE_POST = 5.0
# Enough of an answer to read its status; the rest is not ours to keep.
MAX_ANSWER = 4096


class AddressRefused(ServiceError):
    """Not an address we post to; the message says why, for its player."""


@dataclass(frozen=True, slots=True)
class Target:
    scheme: str
    host: str
    port: int
    path: str
    ip: str


def checked_target(url: str, *, allow_local: bool | None = None) -> Target:
    """Where a post to `url` goes, or AddressRefused; OSError when its name does not resolve.
    `allow_local` is WEBHOOK_ALLOW_LOCAL unless given (push has a setting of its own)."""
    if allow_local is None:
        allow_local = settings.WEBHOOK_ALLOW_LOCAL
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as error:
        raise AddressRefused(_("That is not a web address.")) from error
    schemes = ("https", "http") if allow_local else ("https",)
    if parts.scheme not in schemes or not parts.hostname:
        raise AddressRefused(_("A webhook address starts with https:// and names a server."))
    if parts.username or parts.password:
        raise AddressRefused(_("A webhook address names no user or password."))
    port = port or (443 if parts.scheme == "https" else 80)
    try:
        found = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except UnicodeError as error:  # a name no resolver takes: an empty or 64-character label
        raise AddressRefused(_("That is not a web address.")) from error
    addresses = {entry[4][0] for entry in found}
    for address in sorted(addresses):
        if not _public(ipaddress.ip_address(address.split("%")[0]), allow_local=allow_local):
            raise AddressRefused(
                _(
                    "{host} leads into a private network ({address}); give the address of a "
                    "server on the public internet."
                ).format(host=parts.hostname, address=address)
            )
    path = parts.path or "/"
    return Target(
        scheme=parts.scheme,
        host=parts.hostname,
        port=port,
        path=f"{path}?{parts.query}" if parts.query else path,
        ip=sorted(addresses)[0],
    )


def _public(ip, *, allow_local: bool) -> bool:
    mapped = getattr(ip, "ipv4_mapped", None)
    if mapped is not None:
        ip = mapped
    if allow_local and ip.is_loopback:
        return True
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_link_local)


def post(target: Target, content: bytes, headers: dict) -> int:
    """Post `content` to the address checked; returns the answer's status. Raises OSError or
    http.client.HTTPException when no answer comes."""
    if target.scheme == "https":
        connection = _PinnedHTTPS(target.host, target.port, ip=target.ip, timeout=TIMEOUT)
    else:
        connection = _PinnedHTTP(target.host, target.port, ip=target.ip, timeout=TIMEOUT)
    cut = threading.Event()
    timer = threading.Timer(WHOLE_POST, _cut, args=(connection, cut))
    timer.start()
    try:
        connection.request("POST", target.path, body=content, headers=headers)
        answer = connection.getresponse()
        answer.read(MAX_ANSWER)
    finally:
        timer.cancel()
        connection.close()
    if cut.is_set():  # what was read is cut short, whatever it says
        raise TimeoutError(f"no whole answer within {WHOLE_POST:.0f} s")
    return answer.status


def _cut(connection: http.client.HTTPConnection, cut: threading.Event) -> None:
    """The post's time is up: its socket is shut, so a read waiting on it ends at once."""
    cut.set()
    if connection.sock is not None:
        with contextlib.suppress(OSError):
            connection.sock.shutdown(socket.SHUT_RDWR)


class PinnedAdapter(HTTPAdapter):
    """For `requests` (push): each request goes to the address checked, with the host's name
    kept for its Host header and its certificate's check."""

    def __init__(self, target: Target):
        self.target = target
        super().__init__(max_retries=0)

    def init_poolmanager(self, *args, **kwargs):
        # Dropped for plain http pools (a local push service in tests) by urllib3 itself.
        kwargs.update(server_hostname=self.target.host, assert_hostname=self.target.host)
        super().init_poolmanager(*args, **kwargs)

    def send(self, request, **kwargs):
        parts = urlsplit(request.url)
        ip = f"[{self.target.ip}]" if ":" in self.target.ip else self.target.ip
        request.headers["Host"] = parts.netloc
        request.url = urlunsplit(parts._replace(netloc=f"{ip}:{self.target.port}"))
        return super().send(request, **kwargs)


class _PinnedHTTP(http.client.HTTPConnection):
    """Connects to the address checked, not to whatever the name resolves to now."""

    def __init__(self, host, port, *, ip: str, timeout: float):
        super().__init__(host, port, timeout=timeout)
        self.ip = ip

    def connect(self):
        self.sock = socket.create_connection((self.ip, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    """As _PinnedHTTP, with the certificate checked against the host's name."""

    def __init__(self, host, port, *, ip: str, timeout: float):
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self.ip = ip

    def connect(self):
        raw = socket.create_connection((self.ip, self.port), self.timeout)
        self.sock = self._context.wrap_socket(raw, server_hostname=self.host)
