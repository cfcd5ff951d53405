"""Replies posted by a mail service to its inbound webhook (anymail's, under /anymail/)."""

from .tasks import queue_reply


def reply_posted(sender, event, esp_name, **kwargs) -> None:
    message = event.message
    recipients = [message.envelope_recipient] if message.envelope_recipient else []
    queue_reply(message.as_bytes(), recipients)
