"""JSON shapes of the API beyond ``web.api.shapes`` (which gives rules and editions, the same shapes as
``crkb show --json``): an edition flagged newest, and the preview of a referenced rule."""

from __future__ import annotations

from typing import Any

from kb.model import Edition, Rule
from web.api.shapes import edition_view


def edition_json(edition: Edition, newest: bool) -> dict[str, Any]:
    """``web.api.shapes.edition_view`` plus ``"newest"``: whether it is its language's newest edition."""
    return {**edition_view(edition), "newest": newest}


def preview_json(rule: Rule, edition: Edition, href: str) -> dict[str, Any]:
    """What the hover/focus preview shows: ``{"number", "title", "text", "examples", "edition",
    "effective_date", "url"}`` (plain text; the script sets it as text, never as HTML)."""
    return {"number": rule.number, "title": rule.title, "text": rule.text,
            "examples": [e.text for e in rule.examples], "edition": edition.id,
            "effective_date": edition.date_text, "url": href}
