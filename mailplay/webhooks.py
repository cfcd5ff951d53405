"""Replies posted by a mail service to its inbound webhook (anymail's, under /anymail/).

Only the service the site is configured for (MAIL_INBOUND_SERVICE) is routed: another's address
is not found, and a body its parser cannot read is answered 400 (anymail itself answers 400 to a
request without the webhook's credentials or signature). A message the service's spam filter
flagged is dropped with a log line.
"""

import logging

import anymail.urls
from anymail.exceptions import AnymailConfigurationError
from django.conf import settings
from django.http import Http404, HttpResponseBadRequest
from django.urls import Resolver404, resolve
from django.views.decorators.csrf import csrf_exempt

from .tasks import queue_reply

log = logging.getLogger(__name__)


@csrf_exempt
def inbound(request, service: str, rest: str):
    try:
        found = resolve(f"/{service}/{rest}", urlconf=anymail.urls)
    except Resolver404:
        raise Http404 from None
    routed = {f"{settings.MAIL_INBOUND_SERVICE}_inbound_webhook"}
    if not settings.MAIL_INBOUND_SERVICE or found.url_name not in routed:
        raise Http404
    try:
        return found.func(request, *found.args, **found.kwargs)
    except (ValueError, LookupError, TypeError, AttributeError, AnymailConfigurationError) as error:
        # A body that is not the service's JSON or form (json.JSONDecodeError is a ValueError),
        # lacks the fields it always holds, or is another of its webhooks' (tracking, say).
        log.warning("%s posted what is not a message: %r", service, error)
        return HttpResponseBadRequest("Not a message.")


def reply_posted(sender, event, esp_name, **kwargs) -> None:
    message = event.message
    if message.spam_detected:
        log.info("reply posted by %s dropped: flagged as spam", esp_name)
        return
    recipients = [message.envelope_recipient] if message.envelope_recipient else []
    queue_reply(message.as_bytes(), recipients)
