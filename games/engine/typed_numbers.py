"""Numbers typed by people (query strings, form fields, lines of a mail), read safely."""

# Typed numbers are ids, counts, fields and sequence numbers: anything longer is junk.
MAX_DIGITS = 9


def small_number(text: str) -> int | None:
    """A whole number of at most MAX_DIGITS ASCII digits, else None: "²" and "٣" are digits to
    str.isdigit but not numbers to int(), and a number of thousands of digits is refused by
    int() (and is junk here anyway)."""
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return int(text)
    return None
