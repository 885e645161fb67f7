"""Computed questions: a registry of generators that draw a fresh variant for each candidate.

A computed question's body (questions/data/FORMAT.md) names its generator and pins it:
``{"generator": "berger-meeting", "generator_version": 1, "params": {"min_players": 6, …}}``.
``generate(body, seed)`` gives the variant for a seed; the same body and seed always give the
same variant (the generator draws from ``random.Random(seed)`` only).

Pinning: every (key, version) ever published stays in ``REGISTRY``. A generator whose
behaviour changes gets a new version (registered beside the old one), so a published
question keeps the variants it was reviewed with. A body naming a version the code no longer
has is refused with ``GeneratorUnavailable`` (a clear message), never silently re-mapped.
"""

from __future__ import annotations

import hashlib
import random
from decimal import Decimal

from django.utils.translation import gettext as _

from questions.computed.base import Answer, Generator, Option, Param, Table, Variant

__all__ = [
    "REGISTRY",
    "Answer",
    "Generator",
    "GeneratorUnavailable",
    "Option",
    "Param",
    "Table",
    "Variant",
    "choices",
    "generate",
    "generator_for",
    "item_seed",
    "latest",
    "native_content",
    "register",
    "validate_body",
]

REGISTRY: dict[tuple[str, int], Generator] = {}
# Seeds of the samples a trainer sees in the editor and the bank (a candidate's come from
# their attempt).
SAMPLE_SEEDS = (1, 2, 3)


class GeneratorUnavailable(LookupError):
    """The body names a generator, or a version of it, that this code does not have."""


def register(generator: Generator) -> Generator:
    key = (generator.key, generator.version)
    if key in REGISTRY:
        raise ValueError(f"Generator {generator.key} v{generator.version} is registered twice.")
    REGISTRY[key] = generator
    return generator


def _load() -> None:
    # The generator modules register themselves on import.
    from questions.computed import knockout, pay, prizes, rating, round_robin, swiss  # noqa: F401


def latest(key: str) -> Generator | None:
    _load()
    versions = [generator for (name, _version), generator in REGISTRY.items() if name == key]
    return max(versions, key=lambda generator: generator.version) if versions else None


def choices() -> list[Generator]:
    """The latest version of every generator, by key."""
    _load()
    keys = sorted({name for name, _version in REGISTRY})
    return [latest(key) for key in keys]  # type: ignore[misc]


def generator_for(key: object, version: object) -> Generator:
    _load()
    generator = REGISTRY.get((key, version)) if isinstance(key, str) and isinstance(version, int) else None
    if generator is None:
        known = latest(key) if isinstance(key, str) else None
        if known is None:
            raise GeneratorUnavailable(_("Générateur inconnu « %(key)s ».") % {"key": key})
        raise GeneratorUnavailable(
            _(
                "Le générateur « %(key)s » n'existe pas en version %(version)s (versions connues : "
                "%(known)s). Une question publiée garde la version de son générateur : créez une "
                "nouvelle version de la question pour changer de générateur."
            )
            % {
                "key": key,
                "version": version,
                "known": ", ".join(str(v) for (name, v) in sorted(REGISTRY) if name == key),
            }
        )
    return generator


def validate_params(generator: Generator, raw: object) -> tuple[dict, list[tuple[str, str]]]:
    """The parameters with defaults filled in, and (parameter name, French message) problems."""
    problems: list[tuple[str, str]] = []
    raw = raw if isinstance(raw, dict) else {}
    known = {param.name for param in generator.params}
    for name in raw:
        if name not in known:
            problems.append((str(name), _("Paramètre inconnu « %(name)s ».") % {"name": name}))
    params: dict = {}
    for param in generator.params:
        value = raw.get(param.name, param.default)
        if param.is_choice:
            allowed = [choice for choice, _label in param.choices]
            if value not in allowed:
                problems.append(
                    (
                        param.name,
                        _("« %(label)s » vaut %(allowed)s.")
                        % {"label": param.label, "allowed": ", ".join(allowed)},
                    )
                )
                value = param.default
        else:
            if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                value = int(value.strip())
            if isinstance(value, bool) or not isinstance(value, int):
                problems.append(
                    (param.name, _("« %(label)s » est un nombre entier.") % {"label": param.label})
                )
                value = param.default
            elif not param.minimum <= value <= param.maximum:
                problems.append(
                    (
                        param.name,
                        _("« %(label)s » est compris entre %(min)s et %(max)s.")
                        % {"label": param.label, "min": param.minimum, "max": param.maximum},
                    )
                )
                value = param.default
        params[param.name] = value
    if not problems and generator.check is not None:
        problems.extend(generator.check(params))
    return params, problems


