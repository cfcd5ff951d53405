"""A call made again and again, every so many seconds, while a block runs: the deadline sweep a
browser test's beat queues, the word a long build gives that it is still running."""

import threading
from collections.abc import Callable
from contextlib import contextmanager


@contextmanager
def every(seconds: float, call: Callable[[], object]):
    """Makes `call` every `seconds` in a thread of its own (the first after `seconds`), until
    the block ends."""
    stop = threading.Event()

    def again() -> None:
        while not stop.wait(seconds):
            call()

    thread = threading.Thread(target=again, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
