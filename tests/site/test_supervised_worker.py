"""The embedded default's worker supervisor: what it does to a queue a crash left broken."""

import json
import os
import time

from bohnanza_site.supervised_worker import set_aside_unreadable


def test_a_message_file_holding_no_json_is_set_aside_and_a_young_one_left_alone(tmp_path, capsys):
    queue = tmp_path / "queue"
    queue.mkdir()
    good = queue / "1_a.celery.msg"
    good.write_text(json.dumps({"body": "…"}))
    half = queue / "2_b.celery.msg"
    half.write_text('{"body": "half wri')
    young = queue / "3_c.celery.msg"
    young.write_text('{"being wri')
    old = time.time() - 60
    for path in (good, half):
        os.utime(path, (old, old))

    moved = set_aside_unreadable(queue)

    assert moved == [tmp_path / "broken" / "2_b.celery.msg"]
    assert sorted(path.name for path in queue.iterdir()) == ["1_a.celery.msg", "3_c.celery.msg"]
    assert "set aside" in capsys.readouterr().err
