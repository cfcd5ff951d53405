"""Places in a finished game, as leagues and ratings count them."""


def final_places(places: list[int], last: list[int]) -> list[int]:
    """The engine's places, with the seats in `last` (resigned, or played by a bot to the end)
    sharing the last place; the others keep their order and ties."""
    ranked = [seat for seat in range(len(places)) if seat not in last]
    result = [len(ranked) + 1] * len(places)
    for seat in ranked:
        result[seat] = 1 + sum(1 for other in ranked if places[other] < places[seat])
    return result
