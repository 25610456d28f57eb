"""bench/hall.py's server side: gunicorn's command line as the README's scale-out runs it,
its workers' CPU and peak memory, PostgreSQL's CPU, a free port, and waiting for the
server to answer."""

import os
import re
import resource
import socket
import sys
import time
import urllib.request
from pathlib import Path

WORKERS = int(os.environ.get("BENCH_WORKERS", "3"))
WORKER_CLASS = os.environ.get("BENCH_WORKER_CLASS", "sync")
THREADS = int(os.environ.get("BENCH_THREADS", "4"))


def gunicorn_command(port: int, data_dir: str) -> list[str]:
    args = [
        str(Path(sys.executable).with_name("gunicorn")),
        "config.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(WORKERS),
        "--worker-class",
        WORKER_CLASS,
        "--log-level",
        "warning",
        "--access-logfile",
        str(Path(data_dir) / "access.log"),
        "--forwarded-allow-ips",
        "*",
    ]
    if WORKER_CLASS == "gthread":
        args += ["--threads", str(THREADS)]
    return args


def workers(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


def cpu_seconds(pids) -> dict[int, float]:
    """CPU seconds (user and system) of each of `pids` still running, by pid."""
    found = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        found[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


def cpu_since(before: dict[int, float], now: dict[int, float]) -> float:
    """CPU seconds spent between two readings of `cpu_seconds`: a process started since
    counts whole; one that ended since is lost (a connection closed: never negative, at
    worst a little low)."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in now.items())


def db_cpu() -> dict[int, float]:
    """CPU seconds of each PostgreSQL backend serving the bench's database, by pid."""
    name = os.environ["DATABASE_URL"].rsplit("/", 1)[-1].encode()
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if name in (entry / "cmdline").read_bytes():
                    pids.append(int(entry.name))
            except OSError:
                continue
    return cpu_seconds(pids)


def workers_peak_mb(master: int) -> float:
    peaks = []
    for pid in workers(master):
        status = Path(f"/proc/{pid}/status").read_text()
        peaks.append(int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)))
    return round(max(peaks) / 1024, 1)


def open_files() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as answer:
        return answer.code


def wait_for(url: str) -> None:
    for _ in range(300):
        try:
            if get(url) == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"gunicorn did not answer at {url}")
