"""The engine's words: English message ids, worded in the reader's language.

The engine knows no translation machinery. Its messages are English sentences that serve as
message ids, with their parameters put in after translation; whoever renders them for a reader
(the web layer, with the reader's language active) installs a translator once at start-up.
Without one, the English id is the wording.
"""


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, number: int) -> str:
    return singular if number == 1 else plural


def _english_in_context(context: str, message: str) -> str:
    return message


_translator = {"gettext": _english, "ngettext": _english_plural, "pgettext": _english_in_context}


def install(*, gettext, ngettext, pgettext) -> None:
    """Word every later message with these (the same signatures as the standard library's)."""
    _translator.update(gettext=gettext, ngettext=ngettext, pgettext=pgettext)


def gettext(message: str) -> str:
    # The empty id would give the catalogue's header.
    return _translator["gettext"](message) if message else message


def ngettext(singular: str, plural: str, number: int) -> str:
    return _translator["ngettext"](singular, plural, number)


def pgettext(context: str, message: str) -> str:
    return _translator["pgettext"](context, message)


def gettext_noop(message: str) -> str:
    """Marks a message id kept as data (in a stored event) and worded when it is read."""
    return message
