"""A seat's board in plain text, its moves as short commands, and those commands read back.

A mail that asks a player to act carries the board as their seat sees it (`engine.view`) and
their legal moves as numbered commands (and, unnumbered, examples of the commands whose choices
are the player's); the player answers with moves, one a line: the number, or the command's words.
Cards of the hand are named by their place in it as the mail shows it (1 is the front card);
beans by name, in the reader's language or in English, in any case ("plant weinbrandbohne in field
1"); fields, offers and players by number and name.

    plant chili in field 1        harvest 2        buy field        stop        end
    accept 3  /  accept 3 using 1,4        decline 3        withdraw 3        discard soy
    offer bob give 2 ask 1 red    offer alice give 1,3 ask faceup soy    offer bob give faceup blue

and the trade book's (a standing offer gives beans of the hand, its cards taken from the back):

    take 5        stand give 2 chili ask 1 soy        pass
    rules gifts growing keep 2 decline plant        rules away  /  rules back  /  rules off
    plan plant 1 2 faceup offer trading end kept    plan off
"""

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import engine
from games.engine.beans import bean_name
from games.typed_numbers import small_number

_BEANS = {bean.key: bean for bean in engine.BEANS}


class CommandError(ValueError):
    """A line that is not a move the player can make now; the message says why."""


@dataclass(frozen=True, slots=True)
class Command:
    text: str  # what to write back
    note: str  # what it does, for the player
    example: bool = False  # a form to fill in, not a move chosen for the player: not numbered


def _plain(name: str) -> str:
    """A bean's name as a reply may write it: in any case, with or without its spaces, hyphens
    and apostrophes."""
    return re.sub(r"[\W_]+", "", name.casefold())


def _bean_names(view: dict) -> dict[str, str]:
    """The game's beans by each name a reply may give them: the key, the English name and the
    name in the reader's language."""
    return {
        _plain(name): key
        for key in view["bean_types"]
        for name in (key, _BEANS[key].name, bean_name(key))
    }


def _example_beans() -> dict[str, str]:
    """The beans the examples of commands name, as the reader's language names them."""
    return {"give": bean_name("chili").lower(), "ask": bean_name("soy").lower()}


def _bean(word: str, view: dict) -> str:
    key = _bean_names(view).get(_plain(word))
    if key is None:
        raise CommandError(_("There is no bean called “{word}” in this game.").format(word=word))
    return key


# A bean's name in a reply is a word or a few ("rote bohne", "fagiolo da giardino").
_LONGEST_NAME = 4


def _pop_bean(words: list[str], view: dict) -> str:
    """The bean named by the first words, taken from them: the longest name that fits."""
    names = _bean_names(view)
    for length in range(min(_LONGEST_NAME, len(words)), 0, -1):
        key = names.get(_plain("".join(words[:length])))
        if key is not None:
            del words[:length]
            return key
    return _bean(words.pop(0) if words else "", view)


def board(view: dict) -> str:
    """The board as the seat sees it: its hand in order, every field, the coins, the face-up
    cards and the offers made to it or by it."""
    me = view["players"][view["seat"]]
    names = [player["name"] for player in view["players"]]
    lines = [view["prompt"]["text"], ""]
    hand = view["hand"] or []
    cards = "  ".join(f"{i}) {bean_name(c['bean'])}" for i, c in enumerate(hand, 1))
    lines.append(_("Your hand, front first: {cards}").format(cards=cards or _("empty")))
    lines.append(
        _("Your fields: {fields}   {coins}").format(fields=_fields(me), coins=_coins(me["coins"]))
    )
    if me["to_plant"]:
        planted = ", ".join(bean_name(c["bean"]) for c in me["to_plant"])
        lines.append(_("To plant: {cards}").format(cards=planted))
    if view["faceup"]:
        faceup = ", ".join(bean_name(c["bean"]) for c in view["faceup"])
        lines.append(_("Face up: {cards}").format(cards=faceup))
    for offer in view["offers"]:
        lines.append(_offer_line(offer, names))
    lines.append("")
    for player in view["players"]:
        if player["seat"] != view["seat"]:
            lines.append(
                _("{name}: {coins}, {hand} in hand; {fields}").format(
                    name=player["name"],
                    coins=_coins(player["coins"]),
                    hand=player["hand_size"],
                    fields=_fields(player),
                )
            )
    lines.append(
        ngettext(
            "Draw pile: {cards} (ran out {n} of {of} times)",
            "Draw pile: {cards} (ran out {n} of {of} times)",
            view["exhaustions"],
        ).format(cards=view["deck_size"], n=view["exhaustions"], of=view["exhaustions_to_end"])
    )
    return "\n".join(lines)


