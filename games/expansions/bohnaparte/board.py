"""Bohnaparte's part of the game page: the map as shapes for a server-drawn SVG, each seat's
lands and victory points, the seat's own munitions depot and the forms for its moves.

Everything comes from the engine's view of one seat: the map and tokens are public, a depot's
cards are in the view of their owner alone, and the cards a form offers are those of the
seat's legal moves (its own hand and depot).
"""

from django.utils.translation import gettext_lazy as _

from games.engine import BEANS
from games.engine.bohnaparte import lands as kinds

# One land card on the map, in SVG units; a brick map's rows lie half a card to the side.
CELL_WIDTH = 84
CELL_HEIGHT = 56
GAP = 4
# Each seat's colour, for its tokens and its name: told apart also by a letter on the token.
SEAT_COLOURS = ("#c0392b", "#2471a3", "#b7950b", "#7d3c98", "#138d75", "#ca6f1e")
NEUTRAL = "#f4f1e8"
# A bean's battle value is its count in the deck (RULES.md 6.1).
BATTLE_VALUES = {bean.key: bean.count for bean in BEANS}
RIVER_COLOUR = "#aed6f1"

LAND_NAMES = {
    kinds.CAMP: _("Camp"),
    kinds.FARM: _("Farm"),
    kinds.VILLAGE: _("Village"),
    kinds.CITY: _("City"),
    kinds.MONASTERY: _("Monastery"),
    kinds.MINE: _("Mine"),
    kinds.IRON_MINE: _("Iron mine"),
    kinds.RIVER: _("River"),
    kinds.SWAMP: _("Swamp"),
    kinds.FOREST: _("Forest"),
    kinds.PADDOCK: _("Horse paddock"),
}


def land_label(kind: str, land: int) -> str:
    """As the engine's log names a land: its kind and its number on the map from 1."""
    return f"{LAND_NAMES[kind]} {land + 1}"


def bohnaparte_board(view: dict) -> dict | None:
    """The page's Bohnaparte section; None in any other game."""
    ours = view.get("bohnaparte")
    if ours is None:
        return None
    names = [player["name"] for player in view["players"]]
    marks = owner_marks(names)
    spots = ours["map"]["lands"]
    labels = [land_label(spot["kind"], spot["land"]) for spot in spots]
    moves = _moves(view, ours, labels)
    return {
        "map": _map(ours, spots, labels, names, marks, moves),
        "players": _players(view, ours, names, marks, labels),
        "depot": ours["depot"],
        "depot_size": ours["depot_size"],
        "drawn": ours["drawn"],
        "costs": ours["costs"],
        "cavalry": ours["cavalry"],
        "labels": labels,
        "moves": moves,
    }


def owner_marks(names: list[str]) -> list[str]:
    """The mark on each seat's tokens, told apart from every other seat's (for readers who do
    not tell the colours apart): the name's first letter; where two share it, the initials of
    the names' words ("Bot Anna" BA, "Bot Ben" BB); failing that, the letter and the seat's
    number. One rule for the whole table, so that the marks read alike."""
    letters = [name[:1].upper() for name in names]
    initials = ["".join(word[:1] for word in name.split()[:2]).upper() for name in names]
    for marks in (letters, initials):
        if len(set(marks)) == len(marks):
            return marks
    return [f"{letter}{seat + 1}" for seat, letter in enumerate(letters)]


def _map(
    ours: dict,
    spots: list[dict],
    labels: list[str],
    names: list[str],
    marks: list[str],
    moves: dict,
):
    attackable = {attack["land"] for attack in moves["attacks"]}
    free_camps = {camp["land"] for camp in moves["camps"]}
    lands = []
    for spot, held in zip(spots, ours["lands"], strict=True):
        land, kind, owner = spot["land"], spot["kind"], held["owner"]
        x = round(spot["x"] * CELL_WIDTH) + GAP
        y = spot["row"] * CELL_HEIGHT + GAP
        lands.append(
            {
                **held,
                "kind": kind,
                "label": labels[land],
                "name": LAND_NAMES[kind],
                "number": land + 1,
                "x": x,
                "y": y,
                "width": CELL_WIDTH - GAP,
                "height": CELL_HEIGHT - GAP,
                "middle": x + (CELL_WIDTH - GAP) // 2,
                "fill": _fill(kind, owner),
                "owner_name": names[owner] if owner is not None else "",
                "owner_letter": marks[owner] if owner is not None else "",
                "cannon": kind == kinds.IRON_MINE,
                "paddock": kind == kinds.PADDOCK,
                "attackable": land in attackable,
                "free_camp": land in free_camps,
            }
        )
    right = max((spot["x"] for spot in spots), default=0) + 1
    bottom = max((spot["row"] for spot in spots), default=0) + 1
    return {
        "lands": lands,
        "width": round(right * CELL_WIDTH) + GAP,
        "height": bottom * CELL_HEIGHT + GAP,
        "grid": ours["map"]["layout"] == "grid",
    }


