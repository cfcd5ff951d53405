"""Reads for pages (see DESIGN.md): each function gathers what one page shows.

Nothing here writes. A game's board is built from `engine.view(state, seat)` only.
"""
