"""Installing an expansion: one call puts each of its parts where the core looks it up (its
editions, phases, kinds of move, words, scores and tie-breaks), so that an expansion is one
object and one line in `games.engine`."""

from . import editions, guide, move_kinds, move_words, phases, state
from .ending import register_count, register_tie_break
from .events import register_wordings
from .expansions import EXPANSIONS, Expansion
from .prompts import WORDINGS


def install(expansion: Expansion) -> Expansion:
    EXPANSIONS[expansion.key] = expansion
    for edition in expansion.editions():
        editions.register(edition, expansion.rules)
    for edition_key, players in expansion.tables():
        editions.register_table(edition_key, players, expansion.rules)
    state.PART_TO_DICT[expansion.key] = expansion.part_to_dict
    state.PART_FROM_DICT[expansion.key] = expansion.part_from_dict
    state.PART_CARDS[expansion.key] = expansion.cards
    for phase in expansion.phases():
        phases.register(phase)
    for kind in expansion.move_kinds:
        move_kinds.register(kind)
    register_wordings(expansion.event_wordings)
    for words in expansion.kind_words:
        move_words.register(words)
    WORDINGS.update(expansion.prompt_wordings)
    guide.register_steps(expansion.turn_steps)
    for key, (scores, unit) in expansion.counts().items():
        register_count(key, scores, unit)
    for key, (wording, values) in expansion.tie_breaks().items():
        register_tie_break(key, wording, values)
    return expansion