def _coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def _fields(player: dict) -> str:
    return ", ".join(
        f"{i}: {bean_name(f['bean'])} x{f['count']}" if f["bean"] else f"{i}: {_('empty')}"
        for i, f in enumerate(player["fields"], 1)
    )


def _gives(offer: dict) -> str:
    return ", ".join(bean_name(card["bean"]) for card in offer["give"]) or _("nothing")


def _counted(ask: dict[str, int]) -> list[str]:
    return [f"{n} {bean_name(key)}" for key, n in ask.items()]


def _offer_line(offer: dict, names: list[str]) -> str:
    asks = _counted(offer["ask"])
    faceup = _("face up")
    asks += [f"{bean_name(card['bean'])} ({faceup})" for card in offer["ask_faceup"]]
    params = {"id": offer["id"], "gives": _gives(offer), "wanted": ", ".join(asks) or _("nothing")}
    if offer["mine"]:
        return _("Your offer {id} to {name}: {gives} for {wanted}").format(
            name=names[offer["to"]], **params
        )
    return _("Offer {id} from {name}: {gives} for {wanted}").format(
        name=names[offer["maker"]], **params
    )


def book(view: dict) -> str:
    """The trade book as the seat sees it: the standing offers (another seat's cards by their
    bean only), each with the command that withdraws or takes it when the seat may, the seat's
    own answer rules and turn plan as the commands that set them, whether it may pass, and how
    to write each; "" when the game has no book to use."""
    part = view["book"]
    if not part["may_stand"] and not part["standing"]:
        return ""
    names = [player["name"] for player in view["players"]]
    lines = [_("Standing offers, to whoever is the active player:")]
    lines += [f"  {_standing_line(offer, names)}" for offer in part["standing"]]
    if not part["standing"]:
        lines.append(f"  {_('none')}")
    rules = " ".join(_rules_words(part["rules"]))
    lines.append(
        _("Your answer rules: {rules}").format(rules=f"rules {rules}" if rules else _("none"))
    )
    plan = " ".join(_plan_words(part["plan"]))
    lines.append(_("Your turn plan: {plan}").format(plan=f"plan {plan}" if plan else _("none")))
    if part["may_pass"]:
        lines.append(_("You may pass for this trading phase: write “pass”."))
    if part["may_stand"]:
        lines += [
            "",
            _(
                "To post a standing offer: stand give 2 {give} ask 1 {ask} (the cards from the "
                "back of your hand; a gift asks nothing, a request gives nothing)."
            ).format(**_example_beans()),
            _(
                "To answer offers made to you by rules: rules gifts growing keep 2 decline plant "
                "(ask instead of decline leaves the rest to you; rules away declines everything "
                "until rules back; rules off clears them)."
            ),
            _(
                "To plan your turn: plan plant 1 2 faceup offer trading end kept (your front card "
                "in field 1, the next in field 2; faceup keep, offer or give; trading end or "
                "passed; plan off drops it)."
            ),
        ]
    return "\n".join(lines)


