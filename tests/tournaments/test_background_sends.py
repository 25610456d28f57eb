"""Sending a task to a live broker: sent, refused, or not tried while others still wait."""

import threading
from types import SimpleNamespace

from tournaments import background


class Task:
    """A task as `enqueue` sees it: a name, its app's eager switch and apply_async."""

    name = "tests.task"

    def __init__(self, refuse=None):
        self.app = SimpleNamespace(conf=SimpleNamespace(task_always_eager=False))
        self.refuse = refuse
        self.sent = []

    def apply_async(self, *, args, retry):
        if self.refuse is not None:
            raise self.refuse
        self.sent.append(args)


def test_a_task_the_broker_takes_is_sent_once():
    task = Task()
    assert background.enqueue(task, 7) is True
    assert task.sent == [(7,)]


def test_a_task_the_broker_refuses_is_logged_and_not_sent(caplog):
    task = Task(refuse=ConnectionError("connection refused"))
    assert background.enqueue(task, 7) is False
    assert "The broker refused tests.task: connection refused" in caplog.text


def test_no_send_is_tried_while_earlier_sends_still_wait_for_the_broker(monkeypatch, caplog):
    monkeypatch.setattr(background, "_waiting_sends", threading.BoundedSemaphore(1))
    background._waiting_sends.acquire()
    task = Task()
    assert background.enqueue(task, 7) is False
    assert task.sent == []
    assert "Not sending tests.task: earlier sends still wait for the broker" in caplog.text
