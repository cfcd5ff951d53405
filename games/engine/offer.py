"""An offer of a trade: between the active player and one other, or standing, to whoever is
the active player (the trade book's, `book`)."""


class Offer:
    """An open trade offer between the active player and one other player."""

    # No __slots__: CPython then makes an Offer without going through a generic call (as
    # events.Event).
    def __init__(
        self,
        id: int,
        maker: int,
        to: int,
        give: tuple[int, ...],
        ask: dict[int, int],
        ask_faceup: tuple[int, ...],
    ):
        self.id = id
        self.maker = maker
        self.to = to
        self.give = give  # card ids the maker hands over
        self.ask = ask  # bean -> how many cards of it from the receiver's hand
        self.ask_faceup = ask_faceup  # face-up card ids the maker asks for

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "maker": self.maker,
            "to": self.to,
            "give": list(self.give),
            "ask": {str(bean): count for bean, count in self.ask.items()},
            "ask_faceup": list(self.ask_faceup),
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Offer":
        return cls(
            data["id"],
            data["maker"],
            data["to"],
            tuple(data["give"]),
            {int(bean): count for bean, count in data["ask"].items()},
            tuple(data["ask_faceup"]),
        )
