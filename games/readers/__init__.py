"""Who reads a page or a mail: the language and time zone it is worded and timed in, and
whether the player has the game's page open right now (then a move needs no mail)."""
