"""The one URL helper: every link the site prints is made here.

Public URL forms (the contract in DESIGN.md "URLs"):

- ``/<lang>/cr/<number>``: the newest edition of ``lang``;
- ``/<lang>/cr/<edition>/<number>``: pinned, ``edition`` an effective date ``YYYY-MM-DD`` or, when
  a language has several editions of one date, the edition id;
- ``/compare/<number>``, ``/<lang>/compare/<number>``, ``/<lang>/compare/<date>/<number>`` (``?langs=en,ko``),
  ``/search?q=``, ``/<lang>/glossary/<term>``, ``/api/v1/...``.

Paths are built by hand (not ``url_for``) because a rule page can print a thousand links; they are
prefixed with the request's script root so the site can be mounted under a path.
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

from flask import has_request_context, request

from kb import numbers
from kb.model import Edition
from kb.store.read import Store


class Urls:
    """Builds the site's URLs for one store. Made once per app (``app.extensions["crkb.urls"]``)."""

    def __init__(self, store: Store) -> None:
        self._newest = {lang: store.find_edition(lang).id for lang in store.languages()}
        seen: dict[tuple[str, str], int] = {}
        for edition in store.editions():
            key = (edition.lang, edition.date_text)
            seen[key] = seen.get(key, 0) + 1
        self._shared_dates = {key for key, count in seen.items() if count > 1}

    def is_newest(self, edition: Edition) -> bool:
        """True when ``edition`` is the newest dated edition of its language."""
        return self._newest.get(edition.lang) == edition.id

    def edition_segment(self, edition: Edition) -> str:
        """The path segment naming ``edition``: its date, or its id when the date is shared."""
        if edition.effective_date is None or (edition.lang, edition.date_text) in self._shared_dates:
            return edition.id
        return edition.date_text

    def rule(self, lang: str, number: str, edition: Edition | None = None, *, pinned: bool = False) -> str:
        """The page of rule ``number``: unpinned for the newest edition (or no edition) unless
        ``pinned``; pinned to ``edition`` otherwise. Subrules of a rule page link to the rule page's
        fragment only via ``anchor_of``."""
        return self.rule_prefix(lang, edition, pinned=pinned) + number

    def rule_prefix(self, lang: str, edition: Edition | None = None, *, pinned: bool = False) -> str:
        """What ``rule`` puts before the number (``/en/cr/``, ``/en/cr/2021-11-19/``): a page
        listing many rules of one edition builds their links from it once."""
        if edition is None or (self.is_newest(edition) and not pinned):
            return f"{_root()}/{lang}/cr/"
        return f"{_root()}/{lang}/cr/{quote(self.edition_segment(edition))}/"

    def history(self, lang: str, number: str, edition: Edition | None = None) -> str:
        """The history page of rule ``number`` (``/en/cr/702.19b/history``; pinned to ``edition``
        when it is not the newest)."""
        return self.rule(lang, number, edition) + "/history"

    def changes(self, lang: str, old: Edition | None = None, new: Edition | None = None) -> str:
        """The changes page from ``old`` to ``new`` (``/en/changes/2022-11-18...2023-04-14``);
        ``/en/changes`` for the defaults (the previous edition to the newest)."""
        if old is None and new is None:
            return f"{_root()}/{lang}/changes"
        segment = lambda e: quote(self.edition_segment(e)) if e is not None else ""  # noqa: E731
        return f"{_root()}/{lang}/changes/{segment(old)}...{segment(new)}"

    def changes_choice(self, lang: str) -> str:
        """Where the changes page's form of two editions goes (``/en/changes/pick?from=&to=``,
        each an edition as a span names it): it answers 302 with their changes page."""
        return f"{_root()}/{lang}/changes/pick"

    def section(self, lang: str, number: str, edition: Edition | None = None) -> str:
        """A section page (``/en/cr/7``); the same form as a rule."""
        return self.rule(lang, number, edition)

    @staticmethod
    def anchor_of(number: str) -> str:
        """The fragment id of a rule on a page: its canonical number (``702.19b``)."""
        return number

    @staticmethod
    def legacy_anchor_of(number: str) -> str:
        """The widely linked fragment form ``R70219b``."""
        return numbers.anchor(number)

    def compare(self, number: str, langs: list[str] | None = None, edition: str | None = None,
                lang: str | None = None) -> str:
        """The compare page of ``number``: ``/<lang>/compare/<number>`` as the reader's language
        ``lang`` numbers it (and words the page: the rule pages link so), ``/compare/<number>``
        without one (each translation's own ``number``); a pinned date goes before the number
        (``/ko/compare/2021-11-19/103.4``). Paths, so a static export keeps them; only ``langs``
        (comma-joined) is a query."""
        prefix = f"/{lang}" if lang else ""
        pinned = f"{quote(edition)}/" if edition else ""
        query = f"?{urlencode({'langs': ','.join(langs)}, safe=',')}" if langs else ""
        return f"{_root()}{prefix}/compare/{pinned}{number}{query}"

    def search(self, query: str = "", lang: str | None = None, edition: str | None = None,
               literal: bool = False, page: int = 1) -> str:
        """The search page, with its query string when ``query`` is given; ``literal``: the words
        searched as typed (no spelling correction); ``page``: which 20 hits (from 1)."""
        args = {k: v for k, v in (("q", query), ("lang", lang), ("edition", edition), ("literal", "1" if literal else ""),
                                  ("page", str(page) if page > 1 else "")) if v}
        return f"{_root()}/search" + (f"?{urlencode(args)}" if args else "")

    def glossary(self, lang: str, term: str | None = None, edition: Edition | None = None) -> str:
        """The glossary of ``lang`` or one entry; ``?edition=`` when not the newest edition."""
        path = f"{_root()}/{lang}/glossary" + (f"/{quote(term, safe='')}" if term else "")
        if edition is not None and not self.is_newest(edition):
            path += "?" + urlencode({"edition": self.edition_segment(edition)})
        return path

    def home(self) -> str:
        """The home page."""
        return f"{_root()}/"

    def editions(self, interface: str = "en") -> str:
        """The list of every edition (``/editions``; ``#<lang>`` for one language's), in the
        ``interface`` language (``/editions?lang=ko``)."""
        return f"{_root()}/editions" + ("" if interface == "en" else "?" + urlencode({"lang": interface}))

    def contents(self, lang: str, edition: Edition | None = None) -> str:
        """A language's contents (``/ko/cr``), of ``edition`` when it is not the newest."""
        path = f"{_root()}/{lang}/cr"
        if edition is not None and not self.is_newest(edition):
            path += "?" + urlencode({"edition": self.edition_segment(edition)})
        return path

    def oembed(self, url: str) -> str:
        """The oEmbed endpoint's URL for the page ``url`` (absolute), for a discovery link."""
        return f"{_root()}/oembed?" + urlencode({"url": url, "format": "json"})

    def static(self, filename: str) -> str:
        """A file under ``web/static``."""
        return f"{_root()}/static/{filename}"

    def api_rule(self, lang: str, number: str, edition: Edition | None = None) -> str:
        """``/api/v1/rules/<lang>/<number>`` (``?edition=<id>`` when pinned)."""
        path = f"{_root()}/api/v1/rules/{lang}/{number}"
        return path + (f"?edition={quote(edition.id)}" if edition is not None else "")

    def api_preview(self, lang: str, number: str, edition: Edition) -> str:
        """The small JSON the hover/focus preview script fetches."""
        return f"{_root()}/api/v1/preview/{lang}/{quote(edition.id)}/{number}"

    @staticmethod
    def absolute(path: str) -> str:
        """``path`` made absolute with the request's host (for canonical and og:url)."""
        if not has_request_context():
            return path
        return request.host_url.rstrip("/") + path


def _root() -> str:
    return request.script_root if has_request_context() else ""
