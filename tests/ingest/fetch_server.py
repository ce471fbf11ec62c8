"""A publisher on loopback for the ``crkb fetch`` tests: http.server in a thread, serving routes
the test sets (pages with links, raw text files, JSON listings), honouring ``If-None-Match`` with
304, and misbehaving on request (a cut download, a stall)."""

from __future__ import annotations

import gzip
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Route:
    """What a path answers: ``body`` with ``content_type``, an ETag (from the body unless given),
    ``status``; ``cut`` announces more bytes than it sends and closes; ``stall`` seconds of
    silence before answering; ``gzip`` sends the body compressed (``Content-Encoding: gzip``, its
    Content-Length the compressed size), as GitHub's raw files come."""

    body: bytes
    content_type: str = "text/plain; charset=utf-8"
    status: int = 200
    etag: str | None = None
    cut: bool = False
    stall: float = 0.0
    gzip: bool = False


class Publisher:
    """The server: ``routes`` by path, ``log`` of (method, path, status) answered, ``url(path)``."""

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.log: list[tuple[str, str, int]] = []
        publisher = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                publisher.answer(self)

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_port}{path}"

    def answer(self, request: BaseHTTPRequestHandler) -> None:
        route = self.routes.get(request.path)
        if route is None:
            route = Route(b"<html><body>Not found</body></html>", "text/html", status=404)
        if route.stall:
            time.sleep(route.stall)
        etag = route.etag or f'"{hash(route.body) & 0xFFFFFFFF:x}"'
        if route.status == 200 and request.headers.get("If-None-Match") == etag:
            self.log.append(("GET", request.path, 304))
            request.send_response(304)
            request.send_header("ETag", etag)
            request.end_headers()
            return
        self.log.append(("GET", request.path, route.status))
        request.send_response(route.status)
        sent = gzip.compress(route.body) if route.gzip else route.body
        request.send_header("Content-Type", route.content_type)
        request.send_header("Content-Length", str(len(sent)))
        if route.gzip:
            request.send_header("Content-Encoding", "gzip")
        request.send_header("ETag", etag)
        request.end_headers()
        body = sent[: len(sent) // 2] if route.cut else sent
        try:
            request.wfile.write(body)
            request.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return
        if route.cut:
            request.close_connection = True

    def __enter__(self) -> "Publisher":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
