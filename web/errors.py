"""Error pages: every failure becomes a friendly page (or JSON under ``/api/``), never a trace.

``abort_with(code, message, suggestions=...)`` stops a view with an HTTP error that carries a
human message and links to suggest (e.g. the nearest existing rules for an unknown number).
``STATUSES`` is the one table from KB errors to HTTP statuses: a KB error a view lets through is
answered with its status. ``AmbiguousEdition`` (a date naming several editions) is answered 300
the same way on every page and API route: an HTML page choosing between the editions, or JSON
``{"error": {"status": 300, ..., "choices": [{"edition", "label", "url"}]}}`` under ``/api/``;
each choice is the request's URL with the date replaced by the edition's id.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from flask import Flask, Response, jsonify, render_template, request, url_for
from flask_babel import gettext
from werkzeug.exceptions import HTTPException, InternalServerError

from kb import numbers
from web.i18n import N_
from kb.errors import (AmbiguousEdition, EditionNotFound, IndexOutdated, KBError, KBMissing, NotAligned, RuleNotFound,
                       StoreOutdated)

STATUSES: dict[type[KBError], int] = {
    AmbiguousEdition: 300, EditionNotFound: 404, RuleNotFound: 404, KBMissing: 503, IndexOutdated: 503,
    StoreOutdated: 503, NotAligned: 400,
}
"""The HTTP status of each KB error (a KBError not listed is a 500)."""

_TITLES = {
    300: N_("Multiple choices"),
    400: N_("Bad request"),
    404: N_("Not found"),
    405: N_("Method not allowed"),
    500: N_("Something went wrong"),
    503: N_("Unavailable"),
}
"""Error titles: English in the API, translated on pages (``gettext``)."""


class PageError(HTTPException):
    """An HTTP error with a message for people and ``suggestions``: ``(label, href)`` pairs."""

    def __init__(self, code: int, message: str, suggestions: Sequence[tuple[str, str]] = ()) -> None:
        super().__init__(description=message)
        self.code = code
        self.suggestions = list(suggestions)


def abort_with(code: int, message: str, suggestions: Sequence[tuple[str, str]] = ()) -> None:
    """Raise ``PageError``; ``code`` is a 4xx or 5xx status."""
    raise PageError(code, message, suggestions)


def register(app: Flask) -> None:
    """Install the handlers on ``app``: HTTP errors keep their status; anything else is a 500."""
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(AmbiguousEdition, _choose_edition)
    app.register_error_handler(KBError, _kb_error)
    app.register_error_handler(Exception, _unexpected)


def status_of(error: KBError) -> int:
    """The HTTP status ``STATUSES`` gives ``error``."""
    return next((code for kind, code in STATUSES.items() if isinstance(error, kind)), 500)


_NOT_ALIGNED = {
    "undated": N_("%(edition)s is undated: only dated editions are compared."),
    "copy": N_("%(edition)s is another copy of the edition of %(date)s: compare %(chained)s."),
    "unchained": N_("%(edition)s is in no chain of dated editions."),
    "languages": N_("Both editions must be of one language."),
    "same": N_("Both sides name the same edition, %(edition)s: choose two different editions."),
    "order": N_("The first edition must be the earlier one."),
}
"""A page's message for each ``NotAligned.kind`` (the API keeps the English ``str(error)``)."""


def _kb_error(error: KBError) -> Response:
    message = str(error)
    if isinstance(error, NotAligned) and not _json_wanted():
        message = gettext(_NOT_ALIGNED[error.kind], edition=error.edition, date=error.date, chained=error.chained)
    return _http_error(PageError(status_of(error), message))


def _choose_edition(several: AmbiguousEdition) -> Response:
    from web import state  # state imports this module

    store, labels = state.store(), state.labels()
    editions = [store.edition(edition_id) for edition_id in several.ids]
    choices = [(edition, choice_url(several.wanted, edition.id)) for edition in editions]
    message = f"{several.wanted} names several editions: {', '.join(several.ids)}."
    if _json_wanted():
        body = {"status": 300, "title": _TITLES[300], "message": message,
                "choices": [{"edition": e.id, "label": labels.name(e), "url": url} for e, url in choices]}
        response = jsonify({"error": body})
    else:
        number = (request.view_args or {}).get("number")
        html = render_template("choose_edition.html", lang=several.lang, date=several.wanted, choices=choices,
                               number=numbers.parse_number(number) if number else None)
        response = Response(html, mimetype="text/html")
    response.status_code = STATUSES[AmbiguousEdition]
    return response


def _json_wanted() -> bool:
    """Whether an error is answered as JSON: on the API, and on the oEmbed endpoint (a consumer
    asked for JSON there)."""
    return request.path.startswith("/api/") or request.path == "/oembed"


def choice_url(wanted: str, edition_id: str) -> str:
    """The request's URL with the date ``wanted`` (a path segment, ``?edition=``, or a side of a
    span ``OLD...NEW``) replaced by ``edition_id``; a rule number in the path in its canonical form."""
    view_args = {name: _chosen(value, wanted, edition_id)
                 for name, value in (request.view_args or {}).items() if value is not None}
    query = {name: value if name == "q" else _chosen(value, wanted, edition_id)
             for name, value in request.args.to_dict().items()}
    if view_args.get("number"):
        view_args["number"] = numbers.parse_number(view_args["number"]) or view_args["number"]
    return url_for(request.endpoint or "home.index", **{**query, **view_args})


def _chosen(value: str, wanted: str, edition_id: str) -> str:
    """``value`` (a URL argument) with the date ``wanted`` replaced by ``edition_id``: the whole
    value, either side of a span (``2021-02-15...2021-11-19``), or a path segment of a URL
    (oEmbed's ``url=.../ko/cr/2021-02-15/702.19b``)."""
    if "..." in value:
        return "...".join(edition_id if side == wanted else side for side in value.split("...", 1))
    if "/" in value:  # a page's URL given as an argument (oEmbed's url=): its path segment
        return value.replace(f"/{wanted}/", f"/{edition_id}/")
    return edition_id if value == wanted else value


def _http_error(error: HTTPException) -> Response:
    code = error.code or 500
    if code < 400:  # redirects raised as exceptions (e.g. RequestRedirect) pass through
        return error.get_response()
    suggestions = getattr(error, "suggestions", [])
    message = error.description or _TITLES.get(code, "Error")
    if _json_wanted():
        body = {"error": {"status": code, "title": _TITLES.get(code, error.name), "message": message}}
        if suggestions:
            body["error"]["suggestions"] = [{"label": label, "url": href} for label, href in suggestions]
        response = jsonify(body)
    else:
        html = render_template(
            "error.html", code=code, title=gettext(_TITLES[code]) if code in _TITLES else error.name, message=message,
            suggestions=suggestions
        )
        response = Response(html, mimetype="text/html")
    response.status_code = code
    if code == 405 and error.get_headers():
        for name, value in error.get_headers():
            if name.lower() == "allow":
                response.headers["Allow"] = value
    return response


def _unexpected(error: Exception) -> Response:
    logging.getLogger("crkb.web").exception("unhandled error on %s", request.path)
    return _http_error(InternalServerError("An unexpected error happened; it has been logged."))