def validate_body(body: object) -> tuple[dict, list[tuple[str, str]]]:
    """A computed question's body normalised, and (body path, message) problems."""
    if not isinstance(body, dict):
        return {}, [("body", _("Le contenu (« body ») est un objet qui dépend du type."))]
    problems = [
        (f"body.{name}", _("Champ inconnu « %(key)s ».") % {"key": name})
        for name in body
        if name not in ("generator", "generator_version", "params")
    ]
    key, version = body.get("generator"), body.get("generator_version")
    if version is None and isinstance(key, str) and latest(key) is not None:
        version = latest(key).version  # a new question takes the generator's latest version
    try:
        generator = generator_for(key, version)
    except GeneratorUnavailable as error:
        return {
            "generator": key if isinstance(key, str) else "",
            "generator_version": version,
            "params": body.get("params") if isinstance(body.get("params"), dict) else {},
        }, [*problems, ("body.generator", str(error))]
    params, param_problems = validate_params(generator, body.get("params", {}))
    problems.extend((f"body.params.{name}", message) for name, message in param_problems)
    return {"generator": generator.key, "generator_version": generator.version, "params": params}, problems


def generate(body: dict, seed: int) -> Variant:
    """The variant of a (validated) computed body for ``seed``."""
    generator = generator_for(body.get("generator"), body.get("generator_version"))
    params = {**generator.defaults(), **(body.get("params") or {})}
    return generator.build(random.Random(seed), params)  # noqa: S311 - exercises, not secrets


def item_seed(attempt_seed: int, item_key: object) -> int:
    """The seed of one question of an attempt: derived from the attempt's seed (stored with the
    attempt) and the item, so every question of the copy gets its own variant, reproducibly."""
    digest = hashlib.sha256(f"{attempt_seed}:{item_key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def native_content(content: dict, seed: int) -> dict:
    return variant_and_native(content, seed)[1]


def variant_and_native(content: dict, seed: int) -> tuple[Variant, dict]:
    """A computed question's content as the question of its answer's type for ``seed``: the
    stem followed by the variant's stem, the variant's answer as the body and its worked
    solution as the explanation. Scoring, rendering and the formats read this."""
    variant = generate(content["body"], seed)
    native = dict(content)

    def join(intro: str, text: str) -> str:
        return f"{intro}\n\n{text}" if intro else text

    native["type"] = variant.answer.kind
    native["stem_fr"] = join(content.get("stem_fr", ""), variant.stem_fr)
    native["stem_en"] = join(content.get("stem_en", ""), variant.stem_en)
    native["explanation_fr"] = join(variant.solution_fr, content.get("explanation_fr", ""))
    native["explanation_en"] = join(variant.solution_en, content.get("explanation_en", ""))
    native["body"] = variant.answer.body()
    return variant, native


def answer_text(answer: Answer, language: str) -> str:
    """The expected answer in words, for the correction."""
    from questions.computed.base import figure

    if answer.kind == "numeric":
        unit = answer.unit_en if language == "en" else answer.unit_fr
        text = figure(answer.value or Decimal(0), language)
        return f"{text} {unit}".strip()
    if answer.kind == "single":
        option = next(option for option in answer.options if option.correct)
        return option.text_en if language == "en" else option.text_fr
    return answer.accepted[0] if answer.accepted else ""
