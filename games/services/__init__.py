"""Writes: one function per use case, each in one transaction (see DESIGN.md).

Services take keyword arguments only and raise the errors of `games.refusals`; the engine's
IllegalMove passes through unchanged, and nothing is written when anything is raised. What
must follow a commit (a bot's move, a mail) is queued through `games.task_queue`.
"""
