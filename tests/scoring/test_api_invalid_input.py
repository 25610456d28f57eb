"""The API's answer to input it refuses (422) is in its OpenAPI description, as sent."""

import jsonschema_rs
import pytest

pytestmark = pytest.mark.django_db

REFUSED = [
    "/api/tournaments?page=0",
    "/api/tournaments/%00",
    "/api/tournaments/a.b/events",
    "/api/tournaments/rally/events/0/games?page=x",
    "/api/tournaments/rally/events/99999999999999999999/standings",
    "/api/tournaments/rally/games/x",
    "/api/tournaments/rally/chapters/-1/report",
    "/api/tournaments/rally/activity?page_size=1000",
]


@pytest.fixture
def described(client):
    return client.get("/api/openapi.json").json()


def test_every_operation_documents_its_422_answer(described):
    missing = [
        (method, path)
        for path, operations in described["paths"].items()
        for method, operation in operations.items()
        if "422" not in operation["responses"]
    ]
    assert not missing
    answer = described["paths"]["/api/tournaments"]["get"]["responses"]["422"]
    assert answer["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/InvalidInput"
    }


@pytest.mark.parametrize("path", REFUSED)
def test_each_refusal_is_sent_as_described(official_client, tournament, described, path):
    response = official_client.get(path)
    assert response.status_code == 422
    shape = {"$ref": "#/components/schemas/InvalidInput", "components": described["components"]}
    jsonschema_rs.validate(shape, response.json())
    assert response.json()["detail"][0]["loc"][0] in {"path", "query"}
