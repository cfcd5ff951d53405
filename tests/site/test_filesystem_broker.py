"""The embedded default's broker hands a worker whole messages only, however fast they come.

Kombu's own file-system transport lets a reader take a message's file before its writer has
written it: with a producer and a consumer at once, some of 3,000 messages were read empty
(JSONDecodeError: the worker's "Unrecoverable error", the message lost)."""

import tempfile
import threading
import time

from kombu import Connection, Queue

TRANSPORT = "bohnanza_site.filesystem_broker:Transport"
COUNT = 3000


def test_messages_sent_while_a_worker_reads_arrive_whole_every_one():
    folder = tempfile.mkdtemp()
    options = {"data_folder_in": folder, "data_folder_out": folder, "control_folder": folder}
    body = "beans " * 3000  # some 18 kB: a write takes long enough to be caught halfway

    def send():
        with Connection("filesystem://", transport=TRANSPORT, transport_options=options) as out:
            producer = out.Producer()
            for number in range(COUNT):
                producer.publish(
                    {"number": number, "body": body}, routing_key="q", declare=[Queue("q")]
                )

    received, unreadable = [], []
    with Connection("filesystem://", transport=TRANSPORT, transport_options=options) as inbox:
        queue = inbox.SimpleQueue("q")
        sender = threading.Thread(target=send)
        sender.start()
        give_up = time.monotonic() + 60
        while len(received) < COUNT and time.monotonic() < give_up:
            try:
                message = queue.get(timeout=0.01)
            except queue.Empty:
                continue
            except ValueError as error:
                unreadable.append(error)
                continue
            received.append(message.payload["number"])
            message.ack()
        sender.join()

    assert unreadable == []
    assert sorted(received) == list(range(COUNT))
