"""What one seat may see: its own hand, everything public, and its legal actions.

Pages, mails and bots outside the engine see the game only through this.
"""

from .beans import BEAN_KEYS, payout
from .book.view import book_view
from .editions import EDITIONS
from .ending import outcome
from .expansions import extra_views
from .legal import legal_actions, may_resign
from .protocol import prompt, waiting_for
from .state import Offer, State


def view(state: State, seat: int | None) -> dict:
    """`seat` None is a spectator: no hand at all."""
    rules = state.rules
    beans = state.card_beans
    mine = seat is not None
    page = {
        "edition": state.edition,
        "edition_name": EDITIONS[state.edition].title(state.players),
        "seat": seat,
        "turn": state.turn,
        "phase": state.phase,
        "active": state.active,
        "start_player": state.start_player,
        "planted": state.planted,
        "players": [_player(state, other) for other in range(state.players)],
        "hand": [_card(beans, card) for card in state.hands[seat]] if mine else None,
        "faceup": [_card(beans, card) for card in state.faceup],
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "discard_top": _card(beans, state.discard[-1]) if state.discard else None,
        "exhaustions": state.exhaustions,
        "exhaustions_to_end": rules.exhaustions_to_end,
        "ending": state.ending,
        "offers": [_offer(state, offer, seat) for offer in state.offers.values()
                   if mine and seat in (offer.maker, offer.to)],
        "waiting_for": waiting_for(state),
        "prompt": prompt(state, seat).to_dict(),
        "legal": legal_actions(state, seat),
        "may_resign": may_resign(state, seat),
        "seed_hash": state.seed_hash,
        "seed": state.seed if state.over else None,
        "over": state.over,
        "result": outcome(state),
        "resigned": list(state.resigned),
        "bean_types": [BEAN_KEYS[bean] for bean in rules.beans],
        "third_field_cost": rules.third_field_cost,
        "book": book_view(state, seat),
    }
    if rules.expansions:
        page.update(extra_views(state, seat))
    return page


def _card(beans: tuple[int, ...], card: int) -> dict:
    return {"id": card, "bean": BEAN_KEYS[beans[card]]}


def _player(state: State, seat: int) -> dict:
    beans = state.card_beans
    own = state.fields[seat]
    # The bean protection rule: a single bean stays while another field holds more.
    crowded = any(len(field) > 1 for field in own)
    return {
        "seat": seat,
        "name": state.names[seat],
        "hand_size": len(state.hands[seat]),
        "coins": len(state.coins[seat]),
        "fields": [_field(beans, field, crowded) for field in own],
        "to_plant": [_card(beans, card) for card in state.to_plant[seat]],
    }


def _field(beans: tuple[int, ...], field: list[int], crowded: bool) -> dict:
    if not field:
        return {"bean": None, "count": 0, "payout": 0, "cards": [], "protected": False}
    bean = beans[field[0]]
    return {
        "bean": BEAN_KEYS[bean],
        "count": len(field),
        "payout": payout(bean, len(field)),
        "cards": list(field),
        "protected": len(field) == 1 and crowded,
    }


def _offer(state: State, offer: Offer, seat: int) -> dict:
    """The maker sees the card ids it offered; the receiver sees only their beans (the
    cards come from a hidden hand, and ids would let it follow them)."""
    beans = state.card_beans
    faceup = set(state.faceup)
    give = [
        _card(beans, card) if seat == offer.maker or card in faceup
        else {"id": None, "bean": BEAN_KEYS[beans[card]]}
        for card in offer.give
    ]
    return {
        "id": offer.id,
        "maker": offer.maker,
        "to": offer.to,
        "give": give,
        "ask": {BEAN_KEYS[bean]: count for bean, count in offer.ask.items()},
        "ask_faceup": [_card(beans, card) for card in offer.ask_faceup],
        "gift": not offer.ask and not offer.ask_faceup,
        "mine": seat == offer.maker,
    }
