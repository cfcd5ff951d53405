"""The words of the base game's kinds of move (`actions`): their buttons on the page, their
commands in a mail and how a reply's line reads into each (see `move_words`)."""

from .beans import bean_name
from .language import gettext, gettext_noop, ngettext
from .move_words import (
    Button,
    Command,
    CommandError,
    MoveWords,
    Step,
    bean,
    bean_of,
    beans_counted,
    coins,
    example_beans,
    faceup_card,
    give_ask,
    hand_card,
    is_number,
    legal,
    number,
    offer_number,
    register,
)


class _Plant(MoveWords):
    def buttons(self, move: dict, view: dict) -> list[Button]:
        return [
            Button(
                "card",
                gettext("Plant in field {field}").format(field=field + 1),
                {"kind": "plant", "card": move["card"], "field": field},
                key=move["card"],
            )
            for field in move["fields"]
        ]

    def commands(self, move: dict, view: dict) -> list[Command]:
        name = bean_name(bean_of(view, move["card"])).lower()
        return [Command(f"plant {name} in field {field + 1}", "") for field in move["fields"]]

    def read(self, rest: list[str], view: dict, hand: list[int]) -> dict:
        moves = legal(view, "plant")
        if not moves:
            raise CommandError(gettext("You have nothing to plant now."))
        words = [word for word in rest if word not in ("in", "into", "field")]
        field = int(words.pop()) - 1 if words and is_number(words[-1]) else None
        if words:
            key = bean(" ".join(words), view)
            moves = [move for move in moves if bean_of(view, move["card"]) == key]
            if not moves:
                raise CommandError(
                    gettext("You have no {bean} to plant now.").format(bean=bean_name(key))
                )
        if len({bean_of(view, move["card"]) for move in moves}) > 1:
            raise CommandError(
                gettext("Say which bean to plant: “plant {bean} in field 1”.").format(
                    bean=example_beans()["give"]
                )
            )
        move = moves[0]
        if field is None:
            if len(move["fields"]) > 1:
                raise CommandError(gettext("Say which field to plant in: “… in field 1”."))
            field = move["fields"][0]
        return {"kind": "plant", "card": move["card"], "field": field}


class _Harvest(MoveWords):
    def buttons(self, move: dict, view: dict) -> list[Button]:
        field = view["players"][view["seat"]]["fields"][move["field"]]
        question = ngettext(
            "Harvest %(n)s %(bean)s for %(coins)s coin?",
            "Harvest %(n)s %(bean)s for %(coins)s coins?",
            field["payout"],
        ) % {"n": field["count"], "bean": bean_name(field["bean"]), "coins": field["payout"]}
        return [
            Button(
                "field",
                gettext("Yes, harvest"),
                {"kind": "harvest", "field": move["field"]},
                key=move["field"],
                confirm=(gettext("Harvest…"), question),
            )
        ]

    def commands(self, move: dict, view: dict) -> list[Command]:
        field = view["players"][view["seat"]]["fields"][move["field"]]
        note = gettext("{n} {bean} for {coins}").format(
            n=field["count"], bean=bean_name(field["bean"]), coins=coins(field["payout"])
        )
        return [Command(f"harvest {move['field'] + 1}", note)]

    def read(self, rest: list[str], view: dict, hand: list[int]) -> dict:
        if not rest:
            raise CommandError(gettext("Say which field to harvest: “harvest 2”."))
        return {"kind": "harvest", "field": number(rest[-1], gettext("field")) - 1}


class _BuyField(MoveWords):
    def buttons(self, move: dict, view: dict) -> list[Button]:
        question = ngettext(
            "Pay %(cost)s coin for a third field?",
            "Pay %(cost)s coins for a third field?",
            move["cost"],
        ) % {"cost": move["cost"]}
        return [
            Button(
                "seat",
                gettext("Yes, buy it"),
                {"kind": "buy_field"},
                confirm=(gettext("Buy a third field…"), question),
            )
        ]

    def commands(self, move: dict, view: dict) -> list[Command]:
        note = gettext("a third field for {cost}").format(cost=coins(move["cost"]))
        return [Command("buy field", note)]

    def read(self, rest: list[str], view: dict, hand: list[int]) -> dict:
        return {"kind": "buy_field"}


def offer_example(name: str, bean_key: str) -> str:
    return f"offer {name.lower()} give 1 ask 1 {bean_name(bean_key).lower()}"


