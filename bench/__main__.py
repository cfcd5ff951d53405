"""Benchmarks, run with `make bench`: the engine, the pace of a game between people answering
calls to move, then the web (game page and poll, then the league pages beside the game page,
then a step of a long game's replay) and the mail/deadline figures."""

from bench import async_bench, engine_bench, league_bench, pace, peers, replay_step, web_bench


def main() -> None:
    engine_bench.main()
    peers.main()
    pace.main([])
    web_bench.main()
    league_bench.main()
    replay_step.main()
    async_bench.main()


if __name__ == "__main__":
    main()
