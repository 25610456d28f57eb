"""A small HTTP/1.1 client on asyncio streams, for load generators (127.0.0.1 only).

One process with thousands of phones in it must spend less time on its own requests than
the server spends answering them: no library per request, just the request line and
headers written, the status line, headers and body read. Connections are kept alive when
the server allows it (a gthread worker) and opened afresh when it says `Connection:
close` (gunicorn's sync workers do after every answer).
"""

import asyncio
import time
from dataclasses import dataclass, field


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    ms: float
    cookies: dict[str, str] = field(default_factory=dict)

    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class Client:
    """Requests to one host and port; a pool of idle kept-alive connections."""

    def __init__(self, host: str, port: int, *, timeout: float = 10.0):
        if host not in ("127.0.0.1", "localhost"):
            raise ValueError("the load generator only talks to this machine")
        self.host, self.port, self.timeout = host, port, timeout
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
        self.open_now = 0
        self.open_peak = 0

    async def request(self, method: str, path: str, headers=None, body: bytes = b"") -> Answer:
        """Send one request and read its answer, within `timeout` seconds in all."""
        started = time.perf_counter()
        answer = await asyncio.wait_for(
            self._exchange(method, path, headers or {}, body), self.timeout
        )
        answer.ms = (time.perf_counter() - started) * 1000
        return answer

    async def _exchange(self, method, path, headers, body) -> Answer:
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        head += [f"{name}: {value}" for name, value in headers.items()]
        if body or method == "POST":
            head.append(f"Content-Length: {len(body)}")
        data = ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body
        reused = bool(self.idle)
        reader, writer = self.idle.pop() if reused else await self._connect()
        try:
            writer.write(data)
            answer, keep = await _read_answer(reader, method)
        except (ConnectionError, asyncio.IncompleteReadError):
            self._close(writer)
            if not reused:
                raise
            # A kept connection the server had closed meanwhile: once more on a new one.
            reader, writer = await self._connect()
            try:
                writer.write(data)
                answer, keep = await _read_answer(reader, method)
            except BaseException:
                self._close(writer)
                raise
        except BaseException:
            self._close(writer)
            raise
        if keep:
            self.idle.append((reader, writer))
        else:
            self._close(writer)
        return answer

    async def _connect(self):
        reader, writer = await asyncio.open_connection(self.host, self.port, limit=1 << 20)
        self.open_now += 1
        self.open_peak = max(self.open_peak, self.open_now)
        return reader, writer

    def _close(self, writer) -> None:
        self.open_now -= 1
        writer.close()

    def close(self) -> None:
        while self.idle:
            self._close(self.idle.pop()[1])


async def _read_answer(reader: asyncio.StreamReader, method: str) -> tuple[Answer, bool]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers: dict[str, str] = {}
    cookies: dict[str, str] = {}
    for line in lines[1:]:
        if not line:
            continue
        name, _, value = line.partition(":")
        name, value = name.strip().lower(), value.strip()
        if name == "set-cookie":
            key, _, rest = value.partition("=")
            cookies[key] = rest.split(";", 1)[0]
        headers[name] = value
    if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
        body = b""
    elif "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        body = await _read_chunked(reader)
    else:
        body = await reader.read()
        return Answer(status, headers, body, 0.0, cookies), False
    keep = headers.get("connection", "").lower() != "close"
    return Answer(status, headers, body, 0.0, cookies), keep


async def _read_chunked(reader: asyncio.StreamReader) -> bytes:
    parts = []
    while True:
        size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
        if size == 0:
            await reader.readuntil(b"\r\n")
            return b"".join(parts)
        parts.append(await reader.readexactly(size))
        await reader.readexactly(2)
