"""A reply's commands in its reader's own words: the mail lists its commands in English
(`mail/commands.py`, each kind's words in `engine.move_words`), and a reply may write them in
English or in the reader's language: "annehmen 3", "Feld 2 ernten", "accepter l'offre 3",
"raccogli 2", "oogst veld 2", "ja".

Each language is a table of its words for the commands' English ones ("" for a word read as
nothing: an article, "bitte", the "Nr." before a number). A line is read word by word in the
reader's language: its words become the English ones, a verb written last ("Feld 2 ernten")
comes first, and the particle a separable verb leaves at the end ("lehne 3 ab") goes (where
it makes the verb another command, "nimm 3 an", the command is that one). English
words pass as they are, in every language. A yes or a no ("ja", "oui") answers the one offer
the mail asks about (`mailplay.commands`).
"""

import re
from typing import Final

YES: Final = "yes"
NO: Final = "no"

# The words of each language: what the English command word is, or "" for none.
_WORDS: Final[dict[str, dict[str, str]]] = {
    "de": {
        **dict.fromkeys(
            ("anbauen", "pflanze", "pflanzen", "pflanz", "anpflanzen", "setze"), "plant"
        ),
        **dict.fromkeys(("ernte", "ernten", "abernten"), "harvest"),
        **dict.fromkeys(("kaufe", "kaufen", "kauf"), "buy"),
        **dict.fromkeys(("stopp", "stoppen", "aufhören", "halt"), "stop"),
        **dict.fromkeys(("ende", "beende", "beenden", "fertig", "schluss"), "end"),
        **dict.fromkeys(("annehmen", "nehme", "akzeptiere", "akzeptieren"), "accept"),
        **dict.fromkeys(("ablehnen", "lehne"), "decline"),
        **dict.fromkeys(("zurückziehen", "ziehe"), "withdraw"),
        **dict.fromkeys(("anbieten", "biete"), "offer"),
        **dict.fromkeys(("gib", "gebe", "geben"), "give"),
        **dict.fromkeys(("für", "gegen", "verlange", "möchte"), "ask"),
        **dict.fromkeys(("nimm", "nehmen"), "take"),
        **dict.fromkeys(("passe", "passen"), "pass"),
        **dict.fromkeys(("aufgedeckt", "aufgedeckte", "offen", "offene"), "faceup"),
        **dict.fromkeys(("feld",), "field"),
        **dict.fromkeys(("im", "ins"), "in"),
        **dict.fromkeys(("mit",), "using"),
        **dict.fromkeys(("handel", "handeln"), "trading"),
        **dict.fromkeys(("zug",), "turn"),
        **dict.fromkeys(("ja", "jawohl"), YES),
        **dict.fromkeys(("nein",), NO),
        **dict.fromkeys(
            ("nr", "nr.", "nummer", "bitte", "angebot", "das", "den", "die", "der", "ich"), ""
        ),
    },
    "fr": {
        **dict.fromkeys(("planter", "plante", "plantez", "plantes"), "plant"),
        **dict.fromkeys(("récolter", "récolte", "récoltez", "recolter", "recolte"), "harvest"),
        **dict.fromkeys(("acheter", "achète", "achete", "achetez"), "buy"),
        **dict.fromkeys(("arrêter", "arrête", "arrete", "arrêt"), "stop"),
        **dict.fromkeys(("fin", "finir", "terminer", "termine", "terminé", "fini"), "end"),
        **dict.fromkeys(("accepter", "accepte", "acceptez"), "accept"),
        **dict.fromkeys(("refuser", "refuse", "refusez", "décliner", "décline"), "decline"),
        **dict.fromkeys(("retirer", "retire", "retirez"), "withdraw"),
        **dict.fromkeys(("proposer", "propose", "proposez", "offrir"), "offer"),
        **dict.fromkeys(("donner", "donne", "donnez"), "give"),
        **dict.fromkeys(("demander", "demande", "demandez", "contre"), "ask"),
        **dict.fromkeys(("prendre", "prends", "prend", "prenez"), "take"),
        **dict.fromkeys(("passer", "passe", "passez"), "pass"),
        **dict.fromkeys(("visible", "visibles"), "faceup"),
        **dict.fromkeys(("champ",), "field"),
        **dict.fromkeys(("dans",), "in"),
        **dict.fromkeys(("avec",), "using"),
        **dict.fromkeys(("échanges", "échange", "commerce"), "trading"),
        **dict.fromkeys(("tour",), "turn"),
        **dict.fromkeys(("oui",), YES),
        **dict.fromkeys(("non",), NO),
        **dict.fromkeys(
            ("n°", "no.", "numéro", "le", "la", "l'", "les", "un", "une", "offre", "de", "du")
            + ("je", "j'", "merci"),
            "",
        ),
    },
    "it": {
        **dict.fromkeys(("pianta", "piantare", "pianto"), "plant"),
        **dict.fromkeys(("raccogli", "raccogliere", "raccolgo"), "harvest"),
        **dict.fromkeys(("compra", "comprare", "compro"), "buy"),
        **dict.fromkeys(("basta", "ferma", "fermati"), "stop"),
        **dict.fromkeys(("fine", "finisci", "termina", "terminare", "finito", "chiudi"), "end"),
        **dict.fromkeys(("accetta", "accettare", "accetto"), "accept"),
        **dict.fromkeys(("rifiuta", "rifiutare", "rifiuto"), "decline"),
        **dict.fromkeys(("ritira", "ritirare", "ritiro"), "withdraw"),
        **dict.fromkeys(("offri", "offrire", "offro", "proponi"), "offer"),
        **dict.fromkeys(("dai", "dare", "do"), "give"),
        **dict.fromkeys(("chiedi", "chiedere", "chiedo", "per"), "ask"),
        **dict.fromkeys(("prendi", "prendere", "prendo"), "take"),
        **dict.fromkeys(("passo", "passa", "passare"), "pass"),
        **dict.fromkeys(("scoperta", "scoperte", "scoperto"), "faceup"),
        **dict.fromkeys(("campo",), "field"),
        **dict.fromkeys(("nel", "nella"), "in"),
        **dict.fromkeys(("con",), "using"),
        **dict.fromkeys(("scambi", "scambio"), "trading"),
        **dict.fromkeys(("turno",), "turn"),
        **dict.fromkeys(("sì", "si"), YES),
        **dict.fromkeys(
            ("n.", "numero", "il", "la", "l'", "lo", "un", "una", "offerta", "io", "grazie"), ""
        ),
    },
    "nl": {
        **dict.fromkeys(("verbouwen", "verbouw", "planten", "plant", "poot"), "plant"),
        **dict.fromkeys(("oogst", "oogsten"), "harvest"),
        **dict.fromkeys(("koop", "kopen"), "buy"),
        **dict.fromkeys(("stoppen",), "stop"),
        **dict.fromkeys(("einde", "klaar", "beëindig", "beëindigen", "eind"), "end"),
        **dict.fromkeys(("accepteer", "accepteren", "aanvaard", "aanvaarden"), "accept"),
        **dict.fromkeys(("weiger", "weigeren", "afwijzen", "wijs"), "decline"),
        **dict.fromkeys(("intrekken", "trek"), "withdraw"),
        **dict.fromkeys(("aanbieden", "bied"), "offer"),
        **dict.fromkeys(("geef", "geven"), "give"),
        **dict.fromkeys(("vraag", "vragen", "voor"), "ask"),
        **dict.fromkeys(("neem", "nemen"), "take"),
        **dict.fromkeys(("pas", "passen"), "pass"),
        **dict.fromkeys(("open", "openliggend", "openliggende"), "faceup"),
        **dict.fromkeys(("veld",), "field"),
        **dict.fromkeys(("met",), "using"),
        **dict.fromkeys(("handel", "handelen"), "trading"),
        **dict.fromkeys(("beurt",), "turn"),
        **dict.fromkeys(("ja",), YES),
        **dict.fromkeys(("nee",), NO),
        **dict.fromkeys(
            ("nr", "nr.", "nummer", "de", "het", "een", "bod", "aanbod", "ik", "graag"), ""
        ),
    },
}
# Words a separable verb leaves at the end of its line ("lehne 3 ab", "wijs 3 af").
_PARTICLES: Final = {"de": {"ab", "an", "zurück"}, "nl": {"af", "aan", "terug", "in"}}
# Separable verbs whose particle changes the command: "nimm 3" takes standing offer 3, "nimm
# 3 an" accepts offer 3 ("neem 3" and "neem aanbod 3 aan" alike).
_SEPARABLE: Final = {
    "de": {("nimm", "an"): "accept", ("nehme", "an"): "accept", ("baue", "an"): "plant"},
    "nl": {("neem", "aan"): "accept", ("trek", "in"): "withdraw", ("bied", "aan"): "offer"},
}
# What a mail tells a reader of the language they may write (the first word of each list).
SHOWN: Final = {
    "de": ("anbauen", "ernten", "annehmen", "ablehnen", "nehmen", "passen", "Ende", "ja"),
    "fr": ("planter", "récolter", "accepter", "refuser", "prendre", "passer", "fin", "oui"),
    "it": ("pianta", "raccogli", "accetta", "rifiuta", "prendi", "passo", "fine", "sì"),
    "nl": ("verbouwen", "oogst", "accepteer", "weiger", "neem", "pas", "einde", "ja"),
}
COMMAND_VERBS: Final = frozenset(
    ("plant", "harvest", "buy", "stop", "end", "accept", "decline", "withdraw", "offer")
    + ("take", "stand", "pass", "rules", "plan", "usual", YES, NO)
)
# "#1", "1)" and "1." as a mail numbers its moves: the number.
_NUMBERED = re.compile(r"^#?(\d+)[.)]?$")


