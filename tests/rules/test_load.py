from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rules.importer import dumps, seeds_dir
from rules.management.commands.import_rulebook import build_all, differing_files
from rules.models import Article, Change, Chapter, Edition, GlossaryTerm, SearchDocument, Section
from rules.services import RulebookDataError, load_rulebook
from tests.rules.conftest import FIXTURES


def _edit(path: Path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_it_loads_every_file(rulebook):
    assert (Edition.objects.count(), Article.objects.count(), Chapter.objects.count()) == (3, 19, 2)


def test_it_loads_the_baf_144_changes_and_the_glossary(rulebook):
    assert Change.objects.count() == 2
    assert GlossaryTerm.objects.get(key="dead-position").articles == ["5.2.2", "6.9"]


def test_a_second_load_changes_nothing(rulebook):
    report = load_rulebook(data_dir=FIXTURES)
    assert not report.changed


def test_a_second_load_writes_nothing(rulebook, django_assert_max_num_queries):
    # Reading only: one query per table and a few lookups, no INSERT/UPDATE/DELETE.
    with django_assert_max_num_queries(40) as context:
        load_rulebook(data_dir=FIXTURES)
    statements = [query["sql"] for query in context.captured_queries]
    writes = [sql for sql in statements if sql.split()[0] in ("INSERT", "UPDATE", "DELETE")]
    assert writes == []


def test_it_updates_a_changed_text(db, data_copy):
    load_rulebook(data_dir=data_copy)
    _edit(data_copy / "laws-2018.json", lambda items: items[2].update(text_fr="Nouveau texte."))
    report = load_rulebook(data_dir=data_copy)
    assert report.counts["articles"] == (0, 1, 0)
    assert Article.objects.resolve("2018", "4.2.1").text_fr == "Nouveau texte."


def test_it_reindexes_a_changed_text(db, data_copy):
    load_rulebook(data_dir=data_copy)
    _edit(data_copy / "laws-2018.json", lambda items: items[2].update(text_fr="Texte zygomatique."))
    load_rulebook(data_dir=data_copy)
    assert SearchDocument.objects.filter(number="4.2.1", language="fr", body__contains="zygomatique").exists()


def test_it_deletes_an_article_removed_from_the_file(db, data_copy):
    load_rulebook(data_dir=data_copy)
    _edit(data_copy / "laws-2018.json", lambda items: items.pop())
    load_rulebook(data_dir=data_copy)
    assert Article.objects.resolve("2018", "A.4") is None


def test_it_keeps_editions_that_are_not_in_the_files(rulebook):
    Edition.objects.create(slug="2030", year=2030, title_fr="Future")
    load_rulebook(data_dir=FIXTURES)
    assert Edition.objects.filter(slug="2030").exists()


def test_it_skips_files_that_do_not_exist_yet(db, data_copy):
    (data_copy / "livre.json").unlink()
    report = load_rulebook(data_dir=data_copy)
    assert "livre.json" in report.skipped


def test_it_rejects_invalid_articles_with_the_file_and_item(db, data_copy):
    _edit(data_copy / "laws-2018.json", lambda items: items[0].update(kind="chapitre"))
    with pytest.raises(RulebookDataError) as error:
        load_rulebook(data_dir=data_copy)
    assert "laws-2018.json" in error.value.messages[0] and "chapitre" in error.value.messages[0]


def test_invalid_data_leaves_the_database_unchanged(db, data_copy):
    load_rulebook(data_dir=data_copy)
    _edit(data_copy / "glossary.json", lambda items: items.append(dict(items[0])))
    with pytest.raises(RulebookDataError):
        load_rulebook(data_dir=data_copy)
    assert GlossaryTerm.objects.count() == 2


def test_it_loads_the_livre_sections_with_their_blocks(rulebook):
    section = Section.objects.get(anchor="art-16")
    types = [block["type"] for block in section.blocks]
    assert types == ["heading", "paragraph", "paragraph", "list", "table"]


def test_the_command_reports_up_to_date_the_second_time(rulebook):
    output = StringIO()
    call_command("load_rulebook", data_dir=FIXTURES, stdout=output)
    assert "already up to date" in output.getvalue()


def test_the_command_fails_clearly_on_a_missing_directory(db, tmp_path):
    with pytest.raises(CommandError, match="not found"):
        call_command("load_rulebook", data_dir=tmp_path / "nowhere")


def test_differing_files_lists_changed_and_missing_files(tmp_path):
    (tmp_path / "same.json").write_text(dumps([1, 2]), encoding="utf-8")
    (tmp_path / "changed.json").write_text(dumps([1]), encoding="utf-8")
    outputs = {"same.json": [1, 2], "changed.json": [1, 3], "missing.json": []}
    assert differing_files(outputs, tmp_path) == ["changed.json", "missing.json"]


def test_build_all_warns_about_importer_modules_that_do_not_exist(tmp_path):
    warnings = []
    assert build_all(["no_such_module"], warn=warnings.append) == {}
    assert "no_such_module" in warnings[0]


@pytest.mark.skipif(not seeds_dir().is_dir(), reason="the seed documents are not available")
def test_import_rulebook_check_reproduces_the_shipped_data():
    # Fails (CommandError) listing every file whose bytes differ from what the importer produces.
    call_command("import_rulebook", check=True, stdout=StringIO(), stderr=StringIO())


SHIPPED = Path(__file__).resolve().parents[2] / "rules" / "data"


@pytest.mark.skipif(not (SHIPPED / "editions.json").exists(), reason="rules/data is not generated yet")
def test_the_shipped_data_loads_and_a_second_load_changes_nothing(db):
    first = load_rulebook(data_dir=SHIPPED)
    second = load_rulebook(data_dir=SHIPPED)
    assert first.changed and not second.changed
    assert Article.objects.resolve("2018", "9.6.2") is not None


def test_it_rejects_a_correspondence_row_whose_number_is_not_a_number(db, data_copy):
    _edit(data_copy / "correspondence.json", lambda items: items[0].update(to_number="4.2 bis ?"))
    with pytest.raises(RulebookDataError, match="not an article number"):
        load_rulebook(data_dir=data_copy)


def test_a_paragraph_survives_when_its_old_parent_leaves_the_file(db, data_copy):
    load_rulebook(data_dir=data_copy)

    def move_under_article_9(items):
        items[:] = [item for item in items if item["number"] != "9.2"]
        for item in items:
            if item["number"] == "9.2.2":
                item["parent"] = "9"

    _edit(data_copy / "laws-2018.json", move_under_article_9)
    load_rulebook(data_dir=data_copy)
    assert Article.objects.resolve("2018", "9.2.2").parent.number == "9"
    assert not load_rulebook(data_dir=data_copy).changed
