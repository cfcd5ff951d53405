"""Tables as CSV and JSON downloads: the same rows a page shows, in a file."""

import csv
import io
import json

from django.http import HttpResponse


def as_csv(rows: list[dict], filename: str) -> HttpResponse:
    """One row a line under a header of the first row's keys."""
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
    return response


def as_json(rows: list[dict], **about) -> HttpResponse:
    body = json.dumps({**about, "rows": rows}, indent=1)
    return HttpResponse(body, content_type="application/json")
