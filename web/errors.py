"""Error pages: every failure becomes a friendly page (or JSON under ``/api/``), never a trace.

``abort_with(code, message, suggestions=...)`` stops a view with an HTTP error that carries a
human message and links to suggest (e.g. the nearest existing rules for an unknown number).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException, InternalServerError

_TITLES = {
    400: "Bad request",
    404: "Not found",
    405: "Method not allowed",
    500: "Something went wrong",
    503: "Unavailable",
}


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
    app.register_error_handler(Exception, _unexpected)


def _http_error(error: HTTPException) -> Response:
    code = error.code or 500
    if code < 400:  # redirects raised as exceptions (e.g. RequestRedirect) pass through
        return error.get_response()
    suggestions = getattr(error, "suggestions", [])
    message = error.description or _TITLES.get(code, "Error")
    if request.path.startswith("/api/"):
        body = {"error": {"status": code, "title": _TITLES.get(code, error.name), "message": message}}
        if suggestions:
            body["error"]["suggestions"] = [{"label": label, "url": href} for label, href in suggestions]
        response = jsonify(body)
    else:
        html = render_template(
            "error.html", code=code, title=_TITLES.get(code, error.name), message=message, suggestions=suggestions
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