def _standing_line(offer: dict, names: list[str]) -> str:
    params = {
        "id": offer["id"],
        "gives": _gives(offer),
        "wanted": ", ".join(_counted(offer["ask"])) or _("nothing"),
    }
    if offer["mine"]:
        line = _("Your standing offer {id}: {gives} for {wanted}").format(**params)
        return f"{line}   -> withdraw {offer['id']}"
    line = _("Standing offer {id} from {name}: {gives} for {wanted}").format(
        name=names[offer["maker"]], **params
    )
    return f"{line}   -> take {offer['id']}" if offer["takable"] else line


_RULE_SWITCHES = ("gifts", "growing", "plant", "away")


def _rules_words(rules: dict | None) -> list[str]:
    """The seat's answer rules as the words of a rules command that sets them."""
    if rules is None:
        return []
    words = [word for word in _RULE_SWITCHES if rules[word]]
    if rules["keep"]:
        words += ["keep", str(rules["keep"])]
    if rules["otherwise"] == "decline":
        words.append("decline")
    return words


def _plan_words(plan: dict | None) -> list[str]:
    """The seat's turn plan as the words of a plan command that makes it."""
    if plan is None:
        return []
    words = ["plant", *(str(field + 1) for _card, field in plan["plant"])] if plan["plant"] else []
    for key, empty in _NO_PLAN.items():
        if isinstance(empty, str) and plan[key]:
            words += [key, plan[key]]
    if plan["kept"]:
        words.append("kept")
    return words


def commands(view: dict, *, examples: bool = False) -> list[Command]:
    """Each move open to the seat now, as a command, in the order of the legal moves; or, with
    `examples`, the forms of the moves whose choices are the player's (an offer)."""
    found = [command for listed in _per_move(view) for command in listed]
    unique = {command.text: command for command in found if command.example == examples}
    return list(unique.values())


def page_only(view: dict) -> bool:
    """Whether the seat may make moves that no command writes (an expansion's map and
    battles, say): those are made on the game page."""
    return not all(_per_move(view))


def _per_move(view: dict) -> list[list[Command]]:
    """The commands of each legal move, in their order (none for a move no command writes)."""
    me = view["players"][view["seat"]]
    return [_as_commands(move, view, me) for move in view["legal"]]


def _as_commands(move: dict, view: dict, me: dict) -> list[Command]:
    kind = move["kind"]
    if kind == "plant":
        bean = bean_name(_bean_of(view, move["card"]))
        return [Command(f"plant {bean.lower()} in field {f + 1}", "") for f in move["fields"]]
    if kind == "harvest":
        field = me["fields"][move["field"]]
        note = _("{n} {bean} for {coins}").format(
            n=field["count"], bean=bean_name(field["bean"]), coins=_coins(field["payout"])
        )
        return [Command(f"harvest {move['field'] + 1}", note)]
    if kind == "buy_field":
        note = _("a third field for {cost}").format(cost=_coins(move["cost"]))
        return [Command("buy field", note)]
    if kind == "stop_planting":
        return [Command("stop", _("stop planting"))]
    if kind in ("end_trading", "end_turn"):
        return [Command("end", _("end trading") if kind == "end_trading" else _("end your turn"))]
    if kind == "discard":
        return [Command(f"discard {bean_name(_bean_of(view, move['card'])).lower()}", "")]
    if kind == "accept":
        return [Command(f"accept {move['offer']}", _accept_note(move, view))]
    if kind == "take":
        paid = ", ".join(_counted(move["ask"]))
        note = _("paying {cards}").format(cards=paid) if paid else _("a gift")
        return [Command(f"take {move['offer']}", note)]
    if kind in ("decline", "withdraw"):
        return [Command(f"{kind} {move['offer']}", "")]
    if kind == "offer":
        name = view["players"][move["to"][0]]["name"]
        return [Command(_offer_example(name, move["ask"][0]), _("an example"), example=True)]
    return []