def cards_given(words: list[str], view: dict, hand: list[int]) -> list[int]:
    """Cards an offer gives: places in the hand as the mail showed it, and "faceup <bean>"."""
    given: list[int] = []
    while words:
        word = words.pop(0)
        if word == "nothing":
            continue
        if word == "faceup":
            given.append(faceup_card(words, view, given))
        else:
            given.append(hand_card(word, hand))
    return given


class _Offer(MoveWords):
    def commands(self, move: dict, view: dict) -> list[Command]:
        name = view["players"][move["to"][0]]["name"]
        example = offer_example(name, move["ask"][0])
        return [Command(example, gettext("an example"), example=True)]

    def read(self, rest: list[str], view: dict, hand: list[int]) -> dict:
        others = [player["name"] for player in view["players"] if player["seat"] != view["seat"]]
        example = offer_example(others[0], view["bean_types"][0])
        give_words, ask_words = give_ask(
            rest[1:], gettext("Write an offer as “{example}”.").format(example=example)
        )
        to_name = rest[0] if rest else ""
        names = {player["name"].lower(): player["seat"] for player in view["players"]}
        if to_name not in names:
            raise CommandError(
                gettext("There is no player called “{name}” at this table.").format(name=to_name)
            )
        give: list[int] = cards_given(give_words, view, hand)
        ask_faceup: list[int] = []
        return {
            "kind": "offer",
            "to": names[to_name],
            "give": give,
            "ask": beans_counted(ask_words, view, ask_faceup),
            "ask_faceup": ask_faceup,
        }


class _Accept(MoveWords):
    def commands(self, move: dict, view: dict) -> list[Command]:
        return [Command(f"accept {move['offer']}", _accept_note(move, view))]

    def read(self, rest: list[str], view: dict, hand: list[int]) -> dict:
        offer = offer_number(rest)
        move = next((m for m in legal(view, "accept") if m["offer"] == offer), None)
        if move is None:
            raise CommandError(gettext("You cannot accept offer {offer} now.").format(offer=offer))
        if "using" not in rest:
            return {"kind": "accept", "offer": offer, "give": move["give"]}
        places = rest[rest.index("using") + 1 :]
        return {"kind": "accept", "offer": offer, "give": [hand_card(p, hand) for p in places]}


def _accept_note(move: dict, view: dict) -> str:
    """What accepting an offer gives: beans of the hand, face-up cards, or nothing."""
    given: dict[str, int] = {}
    for card in move["give"]:
        key = bean_of(view, card)
        given[key] = given.get(key, 0) + 1
    hand = ", ".join(f"{n} {bean_name(key)}" for key, n in given.items())
    [offer] = [offer for offer in view["offers"] if offer["id"] == move["offer"]]
    faceup = ", ".join(bean_name(card["bean"]) for card in offer["ask_faceup"])
    if hand and faceup:
        return gettext("giving {cards} from your hand and the face-up {faceup}").format(
            cards=hand, faceup=faceup
        )
    if hand:
        return gettext("giving {cards} from your hand").format(cards=hand)
    if faceup:
        return gettext("giving the face-up {faceup}").format(faceup=faceup)
    return gettext("nothing asked in return")


class _Answer(MoveWords):
    """Declining an offer made to the seat, or withdrawing one of its own: a button on the
    offer, a command with its number."""

    def __init__(self, kind: str, label: str):
        super().__init__(kind, (kind,))
        self.label = label

    def buttons(self, move: dict, view: dict) -> list[Button]:
        action = {"kind": self.kind, "offer": move["offer"]}
        return [Button("offer", gettext(self.label), action, key=move["offer"], style="secondary")]

    def commands(self, move: dict, view: dict) -> list[Command]:
        return [Command(f"{self.kind} {move['offer']}", "")]

    def read(self, rest: list[str], view: dict, hand: list[int]) -> dict:
        return {"kind": self.kind, "offer": offer_number(rest)}


register(_Plant("plant", ("plant",)))
register(
    Step(
        "stop_planting",
        "stop",
        ("planting",),
        gettext_noop("Stop planting"),
        gettext_noop("stop planting"),
    )
)
register(_Harvest("harvest", ("harvest",)))
register(_BuyField("buy_field", ("buy",), bare=("field",)))
register(_Offer("offer", ("offer",), written_out=True, form="offer"))
register(_Accept("accept", ("accept",), form="accept"))
register(_Answer("decline", gettext_noop("Decline")))
register(_Answer("withdraw", gettext_noop("Withdraw")))
register(
    Step(
        "end_trading",
        "end",
        ("turn", "trading"),
        gettext_noop("End trading"),
        gettext_noop("end trading"),
    )
)
