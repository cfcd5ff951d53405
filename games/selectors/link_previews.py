"""What a one-click link from a mail would do now: read only, for its confirm page (GET)."""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games import engine
from games.engine.events import bean_summary
from games.mail.links import Link, LinkInvalid
from games.models import Game, Seat
from games.refusals import NO_BOT_STANDING_IN
from games.selectors.book import usual_lines


@dataclass(frozen=True, slots=True)
class Preview:
    """What the confirm page says: the question, the button, or why it cannot be done."""

    game: Game
    seat: Seat
    title: str
    question: str
    button: str
    details: list[str]
    problem: str = ""


# The confirm pages of the links an expansion adds, by action: each is given the game, the
# seat, the state, its legal moves and the problem found so far. Filled when the app is ready.
PREVIEWS: dict[str, Callable[..., Preview]] = {}


def add_link_preview(action: str, preview: Callable[..., Preview]) -> None:
    PREVIEWS[action] = preview


def link_preview(*, link: Link) -> Preview:
    game = Game.objects.filter(id=link.game_id).first()
    seat = Seat.objects.filter(game_id=link.game_id, user_id=link.user_id).first()
    if game is None or seat is None:
        raise LinkInvalid()
    if link.action == "open":
        question = _("Go to {game}?").format(game=game.title)
        return Preview(game, seat, _("Open the game"), question, _("Open the game"), [])
    if link.action == "mute":
        question = _(
            "Stop all mail about {game}? You can turn it back on in your preferences."
        ).format(game=game.title)
        return Preview(game, seat, _("Mute this game"), question, _("Mute this game"), [])
    problem = "" if game.status == Game.Status.RUNNING else _("This game is no longer running.")
    if link.action == "reclaim":
        if not problem and not seat.bot_standing_in:
            problem = str(NO_BOT_STANDING_IN)
        question = _("Take your seat in {game} back from the bot?").format(game=game.title)
        title, button = _("Take your seat back"), _("Take my seat back")
        return Preview(game, seat, title, question, button, [], problem)
    state = engine.from_dict(game.state) if game.state else None
    legal = engine.legal_actions(state, seat.position) if state else []
    if link.action == "end_trading":
        if not problem and not any(action["kind"] == "end_trading" for action in legal):
            problem = _("Trading is already over, or it is not yours to end.")
        return Preview(
            game,
            seat,
            _("End trading"),
            _(
                "End trading in {game}? Open offers lapse and you plant what is left face up."
            ).format(game=game.title),
            _("End trading"),
            [],
            problem,
        )
    if link.action == "usual":
        if not problem and not engine.book_untouched(state, seat.position):
            problem = _("You have rules or a plan of your own in this game: see them on its page.")
        question = _("Let the game play your obvious moves in {game}?").format(game=game.title)
        title, button = _("Play my obvious moves"), _("Play my obvious moves")
        return Preview(game, seat, title, question, button, usual_lines(), problem)
    if link.action in PREVIEWS:
        return PREVIEWS[link.action](game, seat, state, legal, problem)
    offer = _offer_view(state, seat.position, link.offer) if state else None
    if not problem and offer is None:
        problem = _("That offer is no longer open.")
    details = _offer_lines(state, offer) if offer else []
    if link.action == "accept":
        if not problem and accept_move(legal, link.offer) is None:
            problem = _("You do not have the beans this offer asks for.")
        question = _("Accept offer {offer} in {game}?").format(offer=link.offer, game=game.title)
        return Preview(game, seat, _("Accept the offer"), question, _("Accept"), details, problem)
    question = _("Decline offer {offer} in {game}?").format(offer=link.offer, game=game.title)
    return Preview(game, seat, _("Decline the offer"), question, _("Decline"), details, problem)


def accept_move(legal: list[dict], offer_id) -> dict | None:
    """The move that accepts the offer with the cards the engine suggests, as the page's
    accept form ticks them; None if the seat cannot pay for it."""
    for action in legal:
        if action["kind"] == "accept" and action["offer"] == offer_id:
            return {"kind": "accept", "offer": offer_id, "give": action["give"]}
    return None


def _offer_view(state, position: int, offer_id) -> dict | None:
    for offer in engine.view(state, position)["offers"]:
        if offer["id"] == offer_id and offer["to"] == position:
            return offer
    return None


def _offer_lines(state, offer: dict) -> list[str]:
    maker = state.names[offer["maker"]]
    gives = bean_summary([card["bean"] for card in offer["give"]])
    asks = [bean for bean, count in offer["ask"].items() for _ in range(count)]
    asks += [card["bean"] for card in offer["ask_faceup"]]
    lines = [_("{maker} gives you {beans}.").format(maker=maker, beans=gives)]
    if asks:
        lines.append(_("{maker} asks for {beans}.").format(maker=maker, beans=bean_summary(asks)))
    else:
        lines.append(_("It is a gift: nothing is asked in return."))
    return lines