def _accept_note(move: dict, view: dict) -> str:
    """What accepting an offer gives: beans of the hand, face-up cards, or nothing."""
    given: dict[str, int] = {}
    for card in move["give"]:
        bean = _bean_of(view, card)
        given[bean] = given.get(bean, 0) + 1
    hand = ", ".join(_counted(given))
    [offer] = [offer for offer in view["offers"] if offer["id"] == move["offer"]]
    faceup = ", ".join(bean_name(card["bean"]) for card in offer["ask_faceup"])
    if hand and faceup:
        return _("giving {cards} from your hand and the face-up {faceup}").format(
            cards=hand, faceup=faceup
        )
    if hand:
        return _("giving {cards} from your hand").format(cards=hand)
    if faceup:
        return _("giving the face-up {faceup}").format(faceup=faceup)
    return _("nothing asked in return")


def _offer_example(name: str, bean: str) -> str:
    return f"offer {name.lower()} give 1 ask 1 {bean_name(bean).lower()}"


def _bean_of(view: dict, card: int) -> str:
    for card_view in (
        *(view["hand"] or []),
        *view["faceup"],
        *view["players"][view["seat"]]["to_plant"],
    ):
        if card_view["id"] == card:
            return card_view["bean"]
    raise AssertionError(f"card {card} is not the seat's to name")


def commands_text(view: dict) -> str:
    """The moves, numbered, then the examples, not numbered: a reply of a number makes a move
    the mail chose, never an example's."""
    numbered = enumerate(commands(view), 1)
    listed = [
        *((f"{n:>2}", c) for n, c in numbered),
        *(("  ", c) for c in commands(view, examples=True)),
    ]
    lines = []
    for number, command in listed:
        note = f"   ({command.note})" if command.note else ""
        lines.append(f"  {number}  {command.text}{note}")
    return "\n".join(lines)


# Reading commands back.

_GLOSS = re.compile(r"\s*\([^()]*\)\s*$")  # the note the list adds after a command
_TRAILING = ".,;:!?"  # punctuation a sentence ends with ("End.", "plant chili in field 1.")


def _words(line: str) -> list[str]:
    text = _GLOSS.sub("", line.strip().rstrip(_TRAILING)).rstrip(_TRAILING)
    return text.lower().replace(",", " , ").split()


# The words a command of one word may carry; with others the line is a sentence ("End of my
# moves", "Pass my regards"), not the command.
_BARE = {"end": {"turn", "trading"}, "stop": {"planting"}, "pass": set(), "buy": {"field"}}


def is_command(line: str) -> bool:
    """Whether a line is written as a move: a command's word first, or a number alone or
    before one (a line copied from the list). It may still be one the player cannot make."""
    words = _words(line)
    if words and _is_number(words[0]):
        if len(words) == 1:
            return True
        words = words[1:]
    if not words or words[0] not in _READERS:
        return False
    return words[0] not in _BARE or set(words[1:]) <= _BARE[words[0]]


def not_a_move(line: str) -> CommandError:
    return CommandError(
        _("“{line}” is not one of the moves the mail lists.").format(line=line.strip())
    )


def read_out(lines: list[str]) -> tuple[list[str], list[str]]:
    """The lines of a reply read as moves, and those left unread, as a play-by-mail judge reads:
    what stands above the first move (a greeting) is skipped, and reading stops at the first
    line after the moves that is no move, or an empty one (a greeting, a name, a signature)."""
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
    if len(words) > 1 and _is_number(words[0]) and words[1] in _READERS:
        words = words[1:]
    if len(words) == 1 and _is_number(words[0]):
        index = int(words[0]) - 1
        if not 0 <= index < len(numbered):
            raise CommandError(
                _("There is no move number {number} in the mail.").format(number=words[0])
            )
        return parse(numbered[index], view, hand, numbered)
    verb, rest = words[0], [word for word in words[1:] if word != ","]
    reader = _READERS.get(verb)
    if reader is None:
        raise not_a_move(line)
    return reader(rest, view, hand)


