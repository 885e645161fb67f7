"""Generic repair of OCR'd French text (seeds 000 and 002).

The scans lost accents ("étre", "piéce", "regles"), glued short words ("Siun", "Ondit"),
read "l'" as "I'" or "1'" and "ç" as "g". None of this is a one-off fix of one line, so it
lives in code; every one-off fix stays in ``rules/data/corrections``.

Accents are restored from the vocabulary of the French chapters of the Livre de l'Arbitre
(seed 001, extracted from a PDF with its accents intact): a word that the Livre never uses
is replaced by the Livre's most frequent word with the same letters once accents are
ignored. Words the Livre does use are left alone, so a correct rare word is never changed.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import cache

from rules.importer import SEED_FILES, seeds_dir

# French-only stretches of the Livre (the 2018 Laws and glossary in French, the RIDNA,
# tie-breaks, ratings): the interleaved English chapters would make "piece" look French.
_FRENCH_RANGES = ((155, 2454), (4152, 6787), (7626, 7787), (8621, 10715))

# Confusions the accent-insensitive lookup cannot see (letters misread as other letters).
_WORD_MAP = {
    "fagon": "façon",
    "fagons": "façons",
    "facon": "façon",
    "Frangais": "Français",
    "congue": "conçue",
    "concue": "conçue",
    "recoit": "reçoit",
    "recoivent": "reçoivent",
    "regoit": "reçoit",
    "reccit": "reçoit",
    "pronongant": "prononçant",
    "renongant": "renonçant",
    "remplagant": "remplaçant",
    "remplacant": "remplaçant",
    "déplagant": "déplaçant",
    "déplacant": "déplaçant",
    "manceuvre": "manœuvre",
    "rogue": "roque",
    "roguer": "roquer",
    "coté": "côté",
    "c6té": "côté",
    "cdté": "côté",
    "role": "rôle",
    "tot": "tôt",
    "aussitét": "aussitôt",
    "diment": "dûment",
    "contrle": "contrôle",
    "contrélées": "contrôlées",
    "controlée": "contrôlée",
    "apparait": "apparaît",
    "apparaitre": "apparaître",
    "reconnait": "reconnaît",
    "entrainera": "entraînera",
    "entrainer": "entraîner",
    "taches": "tâches",
    "tache": "tâche",
    "lachée": "lâchée",
    "laché": "lâché",
    "relaché": "relâché",
    "Tl": "Il",
    "1l": "Il",
    "11l": "Il",
    "Iégal": "légal",
    "Iégale": "légale",
    "Iarbitre": "l'arbitre",
    "Parbitre": "l'arbitre",
    "Iarticle": "l'article",
    "larticle": "l'article",
    "larbitre": "l'arbitre",
    "Larbitre": "L'arbitre",
    "Linfraction": "L'infraction",
    "IArticle": "l'Article",
    "lArticle": "l'Article",
    "Toccasion": "l'occasion",
    "premicre": "première",
    "considéeré": "considéré",
    "immeédiatement": "immédiatement",
    "piéece": "pièce",
    "réeglement": "règlement",
    "Reégles": "Règles",
    "Apreés": "Après",
    "apreés": "après",
    "incriming": "incriminé",
    "derangés": "dérangés",
    "égérement": "légèrement",
    "normausx": "normaux",
    "fiinf": "fünf",
    "partic": "partie",
    "irrégulicr": "irrégulier",
    "unc": "une",
    "traversc": "traverse",
    "passcr": "passer",
    "aucunc": "aucune",
    "ot": "où",
    "oit": "où",
    "ott": "où",
    "olt": "où",
    "oil": "où",
    "ol": "où",
    "Jui": "lui",
    "stre": "être",
    "sagit": "s'agit",
    "sil": "s'il",
    "précente": "présente",
    "linterprétation": "l'interprétation",
    "linscription": "l'inscription",
    "ditecteur": "directeur",
    "tent": "tenu",
    "Diéce": "Pièce",
    "linitiale": "l'initiale",
    "régulierement": "régulièrement",
    "concéde": "concède",
    "enlévera": "enlèvera",
}

# Short words that OCR glues to the next word ("Siun" → "Si un").
_GLUED_HEADS = ("Si", "si", "On", "on", "Le", "le", "La", "la", "Ce", "ce", "De", "de")

_WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿœŒ0-9]+")


def _unaccented(word: str) -> str:
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn").lower()


@cache
def _vocabulary() -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    counts: Counter[str] = Counter()
    # The raw file, not read_seed(): the vocabulary must not change when someone adds a
    # correction to the Livre's Laws chapters (it would silently change this importer's output).
    lines = (seeds_dir() / SEED_FILES["001"]).read_text(encoding="utf-8").split("\n")
    for first, last in _FRENCH_RANGES:
        for line in lines[first - 1 : last]:
            counts.update(w for w in _WORD.findall(line) if w.isalpha())
    known = frozenset(counts)
    candidates: dict[str, list[tuple[int, str]]] = {}
    for word, count in counts.items():
        candidates.setdefault(_unaccented(word), []).append((count, word))
    # Most frequent first; ties broken by the word so the result never depends on dict order.
    return known, {
        key: tuple(word for _count, word in sorted(found, key=lambda item: (-item[0], item[1])))
        for key, found in candidates.items()
    }


def _plausible_ocr_loss(word: str, replacement: str) -> bool:
    """OCR drops accents or reads è/ê as é; it does not add them. A final plain "e" that
    would become "é" is ambiguous (present tense or participle) and is left alone."""
    if len(word) != len(replacement):
        return False
    for position, (seen, wanted) in enumerate(zip(word.lower(), replacement.lower(), strict=True)):
        if seen == wanted:
            continue
        if seen == "é" and wanted in "èêë":
            continue
        if seen == _unaccented(wanted) and not (seen == "e" and position == len(word) - 1):
            continue
        return False
    return True


def _match_case(model: str, word: str) -> str:
    if model.isupper() and len(model) > 1:
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def repair_word(word: str) -> str:
    if word in _WORD_MAP:
        return _WORD_MAP[word]
    known, by_key = _vocabulary()
    if word[:1] == "1" and word[1:].isalpha() and word[1:2].islower():
        candidate = repair_word("l" + word[1:])
        if candidate in known:
            return candidate
    if not word.isalpha():
        return word
    if word in known or word.lower() in known:
        return word
    if word[0] in "1I" and word[1:2].islower() and "l" + word[1:] in known:
        return "l" + word[1:]
    for replacement in by_key.get(_unaccented(word), ()):
        if _plausible_ocr_loss(word, replacement):
            return _match_case(word, replacement.lower() if word[:1].islower() else replacement)
    for head in _GLUED_HEADS:
        rest = word[len(head) :]
        if word.startswith(head) and len(rest) > 1 and rest[0].islower():
            repaired_rest = repair_word(rest)
            if repaired_rest != rest or rest in known:
                return f"{head} {repaired_rest}"
    return word


_APOSTROPHE_L = re.compile(r"(?<![A-Za-zÀ-ÿ])[I1|](?=['’] ?[A-Za-zàâéèêîôûœ])")
_ARTICLE_L = re.compile(
    r"(?<![A-Za-zÀ-ÿ])(?:DL|D|T|L)['’ ]?(?=(?:arbitre|augmentation|exclusion|avertissement)\b)"
)
# "a" for "à" where the verb "avoir" cannot follow (safe pairs only) and "&" for "à".
_GRAVE_A = re.compile(
    r"(?<![A-Za-zÀ-ÿ'])a(?= (?:partir|condition|moins que|moins d'y|l'exception|disposition|jour"
    r"|tout moment|la suite|l'aide|l'avance|l'heure|l'instant|sa pendule|son adversaire"
    r"|l'adversaire|quitter|accéder"
    r"|quiconque|deux cases|cet effet|gauche|droite)\b)"
)
_LOST_L = re.compile(r"(?<=[\s(])['’](?=[aeiouyéèêàâîôûh])")


# Words after which a lone "a" can only be the preposition "à" (never the verb "avoir").
_BEFORE_GRAVE_A = frozenset({
    "fin", "antérieure", "antérieur", "conformément", "arrivant", "imparti", "impartie",
    "fonctionner", "exposer", "appliquer", "adjacente", "adjacent", "quant", "grâce", "face",
    "chacun", "relatif", "relative", "contraire", "supérieur", "supérieure", "inférieur",
    "inférieure", "égal", "égale", "identique", "ajouté", "ajoutée", "remis", "remise", "seul",
    "seule", "prévue", "prévu", "correspondant", "correspondante", "mis", "mise", "attribué",
    "attribuée", "préalable", "si", "façon", "case", "appartient", "avantage", "jouée", "rapportant",
    "appelé", "appelée", "réponse", "parties",
    # Words after which "a" cannot be the verb (BAF 144 lost most of its grave accents).
    "tenu", "référence", "parvenir", "nécessaire", "demander", "respectives", "relatifs", "relatives",
    "lié", "liée", "assimilé", "assimilée", "déclare", "accéder", "signaler", "interdit", "interdite",
    "soumettre", "infraction", "linfraction", "seront", "sont", "attribuer", "extérieur", "extérieure",
    "extérieurs", "faite", "uniquement", "ouvrir", "satisfaire", "permet", "transmis", "transmise",
    "ajourné", "continuera", "signalée", "présent", "restant", "restants",
})
# Words before which "a" cannot be the verb: "a partir de", "a court de temps", "a propos".
_AFTER_GRAVE_A = frozenset({"partir", "court", "propos", "côté", "cdté", "celle-ci", "celui-ci"})
_INFINITIVE_EXTRA = frozenset({"être", "étre", "faire", "prendre", "mettre", "rendre"})
_ELISION = re.compile(r"^(?:[dlsnmtj]|qu)['’]", re.IGNORECASE)


def _grave_a(text: str) -> str:
    """ "a" followed by an infinitive, or after a word that cannot be its subject, is "à"."""
    known, _by_key = _vocabulary()
    tokens = re.split(r"(\s+)", text)
    words = [(i, piece) for i, piece in enumerate(tokens) if piece.strip()]
    for position, (index, word) in enumerate(words):
        if word != "a" or position == 0 or position + 1 >= len(words):
            continue
        previous = _ELISION.sub("", words[position - 1][1].lower().strip(",;:"))
        following = words[position + 1][1].lower().strip(",;:.")
        infinitive = following in _INFINITIVE_EXTRA or (
            len(following) > 3 and following.endswith(("er", "ir", "oir")) and following in known
        )
        if previous in _BEFORE_GRAVE_A or following in _AFTER_GRAVE_A or infinitive:
            tokens[index] = "à"
    return "".join(tokens)


def _sentence_start(text: str, position: int) -> bool:
    before = text[:position].rstrip()
    return not before or before.endswith((".", ":", "!", "?"))


def clean_french(text: str) -> str:
    """OCR repair of one line or paragraph of French prose (idempotent)."""
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    text = text.replace("™", "").replace("é¢", "é").replace("¢", "é")
    text = re.sub(r"'{2,}", "'", text)
    text = _APOSTROPHE_L.sub("l", text)
    text = re.sub(r"\bl' (?=[Aa]rticle)", "l'", text)
    text = _LOST_L.sub("l'", text)
    text = _ARTICLE_L.sub(lambda m: "L'" if _sentence_start(text, m.start()) else "l'", text)
    text = _GRAVE_A.sub("à", text)
    text = re.sub(r"(?<=\d) a (?=\d)", " à ", text)  # "Articles 4.2 a 4.7"
    text = _grave_a(text)
    text = re.sub(r"(?<=\s)&(?=\s)", "à", text)
    text = re.sub(r"\bjusqu'a\b", "jusqu'à", text)
    text = re.sub(r"\b([Dd])és (?=que|qu'|lors|l'instant|le |la |les |cet )", r"\1ès ", text)
    text = text.replace("c'est-a-dire", "c'est-à-dire")
    text = _WORD.sub(lambda match: repair_word(match.group(0)), text)
    text = re.sub(r"[ \t]{2,}", " ", text)
    return text.strip()
