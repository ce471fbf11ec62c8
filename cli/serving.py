"""How ``crkb serve`` runs the site: waitress with the limits of a public site, the public
address, and the JSON access log on standard error.

The limits (measured with ``benchmarks/serve.py`` and ``tests/cli/test_serving.py``):

- ``connection_limit`` 1000 (waitress's default, 100, let 120 slow clients that each send a
  header line every 2 s lock everyone else out: waitress reads requests asynchronously, so an
  idle or slow connection costs a socket, not a thread) with ``asyncore_use_poll`` (``select``
  cannot watch more than 1024 sockets);
- ``channel_timeout`` 30 s: a connection silent that long is closed;
- ``max_request_header_size`` 16 KiB: larger headers are answered 431;
- ``max_request_body_size`` 64 KiB: the site only reads; larger bodies are answered 413;
- ``threads`` 8: on 2 cores more threads only add switching, fewer let one slow search hold
  the queue; ``backlog`` 1024 for bursts.

When the server closes a connection (after a 431, a 413, or ``Connection: close``) it first
shuts its sending side and reads what the client is still sending for up to ``LINGER_SECONDS``
(``LingeringChannel``): closing with unread data makes the kernel reset the connection, and the
client then loses the 431/413 answer it was sent.
"""

from __future__ import annotations

import logging
import socket
import sys
import time
from typing import Any

from waitress.channel import HTTPChannel

LINGER_SECONDS = 2.0

WAITRESS_SETTINGS: dict[str, Any] = {
    "connection_limit": 1000,
    "asyncore_use_poll": True,
    "channel_timeout": 30,
    "max_request_header_size": 16 * 1024,
    "max_request_body_size": 64 * 1024,
    "threads": 8,
    "backlog": 1024,
    "clear_untrusted_proxy_headers": True,
}
"""waitress's settings for ``crkb serve`` (see the module doc for why each)."""


def public_url_for(host: str, port: int, public_url: str | None) -> str:
    """The site's public address: ``public_url`` when given, else ``http://host:port`` (``localhost``
    for a wildcard host)."""
    if public_url:
        return public_url.rstrip("/")
    shown = "localhost" if host in ("0.0.0.0", "::", "") else host
    return f"http://{shown}:{port}"


class LingeringChannel(HTTPChannel):
    """waitress's channel with a lingering close (see the module doc)."""

    draining_until: float | None = None

    def handle_close(self) -> None:
        if self.draining_until is None and self.connected and not self.total_outbufs_len:
            try:
                self.socket.shutdown(socket.SHUT_WR)
            except OSError:
                return super().handle_close()
            self.draining_until = time.monotonic() + LINGER_SECONDS
            self.will_close = self.close_when_flushed = False
            return None
        return super().handle_close()

    def readable(self) -> bool:
        return True if self.draining_until is not None else super().readable()

    def writable(self) -> bool:
        return False if self.draining_until is not None else super().writable()

    def handle_read(self) -> None:
        if self.draining_until is None:
            return super().handle_read()
        try:
            data = self.socket.recv(256 * 1024)
        except OSError:
            data = b""
        if not data or time.monotonic() > self.draining_until:
            self.draining_until = -1.0  # closing for good
            super().handle_close()
        return None


def run(app: Any, host: str, port: int, threads: int | None = None, access_log: bool = True) -> None:
    """Serve ``app`` with waitress on ``host:port`` until interrupted; the access log (one JSON
    line per request, ``web.http``) goes to standard error unless ``access_log`` is False."""
    import waitress  # imported here: the other commands need neither Flask nor waitress

    log = logging.getLogger("crkb.access")
    log.propagate = False
    if access_log:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
    settings = dict(WAITRESS_SETTINGS, **({"threads": threads} if threads else {}))
    server = waitress.create_server(app, host=host, port=port, **settings)
    server.channel_class = LingeringChannel
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
