"""The embedded default's broker: Kombu's file-system transport, with each message written
whole before a worker can see it.

Kombu's own creates a message's file, then locks and writes it; a worker listing the folder
meanwhile takes the file without the lock and reads it empty or half written, and dies with an
"Unrecoverable error: JSONDecodeError" (the message lost with it). Here a message is written
under a name no reader looks for and renamed into place: a rename is atomic, so a reader finds
a whole message or none.
"""

import os
import uuid
from time import monotonic

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        # Not "<queue>.msg" after its first dot: no reader takes it.
        writing = os.path.join(self.data_folder_out, f"writing-{name}.part")
        try:
            with open(writing, "wb") as file:
                file.write(str_to_bytes(dumps(payload)))
            os.replace(writing, final)
        except OSError as error:
            raise ChannelError(f"Cannot add file {final!r} to directory") from error


class Transport(filesystem.Transport):
    Channel = Channel
