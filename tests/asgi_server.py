"""The site under an ASGI server in the test's process (`asgi_live_server`), as `make run` and
the stream processes serve it: for the tests of what only an ASGI server holds (streams)."""

import dataclasses
import socket
import threading
import time

import pytest
import uvicorn
from asgiref.sync import async_to_sync
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.core.asgi import get_asgi_application
from django.db import connections

from games import live


@dataclasses.dataclass
class AsgiServer:
    url: str


@pytest.fixture
def asgi_live_server(transactional_db):
    """The site under an ASGI server, as `make run` and the stream processes serve it
    (uvicorn), in a thread of the test's process and so on its test database; static files
    from the apps, as the WSGI live server serves them."""
    application = ASGIStaticFilesHandler(get_asgi_application())
    server = uvicorn.Server(uvicorn.Config(application, log_level="warning", lifespan="off"))
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    for _ in range(100):
        if server.started:
            break
        time.sleep(0.05)
    host, port = listening.getsockname()
    yield AsgiServer(url=f"http://{host}:{port}")
    server.should_exit = True
    thread.join(10)
    # The server's threads keep their database connections (a thread a request, the streams'
    # one): end them from the database's side, or the test database cannot be dropped. Each
    # test process has a test database of its own.
    if connections["default"].vendor != "postgresql":
        return
    with connections["default"].cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.fixture
def stream_reads_closed():
    """After the test, the streams' thread for reads gives up its database connection (the
    test's database is then free to be dropped)."""
    yield
    async_to_sync(live.look)(connections.close_all)
