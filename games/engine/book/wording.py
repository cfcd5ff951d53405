"""The trade book's lines in the log. Rules and plans are their player's alone: the others
read no line of them."""

from ..events import bean_summary, register_wordings
from ..language import gettext, gettext_noop
from .part import BEST, END, GIVE, KEEP, OFFER, PASSED


def _stood(e, who, you, names, viewer):
    params = {"who": who, "offer": e["offer"]}
    if "give" not in e:  # a spectator: the cards come from a hand
        return gettext("{who} posted a standing offer (offer {offer}).").format(**params)
    params["gives"] = bean_summary(e["give"])
    params["asks"] = bean_summary(e["ask"])
    if not e["ask"]:
        if you:
            return gettext(
                "You offered a gift of {gives} to whoever is active (standing offer {offer})."
            ).format(**params)
        return gettext(
            "{who} offers a gift of {gives} to whoever is active (standing offer {offer})."
        ).format(**params)
    if not e["give"]:
        if you:
            return gettext(
                "You asked whoever is active for {asks} (standing offer {offer})."
            ).format(**params)
        return gettext("{who} asks whoever is active for {asks} (standing offer {offer}).").format(
            **params
        )
    if you:
        return gettext(
            "You offered {gives} for {asks} to whoever is active (standing offer {offer})."
        ).format(**params)
    return gettext(
        "{who} offers {gives} for {asks} to whoever is active (standing offer {offer})."
    ).format(**params)


def _lapsed(e, who, you, *_):
    if you:
        return gettext("Your standing offer {offer} lapsed: a card it gave left your hand.").format(
            offer=e["offer"]
        )
    return gettext("{who}'s standing offer {offer} lapsed: a card it gave left their hand.").format(
        who=who, offer=e["offer"]
    )


def _own(you_text: str):
    """A line its seat alone reads."""

    def worded(e, who, you, *_):
        return gettext(you_text) if you else ""

    return worded


def _planned(e, who, you, *_):
    if not you:
        return ""
    plan = e.get("plan")
    if plan is None:
        if not e.get("dropped", True):  # a plan with every part empty, and none to drop
            return gettext("Your turn plan has nothing in it: the game asks you at each step.")
        return gettext("You dropped your turn plan.")
    return gettext("You planned {when}: {parts}.").format(
        when=plan_scope(plan), parts="; ".join(plan_parts(plan))
    )


def plan_summary(plan: dict) -> str:
    """The whole plan in the reader's words, as its page shows it."""
    return gettext("For {when}: {parts}.").format(
        when=plan_scope(plan), parts="; ".join(plan_parts(plan))
    )


def plan_scope(plan: dict) -> str:
    if plan.get("every"):
        return gettext("every turn of yours, until you change it")
    return gettext("your next turn (or the rest of this one)")


def plan_parts(plan: dict) -> list[str]:
    """What the plan does, part by part, in the reader's words; the parts left open are the
    player's, and the rest of the hand stays as it is."""
    parts = [_planting(plan)]
    harvest = plan.get("harvest")
    if harvest == BEST:
        parts.append(gettext("when a card fits no field, the field that earns most is harvested"))
    elif harvest is not None:
        parts.append(
            gettext("when a card fits no field, field {field} is harvested").format(
                field=harvest + 1
            )
        )
    if plan.get("hand") == OFFER:
        parts.append(
            gettext(
                "the next two cards of your hand that grow in none of your fields are offered "
                "to whoever grows them; the rest of your hand stays as it is"
            )
        )
    else:
        parts.append(gettext("the rest of your hand stays as it is"))
    faceup = {
        KEEP: gettext_noop("the face-up cards that grow in none of your fields are kept"),
        OFFER: gettext_noop(
            "the face-up cards that grow in none of your fields are offered to whoever grows them"
        ),
        GIVE: gettext_noop("the face-up cards that grow in none of your fields are given away"),
    }.get(plan["faceup"])
    if faceup:
        parts.append(gettext(faceup))
    trading = {
        END: gettext_noop("trading ends at once"),
        PASSED: gettext_noop("trading ends once all have passed"),
    }.get(plan["trading"])
    if trading:
        parts.append(gettext(trading))
    if plan["kept"]:
        parts.append(gettext("the cards you keep are planted in the obvious field"))
    return parts


def _planting(plan: dict) -> str:
    pairs = plan["plant"]
    if len(pairs) == 2:
        return gettext(
            "your front card is planted in field {front}, the next in field {next}"
        ).format(front=pairs[0][1] + 1, next=pairs[1][1] + 1)
    if pairs:
        return gettext("your front card is planted in field {front}").format(front=pairs[0][1] + 1)
    if plan.get("obvious") == 2:
        return gettext(
            "your front card is planted where it obviously goes, and the next onto a field "
            "growing its bean"
        )
    if plan.get("obvious"):
        return gettext("your front card is planted where it obviously goes")
    return gettext("you plant from your hand yourself")


def _plan_stopped(e, who, you, *_):
    if not you:
        return ""
    message = e["reason"]  # a message id, worded for the reader
    reason = gettext(message).format(field=e["field"] + 1)
    if e.get("every"):
        return gettext(
            "Your turn plan stopped for this turn: {reason} The game waits for you; the plan "
            "goes on in your next turn."
        ).format(reason=reason)
    return gettext("Your turn plan stopped: {reason} The game waits for you.").format(reason=reason)


def _passed(e, who, you, *_):
    if e.get("assumed"):  # only its seat reads it: the table shows the others who passed
        if not you:
            return ""
        return gettext(
            "You were away as trading began: counted as passed for this trading phase "
            "(an offer of yours brings you back in)."
        )
    if you:
        return gettext("You passed for this trading phase.")
    return gettext("{who} passed for this trading phase.").format(who=who)


register_wordings(
    {
        "stood": _stood,
        "lapsed": _lapsed,
        "rules_set": _own(gettext_noop("You set your answer rules.")),
        "passed": _passed,
        "planned": _planned,
        "plan_stopped": _plan_stopped,
    }
)