def _is_number(word: str) -> bool:
    return small_number(word) is not None


def _number(word: str, what: str) -> int:
    if not _is_number(word):
        raise CommandError(
            _("Give the {what} as a number, not “{word}”.").format(what=what, word=word)
        )
    return int(word)


def _legal(view: dict, kind: str) -> list[dict]:
    return [move for move in view["legal"] if move["kind"] == kind]


def _plant(rest: list[str], view: dict, hand: list[int]) -> dict:
    moves = _legal(view, "plant")
    if not moves:
        raise CommandError(_("You have nothing to plant now."))
    words = [word for word in rest if word not in ("in", "into", "field")]
    field = int(words.pop()) - 1 if words and _is_number(words[-1]) else None
    if words:
        bean = _bean(" ".join(words), view)
        moves = [move for move in moves if _bean_of(view, move["card"]) == bean]
        if not moves:
            raise CommandError(_("You have no {bean} to plant now.").format(bean=bean_name(bean)))
    if len({_bean_of(view, move["card"]) for move in moves}) > 1:
        raise CommandError(
            _("Say which bean to plant: “plant {bean} in field 1”.").format(
                bean=_example_beans()["give"]
            )
        )
    move = moves[0]
    if field is None:
        if len(move["fields"]) > 1:
            raise CommandError(_("Say which field to plant in: “… in field 1”."))
        field = move["fields"][0]
    return {"kind": "plant", "card": move["card"], "field": field}


def _harvest(rest: list[str], view: dict, hand: list[int]) -> dict:
    if not rest:
        raise CommandError(_("Say which field to harvest: “harvest 2”."))
    return {"kind": "harvest", "field": _number(rest[-1], _("field")) - 1}


def _just(kind: str):
    """A command whose move is its kind alone."""

    def read(rest: list[str], view: dict, hand: list[int]) -> dict:
        return {"kind": kind}

    return read


def _end(rest: list[str], view: dict, hand: list[int]) -> dict:
    kinds = {move["kind"] for move in view["legal"]}
    return {"kind": "end_turn" if "end_turn" in kinds else "end_trading"}


def _discard(rest: list[str], view: dict, hand: list[int]) -> dict:
    if not rest:
        raise CommandError(
            _("Say which bean to discard: “discard {bean}”.").format(bean=_example_beans()["ask"])
        )
    bean = _bean(" ".join(rest), view)
    for move in _legal(view, "discard"):
        if _bean_of(view, move["card"]) == bean:
            return {"kind": "discard", "card": move["card"]}
    raise CommandError(_("You cannot discard a {bean} now.").format(bean=bean_name(bean)))


def _offer_number(rest: list[str]) -> int:
    if not rest:
        raise CommandError(_("Say which offer, by its number: “accept 3”."))
    return _number(rest[0], _("offer"))


def _accept(rest: list[str], view: dict, hand: list[int]) -> dict:
    offer = _offer_number(rest)
    move = next((m for m in _legal(view, "accept") if m["offer"] == offer), None)
    if move is None:
        raise CommandError(_("You cannot accept offer {offer} now.").format(offer=offer))
    if "using" not in rest:
        return {"kind": "accept", "offer": offer, "give": move["give"]}
    places = rest[rest.index("using") + 1 :]
    return {"kind": "accept", "offer": offer, "give": [_hand_card(p, hand) for p in places]}


def _answer(kind: str):
    def read(rest: list[str], view: dict, hand: list[int]) -> dict:
        return {"kind": kind, "offer": _offer_number(rest)}

    return read


def _hand_card(place: str, hand: list[int]) -> int:
    number = _number(place, _("card's place in your hand"))
    if not 1 <= number <= len(hand):
        raise CommandError(_("Your hand has no card {number}.").format(number=number))
    return hand[number - 1]