def _fill(kind: str, owner: int | None) -> str:
    if kind == kinds.RIVER:
        return RIVER_COLOUR
    return NEUTRAL if owner is None else SEAT_COLOURS[owner % len(SEAT_COLOURS)]


def _players(
    view: dict, ours: dict, names: list[str], marks: list[str], labels: list[str]
) -> list[dict]:
    return [
        {
            **player,
            "name": names[player["seat"]],
            "mark": marks[player["seat"]],
            "colour": SEAT_COLOURS[player["seat"] % len(SEAT_COLOURS)],
            "is_me": player["seat"] == view["seat"],
            "coins": view["players"][player["seat"]]["coins"],
            "camp_label": labels[player["camp"]] if player["camp"] is not None else "",
            "cavalry": [
                {**horse, "label": labels[horse["paddock"]]} for horse in player["cavalry"]
            ],
        }
        for player in ours["players"]
    ]


def _moves(view: dict, ours: dict, labels: list[str]) -> dict:
    """The seat's Bohnaparte moves, grouped for its forms; cards named by their beans."""
    known = _known_cards(view, ours)
    moves: dict = {
        "camps": [],
        "monastery_draw": None,
        "monastery_skip": False,
        "store": [],
        "buy_depot": None,
        "fortresses": [],
        "buy_merchant": None,
        "attacks": [],
        "attack_cards": [],
        "attack_deck": False,
        "attack_cavalry": [],
        "end_attacks": False,
        "fight": None,
        "merchant_take": None,
    }
    for action in view["legal"]:
        kind = action["kind"]
        if kind == "choose_camp":
            moves["camps"].append({"land": action["land"], "label": labels[action["land"]]})
        elif kind == "monastery_draw":
            moves["monastery_draw"] = action["left"]
        elif kind == "monastery_skip":
            moves["monastery_skip"] = True
        elif kind == "store":
            moves["store"].append(known[action["card"]])
        elif kind == "buy_depot":
            moves["buy_depot"] = action["cost"]
        elif kind == "buy_merchant":
            moves["buy_merchant"] = action["cost"]
        elif kind == "build_fortress":
            moves["fortresses"].append(
                {
                    "mine": action["mine"],
                    "mine_label": labels[action["mine"]],
                    "lands": [(land, labels[land]) for land in action["lands"]],
                }
            )
        elif kind == "attack":
            _add_attack(moves, action, labels, known)
        elif kind == "end_attacks":
            moves["end_attacks"] = True
        elif kind == "battle_card":
            moves["fight"] = {
                "cards": [known[card] for card in action["cards"]],
                "deck": action["deck"],
            }
        elif kind == "merchant_take":
            # One choice for each card taken, in hand order: the cards drawn, as they came.
            moves["merchant_take"] = {
                "cards": [known[card] for card in action["cards"]],
                "take": action["take"],
                "slots": action["cards"][: action["take"]],
            }
    _mark_cards_not_for_every_target(moves, view["legal"])
    return moves


def _add_attack(moves: dict, action: dict, labels: list[str], known: dict) -> None:
    """One target more; the attack form offers every card and cavalry that some target takes
    (a swamp takes no depot card: the form says so beside the card)."""
    moves["attacks"].append({"land": action["land"], "label": labels[action["land"]]})
    for card in action["cards"]:
        if all(offered["id"] != card for offered in moves["attack_cards"]):
            moves["attack_cards"].append({**known[card], "not_for": []})
    moves["attack_deck"] = moves["attack_deck"] or action["deck"]
    for paddock in action["cavalry"]:
        horse = {"paddock": paddock, "label": labels[paddock]}
        if horse not in moves["attack_cavalry"]:
            moves["attack_cavalry"].append(horse)


def _mark_cards_not_for_every_target(moves: dict, legal: list[dict]) -> None:
    """Each attack card lists the targets it may not be played against."""
    takes = {action["land"]: set(action["cards"]) for action in legal if action["kind"] == "attack"}
    for card in moves["attack_cards"]:
        card["not_for"] = [
            target["label"]
            for target in moves["attacks"]
            if card["id"] not in takes[target["land"]]
        ]


def _known_cards(view: dict, ours: dict) -> dict[int, dict]:
    """The cards this seat knows by id, with where they lie: its hand, its depot, the cards
    it drew for its merchant, and every merchant's face-up cards."""
    known: dict[int, dict] = {}
    places = [("hand", view["hand"] or []), ("depot", ours["depot"] or [])]
    places.append(("drawn", ours["drawn"] or []))
    places += [("merchant", player["merchant"] or []) for player in ours["players"]]
    if view["seat"] is not None:
        places.append(("to_plant", view["players"][view["seat"]]["to_plant"]))
    for place, cards in places:
        for card in cards:
            value = BATTLE_VALUES[card["bean"]]
            known.setdefault(card["id"], {**card, "place": place, "value": value})
    return known
