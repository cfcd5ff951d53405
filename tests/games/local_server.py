"""An HTTP server on this machine for what the site posts out (a webhook's, a push service's):
it keeps each post and answers with the statuses it is given, in turn."""

import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class LocalServer:
    """Keeps each post as {"path", "headers", "body"}, the path without its leading slash, and
    answers with `statuses` in turn, then with `usual`; or, with `trickle` set, answers a byte
    each `trickle` seconds, as a server that never quite stops answering."""

    def __init__(self, usual: int):
        self.received: list[dict] = []
        self.statuses: list[int] = []
        self.trickle = 0.0
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                content = self.rfile.read(int(self.headers["Content-Length"]))
                server.received.append(
                    {"path": self.path[1:], "headers": self.headers, "body": content}
                )
                if server.trickle:
                    self._trickled()
                    return
                self.send_response(server.statuses.pop(0) if server.statuses else usual)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def _trickled(self):
                try:
                    for byte in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"." * 100:
                        self.wfile.write(bytes([byte]))
                        self.wfile.flush()
                        time.sleep(server.trickle)
                except OSError:  # the poster gave up
                    return

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"


@contextmanager
def serving(found: LocalServer):
    """The server while the test runs, closed after it."""
    try:
        yield found
    finally:
        found.server.shutdown()
        found.server.server_close()
