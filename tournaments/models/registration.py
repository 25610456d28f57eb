"""Who plays: chapters, players, and roster files being checked."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from ..background import Job
from ..names import clean_name, name_key
from .tournament import NAME_MAX, Tournament


class ChapterQuerySet(models.QuerySet):
    def bulk_create(self, objs, *args, **kwargs):
        """Fill each chapter's name key first: bulk inserts skip `save()`."""
        objs = list(objs)
        for chapter in objs:
            chapter.name_key = name_key(chapter.name)
        return super().bulk_create(objs, *args, **kwargs)


class Chapter(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="chapters")
    name = models.CharField(max_length=NAME_MAX)
    # `tournaments.names.name_key(name)`: two chapters are the same chapter when their keys
    # match, on SQLite and PostgreSQL alike (the database never compares names itself).
    name_key = models.CharField(max_length=4 * NAME_MAX, editable=False)
    code = models.CharField(max_length=12, blank=True)

    objects = ChapterQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "name_key"], name="chapter_name_key_unique"
            ),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.name_key = name_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)

    def clean(self):
        self.name = clean_name(self.name)
        self.name_key = name_key(self.name)
        if not self.name_key:
            raise ValidationError({"name": "Type the chapter's name."})
        clash = Chapter.objects.filter(tournament_id=self.tournament_id, name_key=self.name_key)
        if self.tournament_id and clash.exclude(pk=self.pk).exists():
            raise ValidationError({"name": "This tournament already has a chapter of that name."})


NO_CHAPTER_NAME = "No chapter"  # what a player of no chapter shows for one


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=NAME_MAX)
    chapter = models.ForeignKey(
        Chapter, on_delete=models.PROTECT, related_name="players", null=True, blank=True
    )
    checked_in = models.BooleanField(default=False)
    withdrawn = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        indexes = [models.Index(fields=["tournament", "name"])]

    def __str__(self):
        return self.name

    @property
    def chapter_name(self) -> str:
        return self.chapter.name if self.chapter_id else NO_CHAPTER_NAME


class RosterUpload(Job):
    """A roster file being checked in the background, then imported once.

    READY means checked: `rows` hold what would be imported and `problems` what stops
    it. `imported_at` is set, once only, by the import.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="uploads")
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    filename = models.CharField(max_length=255)
    # The file itself, until it has been checked (a worker may run on another machine).
    data = models.BinaryField(blank=True)
    events = models.JSONField(default=list, blank=True)
    rows = models.JSONField(default=list, blank=True)
    problems = models.JSONField(default=list, blank=True)
    # What reading the file found (kept when the desk checks the rows again later);
    # `problems` adds what the desk finds: names registered, events drawn.
    read_problems = models.JSONField(default=list, blank=True)
    imported_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.filename} ({self.get_status_display()})"

    @property
    def problem_rows(self):
        """Return the problems found, as `tournaments.roster.Problem` (older uploads too),
        in the file's order (those of the whole file first)."""
        from ..roster import Problem

        return sorted((Problem(*problem) for problem in self.problems), key=lambda p: p.line)

    @property
    def stops_the_file(self) -> bool:
        """Whether a problem refuses the whole file, not only some of its lines."""
        return any(not problem.of_line for problem in self.problem_rows)

    @property
    def rows_to_import(self) -> list:
        """Return the rows (line, name, chapter) that pass: none if the file is refused."""
        if self.stops_the_file:
            return []
        refused = {problem.line for problem in self.problem_rows}
        return [row for row in self.rows if row[0] not in refused]

    @property
    def refused_lines(self) -> list[int]:
        return sorted({problem.line for problem in self.problem_rows})

    @property
    def can_import(self) -> bool:
        return (
            self.status == Job.Status.READY
            and self.imported_at is None
            and bool(self.rows_to_import)
        )
