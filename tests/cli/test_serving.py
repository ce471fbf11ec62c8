"""``crkb serve`` as a public server (``cli.serving``): 120 slow clients do not lock others out,
huge headers get 431 and big bodies 413 (answers the client can read), and every request is one
JSON line of the access log."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ingest.build import build_kb
from ingest.home import BUNDLED_DATA

CRKB = [sys.executable, "-c", "from cli.main import main; main()"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``crkb serve`` on the seeds KB: ``(port, access log path)``."""
    kb_dir = tmp_path_factory.mktemp("kb")
    assert build_kb([BUNDLED_DATA], kb_dir).published
    port, log = _free_port(), kb_dir / "access.log"
    with open(log, "w") as err:
        run = subprocess.Popen([*CRKB, "serve", "--kb", str(kb_dir), "--port", str(port),
                                "--public-url", "https://rules.example.org"], stdout=subprocess.DEVNULL, stderr=err)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if _get(port, "/healthz") == 200:
                break
        except OSError:
            time.sleep(0.05)
    yield port, log
    run.terminate()
    run.wait(timeout=10)


def _get(port: int, path: str, timeout: float = 5) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def _raw(port: int, data: bytes) -> bytes:
    """Send ``data`` (as fast as the server reads it) and return all the server answered."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        try:
            sock.sendall(data)
        except OSError:
            pass  # the server stopped reading: its answer is still there to read
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
        return answer


def test_120_slow_clients_do_not_lock_others_out(server):
    port, _ = server
    slow = []
    for _ in range(120):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        slow.append(sock)
    try:
        answered = []
        for round_ in range(3):
            for sock in slow:
                sock.sendall(f"X-Slow-{round_}: still here\r\n".encode())
            answered += [_get(port, path) for path in ("/", "/ko/cr/702", "/api/v1/editions", "/healthz")]
            time.sleep(2)
        assert answered == [200] * 12
    finally:
        for sock in slow:
            sock.close()


def test_huge_headers_get_431_and_big_bodies_413(server):
    port, _ = server
    headers = _raw(port, b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 300_000 + b"\r\n\r\n")
    assert headers.startswith(b"HTTP/1.0 431 Request Header Fields Too Large\r\n")
    body = _raw(port, b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 20000000\r\n\r\n" + b"a" * 20_000_000)
    assert body.startswith(b"HTTP/1.1 413 Request Entity Too Large\r\n")
    assert _get(port, "/healthz") == 200


def test_each_request_is_one_json_line_of_the_access_log(server):
    port, log = server
    assert _get(port, "/ko/cr/702?x=1") == 200
    time.sleep(0.2)
    lines = [json.loads(line) for line in Path(log).read_text().splitlines() if line.startswith("{")]
    last = next(line for line in reversed(lines) if line["path"] == "/ko/cr/702?x=1")
    assert set(last) == {"time", "method", "path", "status", "ms", "build", "bytes"}
    assert (last["method"], last["status"]) == ("GET", 200) and last["ms"] > 0 and last["build"]
