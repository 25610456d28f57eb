"""Eight officials pressing "Try again" on one failed export at once, on PostgreSQL."""

import pytest

from scoring import exports
from scoring.exports import ExportError, request_export
from scoring.models import Export
from scoring.tasks import build_export
from tests.factories import PlayerFactory
from tournaments import background

from .threads import THREADS, run_together

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path


@pytest.mark.parametrize("trial", range(5))
def test_a_failed_export_tried_again_by_eight_at_once_is_built_once(
    postgres, tournament, official, trial
):
    for n in range(40):
        PlayerFactory(tournament=tournament, name=f"Player {n:02d}")
    export = request_export(tournament=tournament, by=official, kind="players")
    Export.objects.filter(pk=export.pk).update(status=Export.Status.FAILED, error="broken")
    export.refresh_from_db()
    built = []
    real_write = exports.write_export

    def counting_write(*args, **kwargs):
        built.append(1)
        return real_write(*args, **kwargs)

    exports.write_export = counting_write
    try:
        results = run_together(
            lambda index: (
                exports.retry_export(export=export) and background.start(export, build_export)
            )
        )
    finally:
        exports.write_export = real_write
    assert results.count(True) == 1, results
    refused = [r for r in results if isinstance(r, ExportError)]
    assert len(refused) == THREADS - 1, results
    assert {str(r) for r in refused} <= {
        "This file is being built again already: wait for it.",
        "Only a failed export can be tried again.",
    }
    assert len(built) == 1
    export.refresh_from_db()
    assert export.status == Export.Status.READY
    assert exports.export_file(export).is_file()


def test_an_export_being_built_again_is_not_tried_again(tournament, official):
    export = request_export(tournament=tournament, by=official, kind="players")
    Export.objects.filter(pk=export.pk).update(status=Export.Status.PENDING)
    with pytest.raises(ExportError, match="being built again already"):
        exports.retry_export(export=export)
