"""For other sites: ``/embed.js`` (the script that links rule mentions in a host page, see
``static/embed.js``), oEmbed 1.0 (``/oembed?url=<rule URL>&format=json``) and the embeddable rule
card ``/embed/<lang>/<number>`` (``/embed/<lang>/<edition>/<number>`` pinned), the one page other
origins may frame (``FRAMEABLE_ENDPOINTS``: its CSP says ``frame-ancestors *``).

oEmbed (https://oembed.com/, section 2.3): ``url`` must be a rule page of this site
(``/<lang>/cr/<number>`` or ``/<lang>/cr/<edition>/<number>``, on the public address); the answer is
a ``rich`` type ``{"type", "version": "1.0", "title", "provider_name", "provider_url",
"cache_age", "html": an <iframe> of the card, "width", "height"}`` within ``maxwidth`` /
``maxheight``. A URL that is no rule page, or a rule the KB lacks: 404; ``format`` other than
``json``: 501; a missing ``url``: 400.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from flask import Blueprint, Response, current_app, jsonify, render_template, request, send_from_directory
from flask_babel import gettext as _
from markupsafe import escape
from werkzeug.exceptions import HTTPException

from kb import numbers
from kb.model import Edition
from web import args, state
from web.errors import abort_with

bp = Blueprint("embed", __name__)

STATIC = Path(__file__).resolve().parent.parent / "static"
FRAMEABLE_ENDPOINTS = frozenset({"embed.card", "embed.pinned_card"})
"""The endpoints whose answers other origins may frame."""
CARD_WIDTH, CARD_HEIGHT = 560, 240
"""The card's default size in CSS pixels (oEmbed ``width``/``height`` unless a max is smaller)."""
CARD_RULES = 6
"""How many rules of the subtree a card prints (the rule and its first subrules)."""
CACHE_AGE = 86400


@bp.get("/embed.js")
def embed_script() -> Response:
    """The embed script, from any origin (``Access-Control-Allow-Origin: *``)."""
    response = send_from_directory(STATIC, "embed.js", mimetype="text/javascript")
    response.headers["Access-Control-Allow-Origin"] = "*"
    return response


@bp.get("/embed/<lang>/<number>")
def card(lang: str, number: str) -> str:
    """The card of rule ``number`` in the newest edition of ``lang``."""
    args.language(lang)
    return _card(args.edition(lang, None), args.rule_number(number)[0])


@bp.get("/embed/<lang>/<edition>/<number>")
def pinned_card(lang: str, edition: str, number: str) -> str:
    """The card of rule ``number`` in ``edition`` (date or id) of ``lang``."""
    args.language(lang)
    return _card(args.edition(lang, edition), args.rule_number(number)[0])


def _card(edition: Edition, number: str) -> str:
    store, urls = state.store(), state.urls()
    rules = store.subtree(edition.id, number) if numbers.level(number) > 0 else store.rules_numbered(edition.id, number)
    if not rules:
        abort_with(404, _("Rule %(number)s is not in the %(language)s edition %(edition)s.", number=number, language=edition.lang, edition=state.labels().phrase(edition)))
    permalink = urls.absolute(urls.rule(edition.lang, number, edition, pinned=True))
    return render_template("embed/card.html", edition=edition, number=number, rules=rules[:CARD_RULES],
                           more=len(rules) - CARD_RULES, permalink=permalink)


@bp.get("/oembed")
def oembed() -> Response:
    """The oEmbed answer for a rule page URL (module docstring)."""
    url = request.args.get("url")
    if not url:
        abort_with(400, "oEmbed needs a url parameter naming a rule page.")
    if request.args.get("format", "json") != "json":
        abort_with(501, "Only format=json is offered.")
    lang, edition, number = _rule_of(url)
    urls = state.urls()
    if not state.store().rules_numbered(edition.id, number):
        abort_with(404, _("Rule %(number)s is not in the %(language)s edition %(edition)s.", number=number, language=lang, edition=state.labels().phrase(edition)))
    width = _bounded(CARD_WIDTH, request.args.get("maxwidth"))
    height = _bounded(CARD_HEIGHT, request.args.get("maxheight"))
    segment = "" if urls.is_newest(edition) else urls.edition_segment(edition) + "/"
    card_url = urls.absolute(f"{urls.home()}embed/{lang}/{segment}{number}")
    head = state.store().rules_numbered(edition.id, number)[0]
    title = f"CR {number}" + (f" {head.title}" if head.title else "") + f" ({edition.date_text})"
    html = (f'<iframe src="{escape(card_url)}" width="{width}" height="{height}" title="{escape(title)}" '
            f'loading="lazy" referrerpolicy="strict-origin-when-cross-origin" '
            f'sandbox="allow-popups allow-popups-to-escape-sandbox" frameborder="0"></iframe>')
    return jsonify({"type": "rich", "version": "1.0", "title": title, "provider_name": "crkb",
                    "provider_url": urls.absolute(urls.home()), "cache_age": CACHE_AGE,
                    "html": html, "width": width, "height": height})


def _rule_of(url: str) -> tuple[str, Edition, str]:
    """``(lang, edition, canonical number)`` of a rule page URL of this site; 404 otherwise."""
    parts = urlsplit(url)
    home = urlsplit(state.urls().absolute(state.urls().home()))
    path = parts.path
    if parts.netloc != home.netloc or not path.startswith(home.path):
        abort_with(404, "Not a URL of this site.")
    path = "/" + path[len(home.path):].lstrip("/")
    try:
        endpoint, values = current_app.url_map.bind("localhost").match(path, "GET")
    except HTTPException:
        endpoint, values = None, {}
    if endpoint != "rules.rule":
        abort_with(404, "Not a rule page of this site (/<lang>/cr/<number>).")
    lang = args.language(values["lang"])
    return lang, args.edition(lang, values.get("edition")), args.rule_number(values["number"])[0]


def _bounded(default: int, maximum: str | None) -> int:
    """``default`` or the smaller ``maximum`` (a positive integer; anything else is ignored)."""
    return min(default, int(maximum)) if maximum and maximum.isdigit() and int(maximum) > 0 else default
