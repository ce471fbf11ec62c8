"""The interface in the reader's language, with Flask-Babel.

A page's interface words are in the language of the texts it shows: the language of its URL
(``/ko/cr/702.19``, ``/ja/glossary``), else the ``lang`` argument (``/search?lang=zh``), else
for a search the language of its query's script (Hangul, kana), else English. The message
catalogues are ``web/translations/<lang>/LC_MESSAGES/messages.po`` (Korean, Japanese, Chinese;
English is the source), compiled to ``messages.mo`` beside them (committed;
``tests/web/test_i18n.py`` checks that each ``.mo`` holds its ``.po``). To add strings:
``pybabel extract --no-wrap -F babel.cfg -o messages.pot .`` then ``pybabel update --no-wrap -i
messages.pot -d web/translations`` and ``pybabel compile -f -d web/translations`` (ARCHITECTURE.md).
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, has_request_context, request
from flask_babel import Babel, force_locale, gettext

from kb.model import ALL_LANGUAGES, language_code
from kb.scripts import HANGUL, KANA

def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it here (translated where shown)."""
    return message


CHANGE_WORDS = (N_("created"), N_("unchanged"), N_("edited"), N_("moved"), N_("moved+edited"), N_("removed"))
"""The changes of a rule's history, translated where shown (``_(step.change)``)."""

TRANSLATIONS = Path(__file__).resolve().parent / "translations"
INTERFACE_LANGUAGES = ("en", "ko", "ja", "zh")
LANGUAGE_NAMES = {"en": "English", "ko": "한국어", "ja": "日本語", "zh": "中文"}
"""How the site names each language (in that language)."""
ENGLISH_NAMES = {"en": "English", "ko": "Korean", "ja": "Japanese", "zh": "Chinese"}
"""Each language named in English, for text that is always English (the OpenSearch description)."""


def page_locale() -> str:
    """The interface language of the request: its URL's language, else ``?lang=``, else for a
    search (of one language or of all) the language its query is written in when its script says
    (Hangul: Korean; kana: Japanese; ``돌진`` typed in the home page's box is read in Korean), else English (always
    English under ``/api/``: the API's messages are for programs)."""
    if not has_request_context() or request.path.startswith("/api/"):
        return "en"
    lang = (request.view_args or {}).get("lang") or language_code(request.args.get("lang") or "")
    if lang in (None, "", ALL_LANGUAGES) and request.path == "/search":  # none, "by the query's script", all languages
        lang = _written_in(request.args.get("q", ""))
    return lang if lang in INTERFACE_LANGUAGES else "en"


def _written_in(query: str) -> str | None:
    """``ko`` for a query with Hangul, ``ja`` for one with kana, else None (kanji alone may be
    Japanese or Chinese; Latin letters are any reader's)."""
    return "ko" if HANGUL.search(query) else "ja" if KANA.search(query) else None


def in_language(lang: str, message: str) -> str:
    """``message`` (a catalogue string) in ``lang`` whatever the page's language (English for a
    language without a catalogue): a Korean column of the compare page labels its examples 예시."""
    with force_locale(lang if lang in INTERFACE_LANGUAGES else "en"):
        return gettext(message)


def init_i18n(app: Flask) -> None:
    """Install Flask-Babel on ``app`` (``_()`` and ``gettext`` in templates and in ``web``)."""
    Babel(app, locale_selector=page_locale, default_translation_directories=str(TRANSLATIONS))
    app.context_processor(lambda: {"interface_lang": page_locale(),  # <html lang> of pages with no edition
                                   "in_language": in_language})
