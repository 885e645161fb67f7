"""editions.json: the six editions of the Laws we hold, newest first.

The facts come from the seeds themselves where they state them (the 2017 and 2018
introductions, the BAF 144 editorial, the 1928 title page and signature) and from the
FIDE congresses that adopted each text. A date we cannot state to the day stays "".
"""

from __future__ import annotations

EDITIONS: list[dict[str, object]] = [
    {
        "slug": "2018",
        "year": 2018,
        "title_fr": "Règles du jeu d'échecs de la FIDE (2018)",
        "title_en": "FIDE Laws of Chess (2018)",
        "adopted": "2017-10-13",
        "in_force": "2018-01-01",
        "languages": ["fr", "en"],
        "complete": True,
        "source": "Le Livre de l'Arbitre (DNA), chapitres 2.1 à 2.4",
        "notes_fr": "Adoptées par le 88e Congrès de la FIDE à Göynük (Antalya, Turquie) en octobre 2017 ; "
        "en vigueur le 1er janvier 2018. Le texte anglais est le texte officiel. Commentaires de la "
        "FIDE (2020) en italique dans le Livre.",
        "notes_en": "Adopted by the 88th FIDE Congress at Göynük (Antalya, Turkey) in October 2017; in "
        "force from 1 January 2018. The English text is the authentic one. FIDE commentary (2020) "
        "printed in italics in the Livre.",
    },
    {
        "slug": "2017",
        "year": 2017,
        "title_fr": "Règles du jeu d'échecs de la FIDE (2017)",
        "title_en": "FIDE Laws of Chess (2017)",
        "adopted": "",
        "in_force": "2017-07-01",
        "languages": ["fr"],
        "complete": True,
        "source": "Bulletin des Arbitres Fédéraux n° 144 (été 2017), « Règles du jeu – le texte complet »",
        "notes_fr": "Adoptées par le 87e Congrès de la FIDE à Bakou (Azerbaïdjan) en 2016 et par le "
        "Bureau présidentiel de la FIDE réuni à Athènes ; en vigueur le 1er juillet 2017. Texte "
        "français seulement (traduction de Gilles Rivet), avec les remarques de la DNA inspirées du "
        "FIDE Arbiter's Manual 2014.",
        "notes_en": "Adopted by the 87th FIDE Congress in Baku (Azerbaijan) in 2016 and by the FIDE "
        "Presidential Board meeting in Athens; in force from 1 July 2017. French text only "
        "(translated by Gilles Rivet), with the DNA's remarks based on the FIDE Arbiter's Manual 2014.",
    },
    {
        "slug": "2014",
        "year": 2014,
        "title_fr": "Règles du jeu d'échecs de la FIDE (2014)",
        "title_en": "FIDE Laws of Chess (2014)",
        "adopted": "",
        "in_force": "2014-07-01",
        "languages": ["fr"],
        "complete": False,
        "source": "Bulletin des Arbitres Fédéraux n° 144, « Changements des Règles du Jeu » "
        "(textes « Avant »)",
        "notes_fr": "Adoptées au Congrès de la FIDE de Tallinn (2013) ; en vigueur le 1er juillet 2014. "
        "Seuls les articles modifiés en 2017 sont connus, par les textes « Avant » du BAF 144.",
        "notes_en": "Adopted at the FIDE Congress in Tallinn (2013); in force from 1 July 2014. Only the "
        "articles changed in 2017 are known, from the \"before\" texts of BAF 144.",
    },
    {
        "slug": "2009",
        "year": 2009,
        "title_fr": "Règles du jeu d'échecs de la FIDE (2009)",
        "title_en": "FIDE Laws of Chess (2009)",
        "adopted": "",
        "in_force": "2009-07-01",
        "languages": ["fr"],
        "complete": False,
        "source": "Page web « Echecs : règles de jeu de la FIDE », articles 4 à 6",
        "notes_fr": "Adoptées par le 79e Congrès de la FIDE à Dresde (2008) ; en vigueur le 1er juillet "
        "2009. Seuls les articles 4 à 6 sont conservés ; les sous-articles sont lettrés (« 4.3 a) »).",
        "notes_en": "Adopted by the 79th FIDE Congress in Dresden (2008); in force from 1 July 2009. Only "
        "Articles 4 to 6 survive; sub-articles are lettered (\"4.3 a)\").",
    },
    {
        "slug": "2001",
        "year": 2001,
        "title_fr": "Règles du jeu d'échecs de la FIDE (vers 2001)",
        "title_en": "FIDE Laws of Chess (about 2001)",
        "adopted": "",
        "in_force": "2001-07-01",
        "languages": ["fr"],
        "complete": False,
        "source": "Fragment sans numéros (articles 6 à 13), numérotation rétablie d'après le contenu",
        "notes_fr": "Texte de l'époque des Règles adoptées au Congrès de la FIDE d'Istanbul (2000), en "
        "vigueur le 1er juillet 2001 (le troisième coup illégal fait perdre la partie). Les numéros "
        "ont été attribués d'après le contenu et les renvois internes du texte.",
        "notes_en": "Text from the period of the Laws adopted at the FIDE Congress in Istanbul (2000), in "
        "force from 1 July 2001 (a third illegal move loses the game). The numbers were assigned "
        "from the content and the text's own cross-references.",
    },
    {
        "slug": "1928",
        "year": 1928,
        "title_fr": "Règle du jeu d'échecs de la F.I.D.E. (La Haye, 1928)",
        "title_en": "F.I.D.E. Rules of Chess (The Hague, 1928)",
        "adopted": "",
        "in_force": "",
        "languages": ["fr"],
        "complete": True,
        "source": "Édition officielle, Bruxelles 1930 (édition spéciale pour la revue L'Échiquier)",
        "notes_fr": "Adoptée par l'Assemblée générale lors du Ve Congrès de la F.I.D.E. à La Haye (1928) ; "
        "rédaction finale homologuée au VIe Congrès de Venise (1929), certifiée à La Haye le 10 "
        "décembre 1929 par le président A. Rueb. Le français est la langue originale.",
        "notes_en": "Adopted by the General Assembly at the 5th F.I.D.E. Congress in The Hague (1928); "
        "final wording approved at the 6th Congress in Venice (1929), certified in The Hague on "
        "10 December 1929 by the President, A. Rueb. French is the original language.",
    },
]


def build() -> dict[str, object]:
    return {"editions.json": EDITIONS}
