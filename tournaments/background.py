"""Background work that a dead broker or a killed worker cannot turn into a 500 or a stuck row.

A page that starts background work (checking a roster file, building an export) keeps
its state in a row: a model inheriting `Job`. Three calls cover it:

    from tournaments import background

    job = RosterUpload.objects.create(...)          # any Job; saved and committed
    if not background.start(job, check_roster_upload):
        ...  # the broker did not take it: job is FAILED with a message; offer a retry

    background.fail_stuck(RosterUpload.objects.filter(tournament=t))   # when showing jobs

- `start(job, task)` marks the job PENDING and sends `task(job.pk)` to Celery, giving
  the broker at most `BACKGROUND_SEND_TIMEOUT` seconds (settings; 2 by default). When
  the message cannot be sent, the job is marked FAILED with `SEND_FAILED` as its error
  and False is returned; the page answers at once with that message and a retry.
  With eager Celery (the embedded default) the task runs inside `start`.
- `fail_stuck(queryset)` marks FAILED every job of the queryset still PENDING
  `BACKGROUND_STUCK_AFTER` seconds (settings; 300 by default) after it was queued: a
  worker that was killed, or never came, leaves no row "being built" for ever.
- A task saves its result with `finish(job_id, model, **fields)`, which changes the row
  only while it is PENDING, so a task that runs late does not overwrite a job already
  marked failed (or retried since).

Call `start` after the job row is committed (a view calls it once its service has
returned), so a worker on another machine can load it.
"""

import logging
import threading
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone

log = logging.getLogger(__name__)

SEND_FAILED = (
    "The background worker could not be reached, so this was not started. "
    "Nothing is lost: try again in a moment."
)
STUCK = (
    "The background worker did not finish this in time (it may have been stopped). "
    "Nothing is lost: try again."
)

# Each send runs in a daemon thread of its own, so a broker that does not answer holds
# that thread (until the broker's socket timeout in settings), never the page, and never
# the process's exit. At most this many sends wait at once; past that, refuse at once.
_waiting_sends = threading.BoundedSemaphore(8)


class Job(models.Model):
    """A piece of background work, as the page that started it sees it."""

    class Status(models.TextChoices):
        PENDING = "pending", "Being prepared"
        READY = "ready", "Ready"
        FAILED = "failed", "Failed"

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    error = models.CharField(max_length=255, blank=True)
    queued_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True

    @property
    def is_pending(self) -> bool:
        return self.status == Job.Status.PENDING

    @property
    def is_failed(self) -> bool:
        return self.status == Job.Status.FAILED


def send_timeout() -> float:
    return float(settings.BACKGROUND_SEND_TIMEOUT)


def stuck_after() -> timedelta:
    return timedelta(seconds=float(settings.BACKGROUND_STUCK_AFTER))


def enqueue(task, *args) -> bool:
    """Send `task(*args)` to Celery; return False, logged, when it cannot be sent in time.

    Never raises and never waits more than `send_timeout()` seconds for the broker. With
    eager Celery the task runs here; a task that raises is logged and counts as not sent.
    """
    if task.app.conf.task_always_eager:
        try:
            task.apply(args=args, throw=True)
        except Exception:
            log.exception("Background task %s failed", task.name)
            return False
        return True
    if not _waiting_sends.acquire(blocking=False):
        log.error("Not sending %s: earlier sends still wait for the broker", task.name)
        return False
    outcome: dict = {}
    done = threading.Event()

    def send():
        try:
            task.apply_async(args=args, retry=False)
            outcome["sent"] = True
        except Exception as exc:
            outcome["error"] = exc
        finally:
            _waiting_sends.release()
            done.set()

    threading.Thread(target=send, name="desk-send", daemon=True).start()
    if not done.wait(send_timeout()):
        log.error("The broker did not take %s within %.1f s", task.name, send_timeout())
        return False
    if "error" in outcome:
        log.error("The broker refused %s: %s", task.name, outcome["error"])
        return False
    return True


def start(job: Job, task) -> bool:
    """Queue `task(job.pk)` for a saved job, marking it PENDING; False when it was not sent.

    When the task could not be sent, the job is FAILED with `SEND_FAILED` as its error.
    The job is reloaded before returning, so it shows what the task did with eager Celery.
    """
    model = type(job)
    model.objects.filter(pk=job.pk).update(
        status=Job.Status.PENDING, error="", queued_at=timezone.now(), finished_at=None
    )
    sent = enqueue(task, job.pk)
    if not sent:
        model.objects.filter(pk=job.pk, status=Job.Status.PENDING).update(
            status=Job.Status.FAILED, error=SEND_FAILED, finished_at=timezone.now()
        )
    job.refresh_from_db()
    return sent and not job.is_failed


def finish(job_id: int, model, **fields) -> bool:
    """Save a task's result on a job still PENDING; return False when it no longer is."""
    fields.setdefault("status", Job.Status.READY)
    fields.setdefault("finished_at", timezone.now())
    return bool(model.objects.filter(pk=job_id, status=Job.Status.PENDING).update(**fields))


def fail(job_id: int, model, error: str) -> bool:
    """Mark a job still PENDING as FAILED with a message an official can read."""
    return finish(job_id, model, status=Job.Status.FAILED, error=error[:255])


def fail_stuck(queryset, *, after: timedelta | None = None) -> int:
    """Mark FAILED the jobs of `queryset` PENDING for longer than `after`; return how many."""
    limit = timezone.now() - (after if after is not None else stuck_after())
    return queryset.filter(status=Job.Status.PENDING, queued_at__lt=limit).update(
        status=Job.Status.FAILED, error=STUCK, finished_at=timezone.now()
    )