def in_english(words: list[str], language: str) -> list[str]:
    """The words of a line (lower case) as the English commands write them."""
    table = _WORDS.get(language, {})
    english = []
    separable = _SEPARABLE.get(language, {}).get((words[0], words[-1])) if words else None
    if separable and len(words) > 1:
        words = [separable, *words[1:]]  # its particle goes below, as any other's
    for word in words:
        numbered = _NUMBERED.match(word)
        if numbered:
            english.append(numbered[1])
            continue
        said = table.get(word, word)
        if said:
            english.append(said)
    if len(english) > 1 and words[-1] in _PARTICLES.get(language, ()):
        english.pop()  # the particle, read as itself: no table has it
    if english and words[-1] in table and english[-1] in COMMAND_VERBS:
        # A verb of the reader's own, written last ("Angebot 1 annehmen"): it leads.
        return [english[-1], *english[:-1]]
    if english and english[0] in (YES, NO):
        return english[:1]  # "Ja, gerne!": the yes is the answer
    return _verb_first(english)


def _verb_first(words: list[str]) -> list[str]:
    """A verb written after what it acts on ("Feld 2 ernten"), first; a line led by a number
    (one copied from the mail's list) is left as it is."""
    if not words or words[0] in COMMAND_VERBS or words[0].isdigit():
        return words
    verbs = [index for index, word in enumerate(words) if word in COMMAND_VERBS]
    if not verbs:
        return words
    index = verbs[-1]
    return [words[index], *words[:index], *words[index + 1 :]]


def words_shown(language: str) -> tuple[str, ...]:
    """The command words a mail names for a reader of `language` (none in English)."""
    return SHOWN.get(language, ())


def known_verbs(language: str) -> list[str]:
    """The words that start a command for a reader of `language`: English's and their own."""
    own = [word for word, said in _WORDS.get(language, {}).items() if said in COMMAND_VERBS]
    return sorted(COMMAND_VERBS | set(own))
