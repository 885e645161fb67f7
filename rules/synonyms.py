"""The common names of rules ("threefold", "triple répétition", "zeitnot") and the
articles they stand for, from ``rules.models.Synonym`` (``rules/data/synonyms.json``).

A name matches a query that holds all its words in order ("nulle par triple répétition"
holds "triple répétition"), or that it begins while the reader is still typing
("threef"). Names of both languages match whatever the interface language: a French
reader types "threefold" too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from uuid import uuid4

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from rules.models import Synonym, fold

_WORD = re.compile(r"[^\W_]+")
# Shorter beginnings match too many names ("pro": promotion, proposition…).
MIN_PREFIX_CHARACTERS = 4
MAX_MATCHES = 3


def phrase(text: str) -> tuple[str, ...]:
    """The folded words of ``text``, in order: how names and queries are compared."""
    return tuple(_WORD.findall(fold(text)))


def _contains(words: tuple[str, ...], part: tuple[str, ...]) -> bool:
    size = len(part)
    return any(words[start:start + size] == part for start in range(len(words) - size + 1))


@dataclass(frozen=True)
class CommonNames:
    """One row of ``Synonym`` with its names already folded into phrases."""

    key: str
    glossary_key: str
    edition: str
    articles: tuple[str, ...]
    order: int
    names: tuple[tuple[tuple[str, ...], str, str], ...]  # (phrase, phrase joined, name as written)


# Folding some 300 names costs milliseconds: each process keeps them folded, and rebuilds
# them when the version in the shared cache changes (a load or an edit of the synonyms).
_VERSION_KEY = "rules:synonyms:version"
_memo: dict[str, object] = {}


def forget_synonyms() -> None:
    """Make every process fold the names again at its next search."""
    cache.delete(_VERSION_KEY)


@receiver([post_save, post_delete], sender=Synonym)
def _synonym_changed(**kwargs) -> None:
    forget_synonyms()


def _folded(name: str) -> tuple[tuple[str, ...], str, str]:
    words = phrase(name)
    return words, " ".join(words), name


def _index() -> list[CommonNames]:
    version = cache.get(_VERSION_KEY)
    if version is None:
        version = uuid4().hex
        cache.set(_VERSION_KEY, version, timeout=None)
    if _memo.get("version") != version:
        _memo["index"] = [
            CommonNames(
                key=synonym.key, glossary_key=synonym.glossary_key, edition=synonym.edition,
                articles=tuple(synonym.articles), order=synonym.order,
                names=tuple(_folded(name) for name in [*synonym.names_fr, *synonym.names_en]),
            )
            for synonym in Synonym.objects.all()
        ]
        _memo["version"] = version
        _memo["matches"] = {}
    return _memo["index"]  # type: ignore[return-value]


@dataclass(frozen=True)
class SynonymMatch:
    synonym: CommonNames
    name: str  # the name as written in the data ("triple répétition")
    exact: bool  # the query is that name, no more, no less

    @property
    def pairs(self) -> set[tuple[str, str]]:
        return {(self.synonym.edition, number) for number in self.synonym.articles}


def _score(words: tuple[str, ...], present: set[str], typed: str, name: tuple[str, ...], joined: str
           ) -> tuple[int, int] | None:
    if not name:
        return None
    if words == name:
        return (3, len(name))
    if name[0] in present and _contains(words, name):
        return (2, len(name))
    if len(typed) >= MIN_PREFIX_CHARACTERS and joined.startswith(typed):
        return (1, 0)
    return None


def matching_synonyms(words: tuple[str, ...] | list[str]) -> list[SynonymMatch]:
    """The synonyms whose names the folded query ``words`` matches, best first: the query
    itself, then the longest name it holds, then names it begins."""
    words = tuple(words)
    if not words:
        return []
    index = _index()
    remembered: dict = _memo["matches"]  # type: ignore[assignment]
    if words in remembered:
        return remembered[words]
    present, typed = set(words), " ".join(words)
    found: list[tuple[tuple[int, int], int, SynonymMatch]] = []
    for synonym in index:
        best: tuple[tuple[int, int], str] | None = None
        for folded, joined, name in synonym.names:
            score = _score(words, present, typed, folded, joined)
            if score is not None and (best is None or score > best[0]):
                best = (score, name)
        if best is not None:
            match = SynonymMatch(synonym=synonym, name=best[1], exact=best[0][0] == 3)
            found.append((best[0], synonym.order, match))
    found.sort(key=lambda item: (-item[0][0], -item[0][1], item[1]))
    result = [match for _score_, _order, match in found[:MAX_MATCHES]]
    if len(remembered) > 500:  # queries typed letter by letter: keep the memory bounded
        remembered.clear()
    remembered[words] = result
    return result


def synonym_articles(words: tuple[str, ...] | list[str]) -> set[tuple[str, str]]:
    """(edition, number) of the articles the common names in the query stand for."""
    return {pair for match in matching_synonyms(words) for pair in match.pairs}
