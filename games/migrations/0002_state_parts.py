"""Stored states in the engine's new layout: each expansion's data in its own part (`ext`),
the Bean Duel's discard record there instead of beside the base game's, and the list of seats
whose players resigned."""

from django.db import migrations


def _is_duel(state: dict) -> bool:
    return state["edition"] == "rio-grande" and len(state["names"]) == 2


def _forward(state: dict) -> dict:
    discarded = state.pop("duel_discarded", False)
    state.setdefault("ext", {"duel": {"discarded": discarded}} if _is_duel(state) else {})
    state.setdefault("resigned", [])
    return state


def _backward(state: dict) -> dict:
    ext = state.pop("ext", {})
    state.pop("resigned", None)
    state["duel_discarded"] = ext.get("duel", {}).get("discarded", False)
    return state


def _convert(apps, change) -> None:
    for model in ("Game", "Snapshot"):
        rows = apps.get_model("games", model).objects.filter(state__isnull=False)
        for row in rows.iterator(chunk_size=200):
            row.state = change(row.state)
            row.save(update_fields=["state"])


def forward(apps, schema_editor):
    _convert(apps, _forward)


def backward(apps, schema_editor):
    _convert(apps, _backward)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunPython(forward, backward)]
