"""A reply's lines read as moves, as a play-by-mail judge reads them: the commands a mail
listed (`games.mail.commands`), a number for a move the mail numbered, or a command written
out, in English or in the reader's language (`wording.reply_words`); each command read by its
kind's words (`engine.move_words`). A yes or a no answers the one offer made to the reader."""

import difflib
import re

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.engine import move_words
from games.engine.move_words import CommandError, is_number
from games.wording import locales, reply_words
from games.wording.reply_words import NO, YES

_GLOSS = re.compile(r"\s*\([^()]*\)\s*$")  # the note the list adds after a command
_TRAILING = ".,;:!?"  # punctuation a sentence ends with ("End.", "plant chili in field 1.")


def _words(line: str) -> list[str]:
    """The line's words as the English commands write them, in lower case."""
    text = _GLOSS.sub("", line.strip().rstrip(_TRAILING)).rstrip(_TRAILING)
    text = re.sub(r"(\w)['’]", r"\1' ", text.lower())  # "l'offre": "l'" and "offre"
    return reply_words.in_english(text.replace(",", " , ").split(), _language())


def _language() -> str:
    return locales.language_or_default(get_language())


def is_command(line: str) -> bool:
    """Whether a line is written as a move: a command's word first, or a number alone or
    before one (a line copied from the list). It may still be one the player cannot make."""
    words = _words(line)
    if words and is_number(words[0]):
        if len(words) == 1:
            return True
        words = words[1:]
    if not words:
        return False
    if words in ([YES], [NO]):
        return True
    kinds = move_words.by_verb(words[0])
    return any(kind.bare is None or set(words[1:]) <= kind.bare for kind in kinds)


def not_a_move(line: str) -> CommandError:
    """The refusal of a line that is no command: which words are read, and the command it
    comes nearest to, if one is near."""
    said = _("“{line}” is not one of the moves the mail lists.").format(line=line.strip())
    language = _language()
    if reply_words.words_shown(language):
        said += " " + _(
            "Write each move as the mail lists it, in English or in your language "
            "({words}), or its number."
        ).format(words=", ".join(reply_words.words_shown(language)))
    written = line.strip().lower().split()
    near = _nearest_verb(written, language)
    if near:
        said += " " + _("Did you mean “{word}”?").format(word=" ".join([near, *written[1:]]))
    return CommandError(said)


def meant_as_a_move(line: str) -> bool:
    """Whether a line left unread looks written as a move (a command, or a slip of one's
    word), not as a greeting or a signature: its player should hear at once that it was not
    read."""
    return is_command(line) or bool(_nearest_verb(line.strip().lower().split(), _language()))


def _nearest_verb(written: list[str], language: str) -> str:
    near = difflib.get_close_matches(
        written[0] if written else "", reply_words.known_verbs(language), n=1, cutoff=0.7
    )
    return near[0] if near else ""


def read_out(lines: list[str]) -> tuple[list[str], list[str]]:
    """The lines of a reply read as moves, and those left unread: what stands above the first
    move (a greeting) is skipped, and reading stops at the first line after the moves that is
    no move, or an empty one (a greeting, a name, a signature)."""
    moves: list[str] = []
    skipped: list[str] = []
    for index, line in enumerate(lines):
        if is_command(line):
            moves.append(line)
        elif moves:
            return moves, [*skipped, *filter(None, lines[index:])]
        elif line:
            skipped.append(line)
    return moves, skipped


def parse(line: str, view: dict, hand: list[int], numbered: list[str]) -> dict:
    """The move a line stands for. `hand`: the hand as the mail showed it (card numbers name
    its places); `numbered`: the commands as the mail numbered them. A line copied whole from
    the mail's list, with its number and its note in brackets, reads as the command; the
    punctuation a sentence ends with is not read."""
    words = _words(line)
    if not words:
        raise CommandError(_("An empty line is no move."))
    if len(words) > 1 and is_number(words[0]) and move_words.by_verb(words[1]):
        words = words[1:]
    if words in ([YES], [NO]):
        words = _the_offer_answered(words[0], view)
    if len(words) == 1 and is_number(words[0]):
        index = int(words[0]) - 1
        if not 0 <= index < len(numbered):
            raise CommandError(
                _("There is no move number {number} in the mail.").format(number=words[0])
            )
        return parse(numbered[index], view, hand, numbered)
    verb, rest = words[0], [word for word in words[1:] if word != ","]
    kinds = move_words.by_verb(verb)
    if not kinds:
        raise not_a_move(line)
    # Kinds sharing a word ("end": of trading, of the Duel's turn): the one open now.
    open_now = {move["kind"] for move in view["legal"]}
    if verb == "take" and "take" not in open_now and "accept" in open_now:
        kinds = move_words.by_verb("accept")  # "nimm 3", "prendre 3": an offer made to them
    chosen = next((kind for kind in kinds if kind.kind in open_now), kinds[0])
    return chosen.read(rest, view, hand)


def _the_offer_answered(answer: str, view: dict) -> list[str]:
    """A yes accepts, a no declines, the one offer the reader may answer so."""
    kind = "accept" if answer == YES else "decline"
    offers = sorted({move["offer"] for move in view["legal"] if move["kind"] == kind})
    if len(offers) != 1:
        raise CommandError(
            _("Say which offer, by its number: “{command}”.").format(
                command=f"{kind} {offers[0] if offers else 3}"
            )
            if offers
            else _("No offer waits for your answer.")
        )
    return [kind, str(offers[0])]


def written_out(action: dict) -> bool:
    """Whether a move read from a line is made on the game as it is when the reply arrives."""
    words = move_words.of(action["kind"])
    return words is not None and words.written_out
