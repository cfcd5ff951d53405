"""A seat's board in plain text, as a mail that asks the player to act shows it: the hand in
order, every field, the coins, the face-up cards, the offers, the others' seats and the trade
book, all as the seat sees them (`engine.view`)."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine.beans import bean_name
from games.engine.book.move_words import plan_words, rules_words
from games.engine.move_words import coins, counted, example_beans


def board_text(view: dict) -> str:
    """The board as the seat sees it: its hand in order, every field, the coins, the face-up
    cards and the offers made to it or by it."""
    me = view["players"][view["seat"]]
    names = [player["name"] for player in view["players"]]
    lines = [view["prompt"]["text"], ""]
    hand = view["hand"] or []
    cards = "  ".join(f"{i}) {bean_name(c['bean'])}" for i, c in enumerate(hand, 1))
    lines.append(_("Your hand, front first: {cards}").format(cards=cards or _("empty")))
    lines.append(
        _("Your fields: {fields}   {coins}").format(fields=_fields(me), coins=coins(me["coins"]))
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
                    coins=coins(player["coins"]),
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


def _fields(player: dict) -> str:
    return ", ".join(
        f"{i}: {bean_name(f['bean'])} x{f['count']}" if f["bean"] else f"{i}: {_('empty')}"
        for i, f in enumerate(player["fields"], 1)
    )


def _gives(offer: dict) -> str:
    return ", ".join(bean_name(card["bean"]) for card in offer["give"]) or _("nothing")


def _offer_line(offer: dict, names: list[str]) -> str:
    asks = counted(offer["ask"])
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


# A turn plan for the rest of this turn that needs no card named: the lines to copy.
WHOLE_TURN = "plan plant obvious harvest best faceup offer trading passed kept"


def book_text(view: dict) -> str:
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
    rules = " ".join(rules_words(part["rules"]))
    lines.append(
        _("Your answer rules: {rules}").format(rules=f"rules {rules}")
        if rules
        else _("You have no answer rules.")
    )
    plan = " ".join(plan_words(part["plan"]))
    lines.append(
        _("Your turn plan: {plan}").format(plan=f"plan {plan}")
        if plan
        else _("You have no turn plan.")
    )
    # At the start of the reader's own turn: the front card of the hand is theirs to plant.
    front = view["hand"][0]["id"] if view["hand"] else None
    planting = any(move["kind"] == "plant" and move["card"] == front for move in view["legal"])
    if not plan and view["seat"] == view["active"] and planting:
        lines.append(
            _(
                "Your whole turn in one reply, to copy and change: {plan} (your front card "
                "where it obviously goes, the field that earns most harvested if it fits none, "
                "the face-up cards you cannot use offered, trading ended once all have passed, "
                "the kept cards planted)."
            ).format(plan=WHOLE_TURN)
        )
    if part["may_pass"]:
        lines.append(_("You may pass for this trading phase: write “pass”."))
    if part["may_stand"]:
        lines += [
            "",
            _(
                "To post a standing offer: stand give 2 {give} ask 1 {ask} (the cards from the "
                "back of your hand; a gift asks nothing, a request gives nothing)."
            ).format(**example_beans()),
            _(
                "To answer offers made to you by rules: rules gifts growing keep 2 decline plant "
                "(ask instead of decline leaves the rest to you; rules away declines everything "
                "until rules back; rules off clears them)."
            ),
            _(
                "To plan your turn: plan plant 1 2 faceup offer trading end kept (your front card "
                "in field 1, the next in field 2; plant obvious: where it obviously goes; harvest "
                "best or harvest 2: when a card fits no field; faceup keep, offer or give; hand "
                "offer: the next cards that fit no field offered; trading end or passed; every: "
                "for every turn, once: for the next; plan off drops it). The usual way in one "
                "word: usual."
            ),
        ]
    return "\n".join(lines)


def _standing_line(offer: dict, names: list[str]) -> str:
    params = {
        "id": offer["id"],
        "gives": _gives(offer),
        "wanted": ", ".join(counted(offer["ask"])) or _("nothing"),
    }
    if offer["mine"]:
        line = _("Your standing offer {id}: {gives} for {wanted}").format(**params)
        return f"{line}   -> withdraw {offer['id']}"
    line = _("Standing offer {id} from {name}: {gives} for {wanted}").format(
        name=names[offer["maker"]], **params
    )
    return f"{line}   -> take {offer['id']}" if offer["takable"] else line