# "give <cards> [ask <beans>]", or "ask <beans>".
_GIVE_ASK = re.compile(r"give (?P<give>.*?)(?: ask (?P<ask>.*))?$|ask (?P<ask2>.*)$")


def _give_ask(rest: list[str], example: str) -> tuple[list[str], list[str]]:
    """The words of what an offer gives and of what it asks."""
    found = _GIVE_ASK.match(" ".join(rest))
    if not found:
        raise CommandError(example)
    return (found["give"] or "").split(), (found["ask"] or found["ask2"] or "").split()


def _offer(rest: list[str], view: dict, hand: list[int]) -> dict:
    others = [player["name"] for player in view["players"] if player["seat"] != view["seat"]]
    example = _offer_example(others[0], view["bean_types"][0])
    give_words, ask_words = _give_ask(
        rest[1:], _("Write an offer as “{example}”.").format(example=example)
    )
    to_name = rest[0]
    names = {player["name"].lower(): player["seat"] for player in view["players"]}
    if to_name not in names:
        raise CommandError(
            _("There is no player called “{name}” at this table.").format(name=to_name)
        )
    give, ask_faceup = _cards_given(give_words, view, hand), []
    return {
        "kind": "offer",
        "to": names[to_name],
        "give": give,
        "ask": _beans_counted(ask_words, view, ask_faceup),
        "ask_faceup": ask_faceup,
    }


def _beans_counted(words: list[str], view: dict, faceup: list[int] | None = None) -> dict:
    """Beans with how many of each ("2 soy red"); with `faceup`, "faceup soy" names a face-up
    card, put in it."""
    counted: dict[str, int] = {}
    while words:
        word = words.pop(0)
        if word == "nothing":
            continue
        if word == "faceup" and faceup is not None:
            faceup.append(_faceup(words, view, faceup))
            continue
        count = 1
        if _is_number(word):
            count = int(word)
        else:
            words.insert(0, word)
        bean = _pop_bean(words, view)
        counted[bean] = counted.get(bean, 0) + count
    return counted


def _stand(rest: list[str], view: dict, hand: list[int]) -> dict:
    """A standing offer: the beans it gives are the hand's cards of them nearest its back (the
    cards due to be planted next stay)."""
    give_words, ask_words = _give_ask(
        rest,
        _("Write a standing offer as “stand give 2 {give} ask 1 {ask}”.").format(
            **_example_beans()
        ),
    )
    back_first = list(reversed(view["hand"] or []))
    give: list[int] = []
    for bean, count in _beans_counted(give_words, view).items():
        cards = [card["id"] for card in back_first if card["bean"] == bean][:count]
        if len(cards) < count:
            raise CommandError(
                _("Your hand holds {have} {bean}, not {count}.").format(
                    have=len(cards), bean=bean_name(bean), count=count
                )
            )
        give += cards
    return {"kind": "stand", "give": give, "ask": _beans_counted(ask_words, view)}


def _take(rest: list[str], view: dict, hand: list[int]) -> dict:
    """Taking a standing offer, paid with the cards the game suggests. One the seat cannot
    take is still sent, for the game to say why."""
    offer = _offer_number(rest)
    move = next((m for m in _legal(view, "take") if m["offer"] == offer), None)
    return {"kind": "take", "offer": offer, "give": move["give"] if move else []}


_NO_RULES = {
    "gifts": False,
    "keep": 0,
    "growing": False,
    "away": False,
    "otherwise": "ask",
    "plant": False,
}


