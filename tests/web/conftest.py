"""Fixtures: an app on the web test KB (built once per session) and its test client."""

from __future__ import annotations


import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.webkb import write_web_kb
from web.app import create_app


@pytest.fixture(scope="session")
def web_config(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return write_web_kb(tmp_path_factory.mktemp("webkb"))


@pytest.fixture(scope="session")
def app(web_config: dict) -> Flask:
    return create_app(web_config)


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture()
def search_config(web_config: dict) -> dict:
    return web_config
