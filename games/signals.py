"""What other apps may hear from the games app."""

from django.dispatch import Signal

# Sent once, when a game ends by the rules, inside the transaction of its last move, with
# `game` (the Game row) and `outcome` (engine.outcome: places, scores and what they count).
# Whatever listens writes in that transaction: league tables and ratings change with the move
# that ended the game, or not at all.
game_finished = Signal()
