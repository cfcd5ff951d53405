"""The compiled engine is used only while it was built from the sources as they are now."""

import pytest

from games.engine import compiled


@pytest.fixture
def build(tmp_path, monkeypatch):
    monkeypatch.setattr(compiled, "BUILD", tmp_path)
    monkeypatch.setattr(compiled, "FINGERPRINT", tmp_path / "sources.sha256")
    monkeypatch.delenv("BOHNANZA_ENGINE", raising=False)
    compiled.in_use.cache_clear()
    yield tmp_path
    compiled.in_use.cache_clear()


def test_a_build_of_these_sources_comes_first_on_the_engines_search_path(build):
    build.joinpath("sources.sha256").write_text(compiled.fingerprint() + "\n")

    path = compiled.search_path(["/src/games/engine/bots"], "games.engine.bots")

    assert path == [str(build / "games" / "engine" / "bots"), "/src/games/engine/bots"]


def test_a_build_of_other_sources_is_not_used(build):
    build.joinpath("sources.sha256").write_text("0" * 64 + "\n")

    assert compiled.search_path(["/src/games/engine"], "games.engine") == ["/src/games/engine"]


def test_no_build_or_the_plain_engine_asked_for_runs_python(build, monkeypatch):
    assert compiled.search_path(["/src"], "games.engine") == ["/src"]
    build.joinpath("sources.sha256").write_text(compiled.fingerprint() + "\n")
    monkeypatch.setenv("BOHNANZA_ENGINE", "python")
    compiled.in_use.cache_clear()

    assert compiled.search_path(["/src"], "games.engine") == ["/src"]


def test_an_edited_module_changes_the_fingerprint(tmp_path, monkeypatch):
    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / "rules.py").write_text("CARDS = 104\n")
    monkeypatch.setattr(compiled, "ENGINE", engine)
    before = compiled.fingerprint()

    (engine / "rules.py").write_text("CARDS = 103\n")

    assert compiled.fingerprint() != before
    assert [path.name for path in compiled.sources()] == ["rules.py"]
