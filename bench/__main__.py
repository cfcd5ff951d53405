"""Benchmarks, run with `make bench`: the engine, the pace of a game between people answering
calls to move, then the web (game page and poll, then the league pages beside the game page),
the mail/deadline figures, and the calls each player of a daily game gets by channel."""

from bench import async_bench, calls_by_channel, engine_bench, league_bench, pace, peers, web_bench


def main() -> None:
    engine_bench.main()
    peers.main()
    pace.main([])
    web_bench.main()
    league_bench.main()
    async_bench.main()
    calls_by_channel.main([])


if __name__ == "__main__":
    main()
