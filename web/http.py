"""What the site adds around every response as a public service: the ``X-KB-Build`` header, and
``/healthz`` (the live build's id and age, JSON; 503 when the KB cannot be served)."""

from __future__ import annotations

import time

from flask import Flask, Response, g, jsonify

from web import state


def register(app: Flask) -> None:
    """Add ``/healthz`` and the per-response headers to ``app``."""
    app.add_url_rule("/healthz", "healthz", healthz)
    app.after_request(_build_header)


def healthz() -> tuple[Response, int]:
    """``{"status": "ok"|"unavailable", "build": id|null, "built": Unix time|null, "age_seconds":
    float|null, "problem": str|null}``; 200 when the live build is served, else 503."""
    live = state.generation()
    age = round(time.time() - live.built, 1) if live.built is not None else None
    body = {"status": "unavailable" if live.problem else "ok", "build": live.build, "built": live.built,
            "age_seconds": age, "problem": live.problem}
    return jsonify(body), 503 if live.problem else 200


def _build_header(response: Response) -> Response:
    generation = g.get("crkb_generation")
    if generation is not None and generation.build:
        response.headers["X-KB-Build"] = generation.build
    return response
