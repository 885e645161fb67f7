"""The rulebook pages read the database a fixed number of times, whatever the size of the
edition: the table of contents is built once per edition and language, then served from
the cache (rules.rulebook_cache) until the rulebook changes."""

from __future__ import annotations

import json

from django.test import Client

from rules.models import Article
from rules.services import load_rulebook


def test_the_table_of_contents_reads_no_article_once_it_is_built(rulebook, django_assert_num_queries):
    client = Client()
    client.get("/rules/2018/")
    with django_assert_num_queries(2) as context:  # the edition, and the previous one
        client.get("/rules/2018/")
    assert not any("rules_article" in query["sql"] for query in context.captured_queries)


def test_the_table_of_contents_is_built_per_language(rulebook):
    french = Client(headers={"accept-language": "fr"}).get("/rules/2018/").content.decode()
    english = Client(headers={"accept-language": "en"}).get("/rules/2018/").content.decode()
    assert "Seul le joueur au trait peut" in french and "Seul le joueur au trait peut" not in english


def test_loading_the_rulebook_again_shows_the_new_table_of_contents(db, data_copy):
    load_rulebook(data_dir=data_copy)
    Client().get("/rules/2018/")
    path = data_copy / "laws-2018.json"
    articles = json.loads(path.read_text(encoding="utf-8"))
    for article in articles:
        if article["number"] == "9.2.2":
            article["text_fr"] = "Un texte tout neuf pour la table des matières."
    path.write_text(json.dumps(articles, ensure_ascii=False), encoding="utf-8")
    load_rulebook(data_dir=data_copy)
    assert "Un texte tout neuf" in Client().get("/rules/2018/").content.decode()


def test_editing_an_article_shows_the_new_table_of_contents(rulebook):
    Client().get("/rules/2018/")
    article = Article.objects.get(edition__slug="2018", number="9.2.2")
    article.text_fr = "Corrigé dans l'administration."
    article.save()
    assert "Corrigé dans l" in Client().get("/rules/2018/").content.decode()


def test_the_whole_glossary_reads_no_term_once_it_is_built(rulebook, django_assert_num_queries):
    client = Client()
    client.get("/rules/glossary/")
    with django_assert_num_queries(0):
        html = client.get("/rules/glossary/").content.decode()
    assert 'href="/rules/2018/5.2.2/"' in html


def test_a_filtered_glossary_is_not_cached(rulebook):
    client = Client()
    client.get("/rules/glossary/")
    html = client.get("/rules/glossary/?q=roque", headers={"hx-request": "true"}).content.decode()
    assert 'id="glossary-terms"' in html and "dead position" not in html


def test_an_article_page_reads_only_the_article_once_it_is_built(rulebook, django_assert_num_queries):
    client = Client()
    client.get("/rules/2018/9.2.2/")
    with django_assert_num_queries(3):  # Article.objects.resolve (two) and the edition
        html = client.get("/rules/2018/9.2.2/").content.decode()
    assert 'data-number="9.2.2"' in html


def test_an_article_edited_after_a_visit_shows_its_new_text(rulebook):
    client = Client()
    client.get("/rules/2018/9.2.2/")
    article = Article.objects.get(edition__slug="2018", number="9.2.2")
    article.text_fr = "Texte corrigé de l'article."
    article.save()
    assert "Texte corrigé de l" in client.get("/rules/2018/9.2.2/").content.decode()
