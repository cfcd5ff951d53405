"""Bohnaparte's mails: a seat is mailed when the game waits for it with a prompt of its own:
for its camp, or in a battle for its card: the defender's (a neutral land has none, and a
seat with nothing to fight with has no choice), or the attacker's after its cavalry was
beaten."""

from functools import partial

from games import engine


def _asked(state, seat: int | None, prompt: str) -> bool:
    return seat is not None and engine.prompt(state, seat).key == prompt


def attacked(state, event) -> list[tuple[int, str, dict]]:
    defender = event.data["defender"]
    if not _asked(state, defender, "defend"):
        return []
    return [(defender, "attacked", attack_context(state, event))]


def second_round(state, event) -> list[tuple[int, str, dict]]:
    if not _asked(state, event.seat, "second_round"):
        return []
    text = partial(engine.describe, event.for_seat(event.seat), state.names, event.seat)
    return [(event.seat, "second_round", {"text": text})]


def choose_camp(state, event) -> list[tuple[int, str, dict]]:
    return [
        (position, "choose_camp", {})
        for position in engine.waiting_for(state)
        if _asked(state, position, "choose_camp")
    ]


def attack_context(state, event) -> dict:
    """The attack as the defender may know it: the attacker's card stays face down."""
    defender = event.data["defender"]
    fight = next(a for a in engine.legal_actions(state, defender) if a["kind"] == "battle_card")
    asked = engine.prompt(state, defender).params
    return {
        "attacker": state.names[event.seat],
        "land": f"{asked['land_name']} {asked['land_number']}",
        "text": partial(engine.describe, event.for_seat(defender), state.names, defender),
        "deck": fight["deck"],
    }


def attack_links(row, make) -> dict:
    """A defender who may fight with the top of the deck can do so from the mail."""
    return {"defend_deck_url": make(action="defend_deck")} if row.context.get("deck") else {}