def _rules(rest: list[str], view: dict, hand: list[int]) -> dict:
    """The seat's answer rules changed by the words: each rule's word switches it on, "keep 2"
    keeps the hand's first two cards, "ask" or "decline" says what becomes of the rest, "back"
    ends "away", and "off" clears them all first."""
    if not rest:
        raise CommandError(_("Say which answer rules: “rules gifts keep 2 decline”."))
    rules = {**_NO_RULES, **(view["book"]["rules"] or {})}
    words = list(rest)
    while words:
        word = words.pop(0)
        if word == "off":
            rules = dict(_NO_RULES)
        elif word in _RULE_SWITCHES:
            rules[word] = True
        elif word == "back":
            rules["away"] = False
        elif word in ("ask", "decline"):
            rules["otherwise"] = word
        elif word == "keep":
            rules["keep"] = _number(words.pop(0) if words else "", _("number of cards to keep"))
        else:
            raise CommandError(
                _(
                    "“{word}” is no answer rule: write gifts, growing, keep 2, ask, decline, "
                    "plant, away, back or off."
                ).format(word=word)
            )
    return {"kind": "rules", **rules}


# A plan's parts as left empty; those of words ("faceup keep", "trading end") are strings.
_NO_PLAN = {"plant": [], "faceup": "", "trading": "", "kept": False}


def _plan(rest: list[str], view: dict, hand: list[int]) -> dict:
    """The seat's turn plan changed by the words: "plant 1 2" plants the front card of the
    hand in field 1 and the next in field 2, "faceup" and "trading" take their choice, "kept"
    plants kept cards in the obvious field, and "off" drops the plan first."""
    if not rest:
        raise CommandError(_("Say what to plan: “plan plant 1 trading end”."))
    current = view["book"]["plan"] or _NO_PLAN
    plan = {key: current[key] for key in _NO_PLAN}
    front = [card["id"] for card in view["hand"] or []]
    words = list(rest)
    while words:
        word = words.pop(0)
        if word == "off":
            plan = dict(_NO_PLAN)
        elif word == "kept":
            plan["kept"] = True
        elif isinstance(_NO_PLAN.get(word), str):
            plan[word] = words.pop(0) if words else "?"  # the game says what it takes
        elif word == "plant":
            fields = []
            while words and _is_number(words[0]) and len(fields) < 2:
                fields.append(int(words.pop(0)) - 1)
            if not fields:
                raise CommandError(_("Say the field for your front card: “plan plant 1”."))
            if len(fields) > len(front):
                raise CommandError(_("Your hand has no card {number}.").format(number=len(fields)))
            plan["plant"] = [[card, field] for card, field in zip(front, fields, strict=False)]
        else:
            raise CommandError(
                _(
                    "“{word}” is no part of a turn plan: write plant 1 2, faceup keep, offer "
                    "or give, trading end or passed, kept, or off."
                ).format(word=word)
            )
    return {"kind": "plan", **plan}


def _cards_given(words: list[str], view: dict, hand: list[int]) -> list[int]:
    given: list[int] = []
    while words:
        word = words.pop(0)
        if word == "nothing":
            continue
        if word == "faceup":
            given.append(_faceup(words, view, given))
        else:
            given.append(_hand_card(word, hand))
    return given


def _faceup(words: list[str], view: dict, taken: list[int]) -> int:
    """The face-up card of the bean the first words name, taken from them."""
    bean = _pop_bean(words, view)
    for card in view["faceup"]:
        if card["bean"] == bean and card["id"] not in taken:
            return card["id"]
    raise CommandError(_("There is no {bean} face up.").format(bean=bean_name(bean)))


# Moves written out whole, which read nothing of the board but the cards they name: made on the
# game as it is when the reply arrives, whichever of the player's mails it answers (an offer
# written on a mail from before trading opened is an offer now).
WRITTEN_OUT = frozenset(("offer", "stand", "rules", "plan"))

_READERS = {
    "plant": _plant,
    "harvest": _harvest,
    "buy": _just("buy_field"),
    "stop": _just("stop_planting"),
    "end": _end,
    "discard": _discard,
    "accept": _accept,
    "decline": _answer("decline"),
    "withdraw": _answer("withdraw"),
    "offer": _offer,
    "take": _take,
    "stand": _stand,
    "pass": _just("pass"),
    "rules": _rules,
    "plan": _plan,
}
