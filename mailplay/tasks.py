"""The worker reads replies: a receiver (SMTP, LMTP or a mail service's webhook) only queues."""

import base64

from celery import shared_task

from mailplay import services


@shared_task
def reply_receive_task(raw: str, recipients: list[str]) -> None:
    """A worker lost mid-way leaves the message to another (settings, "Tasks"), and a message
    already read is not played twice."""
    services.reply_receive(raw=base64.b64decode(raw), recipients=recipients)


def queue_reply(raw: bytes, recipients: list[str]) -> None:
    reply_receive_task.delay(base64.b64encode(raw).decode(), list(recipients))
