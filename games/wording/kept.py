"""Words kept to be worded for each reader: {"msgid": a message marked for translation, and
its parameters}, where a parameter may itself be such words (a league game's name holds its
season's). A mail's context and a game's name keep them so; each reader reads them in their
own language."""

from django.utils.translation import gettext


def worded(words):
    """`words` in the active language; anything else (a name as typed) as it is."""
    if not isinstance(words, dict) or "msgid" not in words:
        return words
    params = {key: worded(value) for key, value in words.items() if key != "msgid"}
    message = words["msgid"]
    return gettext(message) % params
