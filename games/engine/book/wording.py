"""The trade book's lines in the log. Rules and plans are their player's alone: the others
read no line of them."""

from ..events import bean_summary, register_wordings
from ..language import gettext, gettext_noop


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
    if e.get("plan") is None:
        if not e.get("dropped", True):  # a plan with every part empty, and none to drop
            return gettext("Your turn plan has nothing in it: the game asks you at each step.")
        return gettext("You dropped your turn plan.")
    return gettext("You planned your turn.")


def _plan_stopped(e, who, you, *_):
    if not you:
        return ""
    message = e["reason"]  # a message id, worded for the reader
    reason = gettext(message).format(field=e["field"] + 1)
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
